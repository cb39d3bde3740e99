# want: TD146 150:3
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Chunk1" {
  attributes = { doc = string }
  key {
    PK = "DOC#${doc}"
    SK = "CHUNK#1"
  }
  workload {
    max_item_size = 400000
  }
  example {
    doc = "d-1"
  }
}
entity "Chunk2" {
  attributes = { doc = string }
  key {
    PK = "DOC#${doc}"
    SK = "CHUNK#2"
  }
  workload {
    max_item_size = 400000
  }
  example {
    doc = "d-1"
  }
}
entity "Chunk3" {
  attributes = { doc = string }
  key {
    PK = "DOC#${doc}"
    SK = "CHUNK#3"
  }
  workload {
    max_item_size = 400000
  }
  example {
    doc = "d-1"
  }
}
entity "Chunk4" {
  attributes = { doc = string }
  key {
    PK = "DOC#${doc}"
    SK = "CHUNK#4"
  }
  workload {
    max_item_size = 400000
  }
  example {
    doc = "d-1"
  }
}
entity "Chunk5" {
  attributes = { doc = string }
  key {
    PK = "DOC#${doc}"
    SK = "CHUNK#5"
  }
  workload {
    max_item_size = 400000
  }
  example {
    doc = "d-1"
  }
}
entity "Chunk6" {
  attributes = { doc = string }
  key {
    PK = "DOC#${doc}"
    SK = "CHUNK#6"
  }
  workload {
    max_item_size = 400000
  }
  example {
    doc = "d-1"
  }
}
entity "Chunk7" {
  attributes = { doc = string }
  key {
    PK = "DOC#${doc}"
    SK = "CHUNK#7"
  }
  workload {
    max_item_size = 400000
  }
  example {
    doc = "d-1"
  }
}
entity "Chunk8" {
  attributes = { doc = string }
  key {
    PK = "DOC#${doc}"
    SK = "CHUNK#8"
  }
  workload {
    max_item_size = 400000
  }
  example {
    doc = "d-1"
  }
}
entity "Chunk9" {
  attributes = { doc = string }
  key {
    PK = "DOC#${doc}"
    SK = "CHUNK#9"
  }
  workload {
    max_item_size = 400000
  }
  example {
    doc = "d-1"
  }
}
entity "Chunk10" {
  attributes = { doc = string }
  key {
    PK = "DOC#${doc}"
    SK = "CHUNK#10"
  }
  workload {
    max_item_size = 400000
  }
  example {
    doc = "d-1"
  }
}
entity "Chunk11" {
  attributes = { doc = string }
  key {
    PK = "DOC#${doc}"
    SK = "CHUNK#11"
  }
  workload {
    max_item_size = 400000
  }
  example {
    doc = "d-1"
  }
}
write_pattern "save_document" {
  transaction {
    put { entity = entity.Chunk1 }
    put { entity = entity.Chunk2 }
    put { entity = entity.Chunk3 }
    put { entity = entity.Chunk4 }
    put { entity = entity.Chunk5 }
    put { entity = entity.Chunk6 }
    put { entity = entity.Chunk7 }
    put { entity = entity.Chunk8 }
    put { entity = entity.Chunk9 }
    put { entity = entity.Chunk10 }
    put { entity = entity.Chunk11 }
  }
}

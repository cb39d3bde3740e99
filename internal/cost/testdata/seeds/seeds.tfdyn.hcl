# The seeds' cost cases (seed 004, "Cost Multipliers"): a 20 KB strongly
# consistent read is 5 RCU, a 10 KB write 10 WCU and another 10 per GSI.

table "app" {
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }

  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    sort_key      = "GSI2SK"
    projection    = "KEYS_ONLY"
  }
}

entity "Blob" {
  table = table.app
  attributes = {
    id   = string
    data = string
  }
  key {
    PK = "BLOB#${id}"
    SK = "BLOB"
  }
  workload {
    items     = 10
    item_size = 20480
  }
}

entity "Doc" {
  table = table.app
  attributes = {
    folder = string
    id     = string
    body   = string
  }
  key {
    PK = "FOLDER#${folder}"
    SK = "DOC#${id}"
  }
  index "GSI1" {
    GSI1PK = "DOC#${id}"
    GSI1SK = "DOC"
  }
  index "GSI2" {
    GSI2PK = "DOCS"
    GSI2SK = "${id}"
  }
  workload {
    items       = 1000
    item_size   = 10240
    writes      = 10
    peak_writes = 20
    partitions  = 100
  }
}

entity "Task" {
  table = table.app
  attributes = {
    project = string
    id      = string
    status  = string
  }
  key {
    PK = "P#${project}"
    SK = "T#${id}"
  }
  example { 
    project = "p1"
    id      = "1"
    status  = "OPEN"
  }
  example {
    project = "p1"
    id      = "2"
    status  = "OPEN"
  }
  example {
    project = "p1"
    id      = "3"
    status  = "OPEN"
  }
  example {
    project = "p1"
    id      = "4"
    status  = "DONE"
  }
}

access_pattern "blob_by_id" {
  entity = entity.Blob
  key {
    PK = "BLOB#${id}"
    SK = "BLOB"
  }
  workload {
    rate        = 2
    consistency = "strong"
  }
}

access_pattern "docs_in_folder" {
  entity = entity.Doc
  key {
    PK = "FOLDER#${folder}"
    SK = begins_with("DOC#")
  }
  workload {
    rate = 4
  }
}

access_pattern "first_docs_in_folder" {
  entity = entity.Doc
  key {
    PK = "FOLDER#${folder}"
    SK = begins_with("DOC#")
  }
  limit = 5
}

access_pattern "open_tasks" {
  entity = entity.Task
  key {
    PK = "P#${project}"
    SK = begins_with("T#")
  }
  filter = status != "DONE"
  example {
    project = "p1"
  }
}

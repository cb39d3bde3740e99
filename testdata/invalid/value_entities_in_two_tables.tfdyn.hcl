# want: TD002 22:1
table "a" {
  partition_key = "PK"
}
table "b" {
  partition_key = "PK"
}
entity "A" {
  table      = table.a
  attributes = { id = string }
  key {
    PK = "A#${id}"
  }
}
entity "B" {
  table      = table.b
  attributes = { id = string }
  key {
    PK = "B#${id}"
  }
}
access_pattern "both" {
  entities = [entity.A, entity.B]
  key {
    PK = "A#${id}"
  }
}

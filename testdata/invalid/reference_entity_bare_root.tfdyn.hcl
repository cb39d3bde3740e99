# want: TD002 16:12
table "app" {
  partition_key = "PK"
}
entity "User" {
  table      = table.app
  attributes = { id = string }
  key {
    PK = "USER#${id}"
  }
  example {
    id = "u1"
  }
}
access_pattern "user" {
  entity = entity
  key {
    PK = "USER#${id}"
  }
}

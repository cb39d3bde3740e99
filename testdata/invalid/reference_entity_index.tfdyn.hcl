# want: TD002 16:18
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
  entity = entity[0]
  key {
    PK = "USER#${id}"
  }
}

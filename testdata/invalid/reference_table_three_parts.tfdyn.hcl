# want: TD002 6:25
table "app" {
  partition_key = "PK"
}
entity "User" {
  table      = table.app.name
  attributes = { id = string }
  key {
    PK = "USER#${id}"
  }
  example {
    id = "u1"
  }
}
access_pattern "user" {
  entity = entity.User
  key {
    PK = "USER#${id}"
  }
}

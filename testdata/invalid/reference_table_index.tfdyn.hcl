# want: TD002 6:21
table "app" {
  partition_key = "PK"
}
entity "User" {
  table      = table[0]
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

# want: TD144 16:8
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
    SK = "PROFILE"
  }
  example {
    id = "u1"
  }
}
accept "TD141" {
  target = entity.User
  reason = "the counter was sharded since"
}

# want: TD010 23:3
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = {
    username = string
    status   = string
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
}
access_pattern "users" {
  entity = entity.User
  inputs = { prefix = string }
  key {
    PK = "USER#${username}"
    SK = begins_with(prefix)
  }
  example {
    username = "alice"
  }
}

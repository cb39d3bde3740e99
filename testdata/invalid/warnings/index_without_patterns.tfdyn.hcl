# want: TD116 5:3
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByLevel" {
    partition_key = "GSI1PK"
    sort_key      = "level"
  }
}
entity "User" {
  attributes = {
    username = string
    level    = number
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  index "ByLevel" {
    GSI1PK = "LEVEL#${username}"
  }
  example {
    username = "alice"
    level    = 2
  }
  example {
    username = "bob"
    level    = 10
  }
}
access_pattern "user" {
  description = "Get a user"
  entity      = entity.User
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
}

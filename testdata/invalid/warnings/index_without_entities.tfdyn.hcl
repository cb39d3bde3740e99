# want: TD115 6:3
# want: TD116 6:3
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByEmail" {
    partition_key = "email"
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

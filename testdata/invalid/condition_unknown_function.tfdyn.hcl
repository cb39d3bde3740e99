# want: TD009 25:10
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}

entity "User" {
  attributes = {
    username = string
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  example {
    username = "alice"
  }
}

access_pattern "users_starting_with" {
  description = "Users by prefix"
  entity      = entity.User
  key {
    PK = "USER#${username}"
    SK = starts_with("PRO")
  }
}

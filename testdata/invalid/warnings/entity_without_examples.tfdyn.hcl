# want: TD121 6:1
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { username = string }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
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

# want: TD001 18:3
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
access_pattern "get_user" {
  entity = entity.User
  limits = 5
  key {
    PK = "USER#${username}"
  }
}

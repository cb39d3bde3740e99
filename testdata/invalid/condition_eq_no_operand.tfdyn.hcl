# want: TD009 19:12
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
  key {
    PK = eq()
  }
}

# want: TD007 16:1
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
  key {
    PK = "USER#${username}"
  }
}

# want: TD005 19:22
# (no follow-on TD006: the loader reports the first mistake only)
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
  inputs = { month = text }
  key {
    PK = "USER#${username}"
    SK = begins_with(month)
  }
}

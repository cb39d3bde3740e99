# want: TD009 20:21
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
    PK = "USER#${username}"
    SK = begins_with("A", "B")
  }
}

# want: TD003 17:28
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
  entities = [entity.User, entity.User]
  key {
    PK = "USER#${username}"
  }
}

# want: TD101 26:3
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
  example {
    username = "alice"
    status   = "OPEN"
  }
  example {
    username = "bob"
    status   = "CLOSED"
  }
}
access_pattern "profiles" {
  entity = entity.User
  key {
    SK = "PROFILE"
  }
}

# want: TD103 28:5
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
access_pattern "users" {
  entity = entity.User
  key {
    PK     = "USER#${username}"
    status = "OPEN"
  }
}

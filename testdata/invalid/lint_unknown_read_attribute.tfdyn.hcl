# want: TD118 26:29
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
access_pattern "user" {
  entity     = entity.User
  attributes = ["username", "emial"]
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
}

# want: TD119 30:12
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = {
    username = string
    level    = number
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  example {
    username = "alice"
    level    = 2
  }
  example {
    username = "bob"
    level    = 10
  }
}
access_pattern "user" {
  entity = entity.User
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  filter = level > 3
}

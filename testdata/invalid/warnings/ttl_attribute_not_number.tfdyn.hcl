# want: TD122 6:19
# want: TD122 12:17
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  ttl           = "expiresAt"
}
entity "User" {
  attributes = {
    username = string
    level    = number
    expiresAt = optional(string)
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
  description = "Get a user"
  entity      = entity.User
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
}

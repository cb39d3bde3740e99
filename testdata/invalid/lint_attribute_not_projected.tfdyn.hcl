# want: TD117 35:17
# want: TD117 35:29
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    projection    = "KEYS_ONLY"
  }
}
entity "User" {
  attributes = {
    username = string
    email    = string
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  index "GSI1" {
    GSI1PK = "EMAIL#${email}"
  }
  example {
    username = "alice"
    email    = "a@example.com"
  }
  example {
    username = "bob"
    email    = "b@example.com"
  }
}
access_pattern "user_by_email" {
  entity     = entity.User
  index      = "GSI1"
  attributes = ["username", "email"]
  key {
    GSI1PK = "EMAIL#${email}"
  }
}

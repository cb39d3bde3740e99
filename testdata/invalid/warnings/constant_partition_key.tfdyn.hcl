# want: TD113 20:14
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
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
  index "GSI1" {
    GSI1PK = "USERS"
    GSI1SK = username
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
access_pattern "users" {
  entity = entity.User
  index  = "GSI1"
  key {
    GSI1PK = "USERS"
  }
}

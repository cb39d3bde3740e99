# want: TD008 19:5
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByEmail" {
    partition_key = "email"
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
  index "ByEmail" {
    email = lower(email)
  }
}

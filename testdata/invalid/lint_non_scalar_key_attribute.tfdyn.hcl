# want: TD106 12:16
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByFlag" {
    partition_key = "active"
  }
}
entity "User" {
  attributes = {
    username = string
    active   = bool
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  example {
    username = "alice"
    active   = true
  }
}

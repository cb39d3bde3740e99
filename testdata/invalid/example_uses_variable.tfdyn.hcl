# want: TD010 13:3
# want: TD010 14:16
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { username = string }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  example {
    username = other
  }
}

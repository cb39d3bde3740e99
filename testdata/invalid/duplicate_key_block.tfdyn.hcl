# want: TD003 12:3
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
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
}

# want: TD007 8:3
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { username = string }
  key {
    PK = "USER#${username}"
  }
}

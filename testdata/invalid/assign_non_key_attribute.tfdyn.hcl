# want: TD008 11:5
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { username = string }
  key {
    PK  = "USER#${username}"
    SK  = "PROFILE"
    GSK = "X"
  }
}

# want: TD007 8:1
# want: TD007 8:1
# want: TD001 10:3
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { username = string }
  keys {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
}

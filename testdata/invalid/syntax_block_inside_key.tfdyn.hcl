# want: TD007 9:3
# want: TD001 11:5
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { username = string }
  key {
    PK = "USER#${username}"
    SK {
    }
  }
}

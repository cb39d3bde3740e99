# want: TD005 10:16
# want: TD007 12:3
# want: TD006 13:18
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = {
    username = stirng
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
}

# want: TD007 9:3
# want: TD011 10:18
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { username = string }
  key {
    PK = "USER#${md5(username)}"
    SK = "PROFILE"
  }
}

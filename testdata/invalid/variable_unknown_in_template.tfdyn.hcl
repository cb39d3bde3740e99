# want: TD007 9:3
# want: TD006 10:18
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { username = string }
  key {
    PK = "USER#${usrname}"
    SK = "PROFILE"
  }
}

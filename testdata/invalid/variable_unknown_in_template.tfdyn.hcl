# want: TD006 10:18
# (no follow-on TD007: the loader reports the first mistake only)
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

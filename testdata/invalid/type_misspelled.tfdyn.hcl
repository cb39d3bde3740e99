# want: TD005 10:16
# (no follow-on TD007: the loader reports the first mistake only)
# (no follow-on TD006: the loader reports the first mistake only)
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

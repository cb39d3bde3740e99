# want: TD011 14:10
# (no follow-on TD007: the loader reports the first mistake only)
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = {
    username = string
    status   = string
  }
  key {
    PK = "USER#${username}"
    SK = status == "OPEN"
  }
}

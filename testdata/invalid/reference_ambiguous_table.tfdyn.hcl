# want: TD004 8:1
table "a" {
  partition_key = "PK"
}
table "b" {
  partition_key = "PK"
}
entity "User" {
  attributes = { username = string }
  key {
    PK = "USER#${username}"
  }
}

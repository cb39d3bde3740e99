# want: TD004 8:1
table "alpha" {
  partition_key = "PK"
}
table "beta" {
  partition_key = "PK"
}
entity "User" {
  attributes = { username = string }
  key {
    PK = "USER#${username}"
  }
}

# want: TD001 6:15
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  key {
    PK = "USER"
    SK = "USER"
  }
}

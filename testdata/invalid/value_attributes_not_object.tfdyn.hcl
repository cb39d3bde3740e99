# want: TD002 7:16
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = ["username"]
  key {
    PK = "USER"
    SK = "USER"
  }
}

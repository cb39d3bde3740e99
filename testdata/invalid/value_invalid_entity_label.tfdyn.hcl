# want: TD002 6:8
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "1User" {
  attributes = { username = string }
}

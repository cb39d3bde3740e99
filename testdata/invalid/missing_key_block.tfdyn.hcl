# want: TD007 7:1
# want: TD007 7:1
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { username = string }
}

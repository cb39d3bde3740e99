# want: TD004 7:16
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  table      = table.ap
  attributes = { username = string }
}

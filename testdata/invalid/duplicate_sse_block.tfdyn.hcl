# want: TD003 5:3
table "app" {
  partition_key = "PK"
  server_side_encryption {}
  server_side_encryption {}
}

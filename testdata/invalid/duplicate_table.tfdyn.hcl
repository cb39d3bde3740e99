# want: TD003 5:7
table "app" {
  partition_key = "PK"
}
table "app" {
  partition_key = "PK"
}

# want: TD001 2:13
table "app" {
  partition_key = "PK"

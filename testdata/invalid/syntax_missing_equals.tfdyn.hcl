# want: TD001 4:13
# want: TD001 5:3
# want: TD001 5:21
table "app" {
  partition_key "PK"
}

# want: TD001 4:3
table "app" {
  partition_key = "PK"
  sortkey       = "SK"
}

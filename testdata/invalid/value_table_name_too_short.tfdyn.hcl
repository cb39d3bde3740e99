# want: TD002 3:19
table "app" {
  name          = "ab"
  partition_key = "PK"
}

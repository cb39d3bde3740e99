# want: TD002 4:19
table "app" {
  partition_key = "PK"
  stream        = "NEW_AND_OLD"
}

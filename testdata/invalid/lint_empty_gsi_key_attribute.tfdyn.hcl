# want: TD127 5:21
table "app" {
  partition_key = "PK"
  global_secondary_index "GSI1" {
    partition_key = ""
  }
}

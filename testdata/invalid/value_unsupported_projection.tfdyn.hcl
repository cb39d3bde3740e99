# want: TD002 6:21
table "app" {
  partition_key = "PK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    projection    = "KEYS"
  }
}

# want: TD002 4:26
table "app" {
  partition_key = "PK"
  global_secondary_index "table" {
    partition_key = "GSI1PK"
  }
}

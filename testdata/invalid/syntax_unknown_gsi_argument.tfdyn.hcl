# want: TD001 6:5
table "app" {
  partition_key = "PK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    projections   = "ALL"
  }
}

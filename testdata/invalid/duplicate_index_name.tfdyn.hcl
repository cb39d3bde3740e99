# want: TD003 8:25
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByDate" {
    partition_key = "GSI1PK"
  }
  local_secondary_index "ByDate" {
    sort_key = "date"
  }
}

# want: TD001 6:5
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "ByDate" {
    partition_key = "PK"
    sort_key      = "date"
  }
}

# want: TD126 6:26
# want: TD126 9:25
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "G" {
    partition_key = "GPK"
  }
  local_secondary_index "LS" {
    sort_key = "LSK"
  }
}

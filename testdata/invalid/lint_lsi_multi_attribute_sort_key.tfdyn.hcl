# want: TD105 6:25
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "ByDay" {
    sort_key = ["year", "day"]
  }
}

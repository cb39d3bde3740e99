# want: TD003 6:29
table "app" {
  partition_key = "PK"
  global_secondary_index "Multi" {
    partition_key = ["tenant", "region"]
    sort_key      = ["day", "day"]
  }
}

# want: TD002 5:21
table "app" {
  partition_key = "PK"
  global_secondary_index "M" {
    partition_key = ["tenant", ""]
  }
}

# want: TD002 5:32
table "app" {
  partition_key = "PK"
  global_secondary_index "M" {
    partition_key = ["tenant", ""]
  }
}

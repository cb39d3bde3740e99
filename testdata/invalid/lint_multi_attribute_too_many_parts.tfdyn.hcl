# want: TD105 5:42
table "app" {
  partition_key = "PK"
  global_secondary_index "Wide" {
    partition_key = ["a", "b", "c", "d", "e"]
  }
}

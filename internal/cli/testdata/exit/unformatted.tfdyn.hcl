table "app" {
  partition_key = "PK"
  sort_key = "SK"
}

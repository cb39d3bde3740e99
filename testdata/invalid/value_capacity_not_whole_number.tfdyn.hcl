# want: TD002 5:20
table "app" {
  partition_key  = "PK"
  billing_mode   = "PROVISIONED"
  read_capacity  = 2.5
  write_capacity = 1
}

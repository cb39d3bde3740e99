# want: TD002 2:1
table "app" {
  partition_key  = "PK"
  billing_mode   = "PROVISIONED"
  read_capacity  = 5
}

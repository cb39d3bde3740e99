# want: TD002 4:19
table "app" {
  partition_key = "PK"
  billing_mode  = "pay_per_request"
}

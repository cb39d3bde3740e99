# want: TD002 8:3
table "app" {
  partition_key  = "PK"
  billing_mode   = "PROVISIONED"
  read_capacity  = 5
  write_capacity = 5

  on_demand_throughput {
    max_read_request_units = 100
  }
}

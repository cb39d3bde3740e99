# want: TD002 10:5
table "app" {
  partition_key  = "PK"
  billing_mode   = "PROVISIONED"
  read_capacity  = 5
  write_capacity = 5

  global_secondary_index "ByStatus" {
    partition_key = "status"
    on_demand_throughput {
      max_write_request_units = 100
    }
  }
}

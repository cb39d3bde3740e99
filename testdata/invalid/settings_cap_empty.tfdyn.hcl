# want: TD002 4:3
table "app" {
  partition_key = "PK"
  on_demand_throughput {}
}

# want: TD002 5:30
table "app" {
  partition_key = "PK"
  warm_throughput {
    read_units_per_second  = 1000
    write_units_per_second = 4000
  }
}

# want: TD002 4:3
table "app" {
  partition_key                 = "PK"
  point_in_time_recovery_period = 7
}

# want: TD002 5:35
table "app" {
  partition_key                 = "PK"
  point_in_time_recovery        = true
  point_in_time_recovery_period = 36
}

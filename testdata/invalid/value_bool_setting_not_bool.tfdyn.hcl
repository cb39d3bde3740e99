# want: TD002 4:28
table "app" {
  partition_key          = "PK"
  point_in_time_recovery = "yes"
}

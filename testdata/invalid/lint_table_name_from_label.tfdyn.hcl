# want: TD125 2:7
table "a" {
  partition_key = "PK"
}

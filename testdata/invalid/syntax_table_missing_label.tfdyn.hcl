# want: TD001 2:7
table {
  partition_key = "PK"
}

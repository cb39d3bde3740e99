# want: TD001 5:21
# (no follow-on TD001 for the table: a file with syntax errors is not decoded)
# (no follow-on TD001 for the missing partition_key either)
table "app" {
  partition_key "PK"
}

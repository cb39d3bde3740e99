# want: TD002 4:3
table "app" {
  partition_key = "PK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    projection    = "INCLUDE"
  }
}

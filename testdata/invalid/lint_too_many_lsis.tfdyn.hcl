# want: TD114 20:3
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "LSI1" {
    sort_key = "s1"
  }
  local_secondary_index "LSI2" {
    sort_key = "s2"
  }
  local_secondary_index "LSI3" {
    sort_key = "s3"
  }
  local_secondary_index "LSI4" {
    sort_key = "s4"
  }
  local_secondary_index "LSI5" {
    sort_key = "s5"
  }
  local_secondary_index "LSI6" {
    sort_key = "s6"
  }
}

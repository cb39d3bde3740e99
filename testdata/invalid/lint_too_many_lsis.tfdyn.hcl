# want: TD114 20:3
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "L1" {
    sort_key = "s1"
  }
  local_secondary_index "L2" {
    sort_key = "s2"
  }
  local_secondary_index "L3" {
    sort_key = "s3"
  }
  local_secondary_index "L4" {
    sort_key = "s4"
  }
  local_secondary_index "L5" {
    sort_key = "s5"
  }
  local_secondary_index "L6" {
    sort_key = "s6"
  }
}

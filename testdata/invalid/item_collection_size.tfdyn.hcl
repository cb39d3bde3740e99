# want: TD142 22:18
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "LSI1" {
    sort_key = "createdAt"
  }
}
entity "Event" {
  attributes = {
    device    = string
    id        = string
    createdAt = string
  }
  key {
    PK = "DEVICE#${device}"
    SK = "EVENT#${id}"
  }
  workload {
    items      = 1000000000
    item_size  = 200
    partitions = 10
  }
  example {
    device    = "d1"
    id        = "e1"
    createdAt = "2026-01-01"
  }
}

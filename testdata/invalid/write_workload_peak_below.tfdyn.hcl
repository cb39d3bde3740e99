# want: TD002 21:17
# want: TD003 23:3
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Order" {
  attributes = {
    username = string
    orderId  = string
  }
  key {
    PK = "CUSTOMER#${username}"
    SK = "ORDER#${orderId}"
  }
}
write_pattern "w" {
  delete { entity = entity.Order }
  workload {
    rate      = 5
    peak_rate = 2
  }
  workload {
    rate = 1
  }
}

# want: TD150 43:16
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "Order" {
  attributes = {
    username  = string
    orderId   = string
    orderDate = string
    status    = string
  }
  key {
    PK = "CUSTOMER#${username}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "CUSTOMER#${username}"
    GSI1SK = "${status}#${orderDate}"
  }
  example {
    username  = "alice"
    orderId   = "o-1"
    orderDate = "2024-05-01"
    status    = "PLACED"
  }
}
access_pattern "orders_by_status" {
  entity = entity.Order
  index  = "GSI1"
  key {
    GSI1PK = "CUSTOMER#${username}"
    GSI1SK = begins_with("${status}#")
  }
}
write_pattern "ship" {
  update {
    entity = entity.Order
    set    = { status = "SHIPPED" }
  }
}

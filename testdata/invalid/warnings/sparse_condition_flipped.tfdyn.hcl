# want: TD151 43:16
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    sort_key      = "GSI2SK"
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
  index "GSI2" {
    when   = status == "OPEN"
    GSI2PK = "OPEN#${username}"
    GSI2SK = "${orderDate}#${orderId}"
  }
  example {
    username  = "alice"
    orderId   = "o-1"
    orderDate = "2024-05-01"
    status    = "OPEN"
  }
}
access_pattern "open_orders" {
  entity = entity.Order
  index  = "GSI2"
  key {
    GSI2PK = "OPEN#${username}"
  }
}
write_pattern "reopen" {
  update {
    entity = entity.Order
    set    = { status = input.status }
  }
}

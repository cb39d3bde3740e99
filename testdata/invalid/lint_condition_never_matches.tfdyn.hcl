# want: TD124 39:5
table "app" {
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    sort_key      = "GSI2SK"
  }
}

entity "Order" {
  attributes = {
    orderId = string
    status  = string
  }
  key {
    PK = "ORDER#${orderId}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    GSI2PK = "STATUS#${status}"
    GSI2SK = "ORDER#${orderId}"
  }
}

access_pattern "order_by_id" {
  entity = entity.Order
  index  = "GSI2"
  key {
    GSI2PK = "ORDER#${orderId}"
  }
}

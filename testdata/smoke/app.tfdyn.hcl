table "app" {
  name          = "shop"
  partition_key = "PK"
  sort_key      = "SK"
  stream        = "NEW_AND_OLD_IMAGES"
  ttl           = "expiresAt"
  point_in_time_recovery = true
  tags = { team = "shop" }

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "SellerOrders" {
    partition_key = ["sellerId", "region"]
    sort_key      = ["orderDate", "category", "orderId"]
    projection    = "INCLUDE"
    include       = ["total"]
  }
}

entity "Order" {
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    total     = number
    sellerId  = string
    region    = string
    category  = string
    note      = optional(string)
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderDate}#${orderId}"
  }
  index "GSI1" {
    when   = status == "OPEN"
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = format("%08d", total)
  }
  example {
    customer = "alice"
    orderId = "o-1"
    orderDate = "2024-05-01"
    status = "OPEN"
    total = 42
    sellerId = "s1"
    region = "eu"
    category = "books"
  }
}

access_pattern "orders_for_customer" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER#")
  }
  order = "desc"
  limit = 20
}
access_pattern "seller_orders_in_month" {
  entity = entity.Order
  index  = "SellerOrders"
  inputs = { month = string }
  key {
    sellerId  = sellerId
    region    = region
    orderDate = begins_with(month)
  }
  example {
    sellerId = "s1"
    region = "eu"
    month = "2024-05"
  }
}

table "app" {
  name                   = "pc-app"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_app" {
  table = table.app
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
}

access_pattern "order_by_id_app" {
  entity = entity.Order_app
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_app" {
  entity = entity.Order_app
  key {
    PK = "CUSTOMER#${customer}"
  }
}

table "mc" {
  name                   = "pc-mc"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  deletion_protection    = false

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  local_secondary_index "ByDate" {
    sort_key = "orderDate"
  }
}

entity "Order_mc" {
  table = table.mc
  attributes = {
    customer  = string
    orderId   = string
    orderDate = string
    status    = string
    expiresAt = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
}

access_pattern "order_by_id_mc" {
  entity = entity.Order_mc
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_mc" {
  entity = entity.Order_mc
  key {
    PK = "CUSTOMER#${customer}"
  }
}

table "single" {
  name          = "pc-single"
  partition_key = "PK"
  sort_key      = "SK"
}

entity "Order_single" {
  table = table.single
  attributes = {
    customer  = string
    orderId   = string
    sellerId  = string
    region    = string
    orderDate = string
    status    = string
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_single" {
  entity = entity.Order_single
  key {
    PK = "CUSTOMER#${customer}"
  }
}
table "only" {
  name          = "pc-only"
  partition_key = "PK"
  sort_key      = "SK"
}

entity "Order_only" {
  table = table.only
  attributes = {
    customer  = string
    orderId   = string
    sellerId  = string
    region    = string
    orderDate = string
    status    = string
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer_only" {
  entity = entity.Order_only
  key {
    PK = "CUSTOMER#${customer}"
  }
}
table "two" {
  name          = "pc-two"
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByStatus" {
    partition_key = "status"
  }
}

entity "Order_two" {
  table = table.two
  attributes = {
    customer  = string
    orderId   = string
    sellerId  = string
    region    = string
    orderDate = string
    status    = string
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "ByStatus" {}
}

access_pattern "orders_for_customer_two" {
  entity = entity.Order_two
  key {
    PK = "CUSTOMER#${customer}"
  }
}
access_pattern "orders_by_status_two" {
  entity = entity.Order_two
  index  = "ByStatus"
  key {
    status = status
  }
}

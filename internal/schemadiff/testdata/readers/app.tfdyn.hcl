# HEAD: changes that break readers.
table "app" {
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  tags                   = { team = "shop" }

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}

entity "Customer" {
  attributes = {
    username = string
    email    = string
  }
  key {
    PK = "CUSTOMER#${username}"
    SK = "PROFILE"
  }
  index "GSI1" {
    GSI1PK = "EMAIL#${email}"
    GSI1SK = "EMAIL#${email}"
  }
  example {
    username = "alice"
    email    = "Alice@example.com"
  }
}

entity "Order" {
  attributes = {
    username  = string
    orderId   = string
    orderDate = string
    status    = string
    total     = number
    expiresAt = optional(number)
  }
  key {
    PK = "CUSTOMER#${username}"
    SK = "ORDER#${orderDate}#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "ORDER#${orderId}"
  }
  example {
    username  = "alice"
    orderId   = "o-1"
    orderDate = "2024-05-01"
    status    = "OPEN"
    total     = 42
  }
}

entity "Product" {
  attributes = {
    productId = string
    category  = string
    title     = string
  }
  key {
    PK = "PRODUCT#${productId}"
    SK = "PRODUCT#${productId}"
  }
  example {
    productId = "p-1"
    category  = "books"
    title     = "Dune"
  }
}

access_pattern "customer_by_email" {
  entity = entity.Customer
  index  = "GSI1"
  key {
    GSI1PK = "EMAIL#${email}"
  }
}

access_pattern "orders_for_customer" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${username}"
    SK = begins_with("ORDER#")
  }
  limit = 50
}

access_pattern "order_by_id" {
  entity = entity.Order
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

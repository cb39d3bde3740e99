# HEAD: additive changes only.
table "app" {
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_AND_OLD_IMAGES"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  tags                   = { team = "shop", cost = "web" }

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }

  global_secondary_index "ByStatus" {
    partition_key = "status"
    sort_key      = "orderDate"
  }
}

entity "Customer" {
  attributes = {
    username = string
    email    = string
    name     = string
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
    name     = "Alice"
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
    note      = optional(string)
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
  order = "desc"
  limit = 20
}

access_pattern "order_by_id" {
  entity = entity.Order
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}

access_pattern "product" {
  entity = entity.Product
  key {
    PK = "PRODUCT#${productId}"
    SK = "PRODUCT#${productId}"
  }
}

entity "Review" {
  attributes = {
    productId = string
    reviewId  = string
    stars     = number
  }
  key {
    PK = "PRODUCT#${productId}"
    SK = "REVIEW#${reviewId}"
  }
  example {
    productId = "p-1"
    reviewId  = "r-1"
    stars     = 5
  }
}

access_pattern "orders_by_status" {
  entity = entity.Order
  index  = "ByStatus"
  key {
    status = status
  }
}

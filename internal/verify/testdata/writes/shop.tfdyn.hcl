table "app" {
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "ByEmail" {
    partition_key = "GSI1PK"
  }
}

entity "Customer" {
  attributes = {
    username = string
    email    = string
    name     = string
    orders   = optional(number)
  }
  unique = ["email"]
  key {
    PK = "CUSTOMER#${username}"
    SK = "PROFILE"
  }
  index "ByEmail" {
    GSI1PK = "EMAIL#${email}"
  }
  example "al" {
    username = "al"
    email    = "al@example.com"
    name     = "Al"
  }
}

entity "Order" {
  attributes = {
    username = string
    orderId  = string
    status   = string
    version  = number
    note     = optional(string)
  }
  key {
    PK = "CUSTOMER#${username}"
    SK = "ORDER#${orderId}"
  }
  example "o1" {
    username = "al"
    orderId  = "o1"
    status   = "OPEN"
    version  = 1
    note     = "gift"
  }
}

access_pattern "customer_by_email" {
  entity      = entity.Customer
  index       = "ByEmail"
  cardinality = "one"
  key {
    GSI1PK = "EMAIL#${email}"
  }
}

access_pattern "customer_orders" {
  entities = [entity.Customer, entity.Order]
  key {
    PK = "CUSTOMER#${username}"
  }
}

write_pattern "register_customer" {
  description = "Create a customer; the username and the e-mail must not be taken"
  repeat      = "fails"
  put {
    entity = entity.Customer
  }
}

write_pattern "update_order_status" {
  description = "Change an order's status if nobody changed it since it was read"
  repeat      = "fails"
  inputs      = { expected_version = number }
  update {
    entity    = entity.Order
    set       = { status = input.status }
    add       = { version = 1 }
    condition = version == input.expected_version
  }
}

write_pattern "place_order" {
  description = "Put an order and count it on its customer"
  transaction {
    put {
      entity    = entity.Order
      condition = attribute_not_exists(PK)
    }
    update {
      entity    = entity.Customer
      add       = { orders = 1 }
      condition = attribute_exists(PK)
    }
  }
}

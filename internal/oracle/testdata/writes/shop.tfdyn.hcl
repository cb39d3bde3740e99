table "app" {
  partition_key = "PK"
  sort_key      = "SK"
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
}

write_pattern "register_customer" {
  description = "Create a customer; the e-mail must not be taken"
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
    remove    = ["note"]
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

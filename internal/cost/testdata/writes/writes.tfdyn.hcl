# Write patterns and their write units (internal/cost/writes_test.go computes every
# figure by hand).
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
    projection    = "KEYS_ONLY"
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
  example {
    username = "alice"
    email    = "a@x.io"
    name     = "Alice"
  }
  example {
    username = "bob"
    email    = "b@x.io"
    name     = "Bob"
  }
  workload {
    items       = 100
    item_size   = 700
    writes      = 1
    peak_writes = 2
  }
}

entity "Order" {
  attributes = {
    customer = string
    orderId  = string
    status   = string
    total    = number
    version  = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "CUSTOMER#${customer}"
    GSI1SK = "STATUS#${status}#${orderId}"
  }
  index "GSI2" {
    when   = status == "OPEN"
    GSI2PK = "OPEN"
    GSI2SK = "${orderId}"
  }
  example {
    customer = "alice"
    orderId  = "o-1"
    status   = "OPEN"
    total    = 10
    version  = 1
  }
  example {
    customer = "alice"
    orderId  = "o-2"
    status   = "CLOSED"
    total    = 20
    version  = 3
  }
  workload {
    items       = 1000
    item_size   = 1500
    writes      = 10
    peak_writes = 20
  }
}

access_pattern "orders_by_status" {
  description = "A customer's orders of one status"
  entity      = entity.Order
  index       = "GSI1"
  key {
    GSI1PK = "CUSTOMER#${customer}"
    GSI1SK = begins_with("STATUS#${status}#")
  }
}

write_pattern "close_order" {
  description = "Close an order if nobody changed it since it was read"
  inputs      = { expected_version = number }
  update {
    entity    = entity.Order
    set       = { status = "CLOSED" }
    add       = { version = 1 }
    condition = version == input.expected_version
  }
  workload {
    rate      = 2
    peak_rate = 10
  }
}

write_pattern "set_status" {
  description = "Set an order's status to any value"
  update {
    entity = entity.Order
    set    = { status = input.status }
  }
  workload {
    rate = 1
  }
}

write_pattern "set_total" {
  description = "Correct an order's total"
  update {
    entity = entity.Order
    set    = { total = input.total }
  }
}

write_pattern "delete_order" {
  description = "Delete an order"
  delete {
    entity = entity.Order
  }
  workload {
    rate = 1
  }
}

write_pattern "register_customer" {
  description = "Create a customer; the e-mail must not be taken"
  put {
    entity = entity.Customer
  }
  workload {
    rate      = 0.5
    peak_rate = 5
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
  workload {
    rate      = 1
    peak_rate = 4
  }
}

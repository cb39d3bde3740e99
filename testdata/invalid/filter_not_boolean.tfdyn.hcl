# want: TD009 27:17
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}

entity "Order" {
  attributes = {
    customer = string
    id       = string
    status   = string
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${id}"
  }
  example {
    customer = "alice"
    id       = "o1"
    status   = "OPEN"
  }
}

access_pattern "orders" {
  description = "Orders of a customer"
  entity      = entity.Order
  filter      = status
  key {
    PK = "CUSTOMER#${customer}"
  }
}

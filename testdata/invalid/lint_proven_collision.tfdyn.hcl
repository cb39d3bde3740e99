# want: TD112 49:5
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Order" {
  attributes = {
    username = string
    orderId  = string
  }
  key {
    PK = "USER#${username}"
    SK = "ORDER#${orderId}"
  }
  example {
    username = "alice"
    orderId  = "o1"
  }
  example {
    username = "alice"
    orderId  = "o2"
  }
}
entity "OrderNote" {
  attributes = {
    username = string
    orderId  = string
    note     = string
  }
  key {
    PK = "USER#${username}"
    SK = "ORDER#${orderId}#NOTE"
  }
  example {
    username = "alice"
    orderId  = "o1"
    note     = "gift"
  }
  example {
    username = "bob"
    orderId  = "o3"
    note     = "fragile"
  }
}
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "USER#${username}"
    SK = begins_with("ORDER#")
  }
}

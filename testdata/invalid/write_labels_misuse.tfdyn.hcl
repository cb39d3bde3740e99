# want: TD003 22:9
# want: TD006 34:32
# want: TD006 35:31
# want: TD003 42:9
# want: TD001 45:13
table "shop" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "OrderItem" {
  attributes = { orderId = string, productId = string, Quantity = number }
  key {
    PK = "ORDER#${orderId}"
    SK = "PRODUCT#${productId}"
  }
}
write_pattern "two_labels_alike" {
  transaction {
    put "line" {
      entity = entity.OrderItem
    }
    put "line" {
      entity = entity.OrderItem
    }
  }
}
write_pattern "ambiguous" {
  transaction {
    put "a" {
      entity = entity.OrderItem
    }
    update "b" {
      entity = entity.OrderItem
      set       = { Quantity = input.a.Quantiy }
      condition = Quantity != input.productId
    }
  }
}
write_pattern "label_is_input" {
  inputs = { line = string }
  transaction {
    put "line" {
      entity = entity.OrderItem
    }
    put "x" "y" {
      entity = entity.OrderItem
    }
  }
}

# want: TD157 30:5
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Order" {
  attributes = {
    id     = string
    status = string
    total  = number
  }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER"
  }
  example {
    id     = "o-1"
    status = "OPEN"
    total  = 0
  }
}
write_pattern "close_order" {
  description = "Close an order and count the closing"
  repeat      = "succeeds"
  transaction {
    update {
      entity = entity.Order
      set    = { status = "CLOSED" }
    }
    update {
      entity = entity.Order
      add    = { total = 1 }
    }
  }
}

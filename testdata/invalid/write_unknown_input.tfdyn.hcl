# want: TD006 22:25
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
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
write_pattern "w" {
  update {
    entity = entity.Order
    set    = { status = input.stauts }
  }
}

# want: TD009 24:17
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
  inputs = { expected_version = number, next = number }
  update {
    entity    = entity.Order
    set       = { status = input.status }
    condition = version + 1 == input.next
  }
}

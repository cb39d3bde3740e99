# want: TD149 24:16
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
    PK = "CUSTOMER#${username}"
    SK = "ORDER#${orderId}"
  }
  example {
    username = "alice"
    orderId  = "o-1"
  }
}
write_pattern "reassign_order" {
  inputs = { new_owner = string }
  update {
    entity = entity.Order
    set    = { username = input.new_owner }
  }
}

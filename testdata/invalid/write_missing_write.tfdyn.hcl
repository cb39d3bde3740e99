# want: TD007 19:1
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
  description = "nothing"
}

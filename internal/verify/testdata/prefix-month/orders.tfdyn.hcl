# A month prefix without a delimiter after it is right: every month has the
# same width, so begins_with("ORDER#2024-01") reads January's orders only.
# verify's generated months ("2024-01-g003") would say otherwise; VF256
# does not count them.
table "shop" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Order" {
  attributes = { customer = string, month = string, id = string }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${month}#${id}"
  }
  example "jan" {
    customer = "alice"
    month    = "2024-01"
    id       = "o-1"
  }
  example "oct" {
    customer = "alice"
    month    = "2024-10"
    id       = "o-2"
  }
}
access_pattern "orders_in_month" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER#${month}")
  }
}

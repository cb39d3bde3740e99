# want: TD002 8:32
# An index whose key fails to load: only its TD002, no "unknown index" TD004
# for the entity's index block or the pattern that reads it.
table "shop" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByCustomer" {
    partition_key = ["GSI1PK", ""]
  }
}
entity "Order" {
  attributes = {
    id       = string
    customer = string
  }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER"
  }
  index "ByCustomer" {
    GSI1PK = "CUSTOMER#${customer}"
  }
  example {
    id       = "o1"
    customer = "c1"
  }
}
access_pattern "orders_by_customer" {
  entity = entity.Order
  index  = "ByCustomer"
  key {
    GSI1PK = "CUSTOMER#${customer}"
  }
}

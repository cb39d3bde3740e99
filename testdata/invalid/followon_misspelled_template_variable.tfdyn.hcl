# want: TD006 24:26
# One misspelled name in a template: only TD006 is reported (no "entity has
# no example block" TD121, no "no template for key attribute" TD010, no
# "add an index block" TD120 or TD115, no "index without patterns" TD116).
table "shop" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByCustomer" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "Order" {
  attributes = {
    id       = string
    customer = string
    placed   = string
  }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER"
  }
  index "ByCustomer" {
    GSI1PK = "CUSTOMER#${custmer}"
    GSI1SK = "ORDER#${placed}"
  }
  example {
    id       = "o1"
    customer = "c1"
    placed   = "2024-01-01"
  }
  example {
    id       = "o2"
    customer = "c1"
    placed   = "2024-01-02"
  }
  example {
    id       = "o3"
    customer = "c2"
    placed   = "2024-01-03"
  }
  example {
    id       = "o4"
    customer = "c2"
    placed   = "2024-01-04"
  }
  example {
    id       = "o5"
    customer = "c3"
    placed   = "2024-01-05"
  }
}
access_pattern "orders_by_customer" {
  entity = entity.Order
  index  = "ByCustomer"
  key {
    GSI1PK = "CUSTOMER#${customer}"
  }
}
access_pattern "order" {
  entity = entity.Order
  key {
    PK = "ORDER#${id}"
    SK = "ORDER"
  }
}

# A sparse GSI of open orders. open_order opens a draft: its condition says
# every call that succeeds finds a draft and brings it into GSI2, whatever
# the other example items are.
table "app" {
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    sort_key      = "GSI2SK"
    projection    = "KEYS_ONLY"
  }
}

entity "Order" {
  attributes = {
    customer = string
    orderId  = string
    status   = string
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    when   = status == "OPEN"
    GSI2PK = "OPEN#${customer}"
    GSI2SK = "ORDER#${orderId}"
  }
  workload {
    items = 1000
  }
  example "o1" {
    customer = "ann"
    orderId  = "o1"
    status   = "OPEN"
  }
  example "o2" {
    customer = "ann"
    orderId  = "o2"
    status   = "OPEN"
  }
  example "o3" {
    customer = "bob"
    orderId  = "o3"
    status   = "SHIPPED"
  }
  example "o4" {
    customer = "bob"
    orderId  = "o4"
    status   = "SHIPPED"
  }
  example "o5" {
    customer = "cid"
    orderId  = "o5"
    status   = "DRAFT"
  }
}

access_pattern "open_orders" {
  entity = entity.Order
  index  = "GSI2"
  key {
    GSI2PK = "OPEN#${customer}"
  }
  example {
    customer      = "ann"
    returns_count = 2
  }
}

write_pattern "open_order" {
  description = "Open a draft order"
  repeat      = "fails"
  update {
    entity    = entity.Order
    set       = { status = "OPEN" }
    condition = status == "DRAFT"
  }
  workload {
    rate = 10
  }
}

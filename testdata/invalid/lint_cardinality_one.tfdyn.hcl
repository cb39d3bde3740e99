# want: TD137 36:17
# want: TD153 36:17
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "Customer" {
  attributes = {
    username = string
    email    = string
  }
  key {
    PK = "CUSTOMER#${username}"
    SK = "CUSTOMER#${username}"
  }
  index "GSI1" {
    GSI1PK = "EMAIL#${lower(email)}"
    GSI1SK = "EMAIL#${lower(email)}"
  }
  example "alice" {
    username = "alice"
    email    = "Alice@example.com"
  }
  example "alice2" {
    username = "alice2"
    email    = "alice@example.com"
  }
}
access_pattern "customer_by_email" {
  entity      = entity.Customer
  index       = "GSI1"
  cardinality = "one"
  key {
    GSI1PK = "EMAIL#${lower(email)}"
    GSI1SK = "EMAIL#${lower(email)}"
  }
}

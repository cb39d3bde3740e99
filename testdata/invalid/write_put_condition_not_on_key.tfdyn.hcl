# want: TD147 23:17
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Customer" {
  attributes = {
    username = string
    email    = string
  }
  key {
    PK = "CUSTOMER#${username}"
    SK = "PROFILE"
  }
  example {
    username = "alice"
    email    = "alice@example.com"
  }
}
write_pattern "register" {
  put {
    entity    = entity.Customer
    condition = attribute_not_exists(email)
  }
}

# want: TD145 24:16
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Customer" {
  attributes = {
    username = string
    email    = string
  }
  unique = ["email"]
  key {
    PK = "CUSTOMER#${username}"
    SK = "PROFILE"
  }
  example {
    username = "alice"
    email    = "alice@example.com"
  }
}
write_pattern "change_email" {
  update {
    entity = entity.Customer
    set    = { email = input.email }
  }
}

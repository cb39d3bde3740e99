# want: TD003 21:5
# want: TD008 22:5
# want: TD006 23:24
# want: TD006 24:24
# want: TD011 25:18
# want: TD006 28:22
# want: TD002 38:16
# want: TD008 47:16
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByType" {
    partition_key = "GSI1PK"
  }
}
entity "Customer" {
  attributes = { id = string, email = string }
  computed = {
    EntityType = "customer"
    EmailLower = lower(email)
    email      = "x"
    GSI1PK     = "CUSTOMER"
    Shouting   = upper(EmailLower)
    Typo       = lower(emial)
    Tags       = [email]
  }
  key {
    PK = "CUSTOMER#${EmailLower}"
    SK = "PROFILE"
  }
  example {
    id    = "c1"
    email = "c1@example.com"
  }
}
entity "Broken" {
  attributes = { id = string }
  computed   = "nope"
  key {
    PK = "B#${id}"
    SK = "B"
  }
}
write_pattern "rename_type" {
  update {
    entity = entity.Customer
    set    = { EntityType = "client" }
  }
}

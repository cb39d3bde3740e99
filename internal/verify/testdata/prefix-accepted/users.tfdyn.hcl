# A deliberate prefix search: "Ann" finds Ann and Anna. lint TD154 says so,
# the schema accepts it with a reason, and verify does not fail it (VF256).
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { org = string, name = string, id = string }
  key {
    PK = "ORG#${org}"
    SK = "NAME#${name}#${id}"
  }
  example "ann" {
    org  = "acme"
    name = "Ann"
    id   = "u-1"
  }
  example "anna" {
    org  = "acme"
    name = "Anna"
    id   = "u-2"
  }
}
access_pattern "users_by_name_prefix" {
  entity = entity.User
  key {
    PK = "ORG#${org}"
    SK = begins_with("NAME#${name}")
  }
}
accept "TD154" {
  target = access_pattern.users_by_name_prefix
  reason = "type-ahead search: a name prefix finds every longer name"
}

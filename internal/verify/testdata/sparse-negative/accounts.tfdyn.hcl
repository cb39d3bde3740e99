# A sparse index tested both ways: suspended accounts are in GSI1, active
# ones are not. The pattern's second example declares that it finds
# nothing (returns = []), the negative case that proves the index sparse.
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}

entity "Account" {
  attributes = {
    id     = string
    status = string
  }
  key {
    PK = "ACCOUNT#${id}"
    SK = "ACCOUNT"
  }
  index "GSI1" {
    when   = status == "SUSPENDED"
    GSI1PK = "STATUS#${status}"
    GSI1SK = "ACCOUNT#${id}"
  }
  example "a1" {
    id     = "a1"
    status = "SUSPENDED"
  }
  example "a2" {
    id     = "a2"
    status = "ACTIVE"
  }
}

access_pattern "accounts_in_status" {
  description = "Accounts in a status (only suspended ones are indexed)"
  entity      = entity.Account
  index       = "GSI1"
  key {
    GSI1PK = "STATUS#${status}"
  }
  example {
    status  = "SUSPENDED"
    returns = [entity.Account.example["a1"]]
  }
  example {
    status  = "ACTIVE"
    returns = []
  }
}

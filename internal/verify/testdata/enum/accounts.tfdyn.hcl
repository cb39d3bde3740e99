# Accounts with an enumerated status: GSI1 lists the accounts of a status
# (sparse: closed accounts leave it), a write pattern moves an account to
# another status under optimistic locking.
table "accounts" {
  name          = "accounts"
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}

entity "Account" {
  attributes = {
    id      = string
    status  = enum("active", "suspended", "pending", "closed")
    plan    = optional(enum("free", "pro"))
    version = number
  }
  key {
    PK = "ACCOUNT#${id}"
    SK = "ACCOUNT"
  }
  index "GSI1" {
    when   = status != "closed"
    GSI1PK = "STATUS#${status}"
    GSI1SK = "ACCOUNT#${id}"
  }
  example "a1" {
    id      = "a1"
    status  = "active"
    plan    = "pro"
    version = 1
  }
  example "a2" {
    id      = "a2"
    status  = "pending"
    version = 1
  }
  example "a3" {
    id      = "a3"
    status  = "closed"
    plan    = "free"
    version = 3
  }
  example "a4" {
    id      = "a4"
    status  = "active"
    plan    = "pro"
    version = 2
  }
}

access_pattern "account_by_id" {
  description = "An account by id"
  entity      = entity.Account
  cardinality = "one"
  key {
    PK = "ACCOUNT#${id}"
    SK = "ACCOUNT"
  }
  example {
    id      = "a1"
    returns = [entity.Account.example["a1"]]
  }
}

access_pattern "accounts_in_status" {
  description = "Open accounts in a status"
  entity      = entity.Account
  index       = "GSI1"
  key {
    GSI1PK = "STATUS#${status}"
  }
  example {
    status  = "active"
    returns = [entity.Account.example["a1"], entity.Account.example["a4"]]
  }
}

access_pattern "pro_accounts_in_status" {
  description = "Open pro accounts in a status"
  entity      = entity.Account
  index       = "GSI1"
  key {
    GSI1PK = "STATUS#${status}"
  }
  filter = plan == "pro"
  example {
    status  = "active"
    returns = [entity.Account.example["a1"], entity.Account.example["a4"]]
  }
}

write_pattern "change_status" {
  description = "Move an account to another status if nobody changed it since it was read"
  inputs      = { expected_version = number }
  repeat      = "fails"
  update {
    entity    = entity.Account
    set       = { status = input.status }
    add       = { version = 1 }
    condition = version == input.expected_version && status != "closed"
  }
}

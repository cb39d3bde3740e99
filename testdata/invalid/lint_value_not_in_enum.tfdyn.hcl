# want: TD152 24:24
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
    status = enum("active", "suspended", "pending")
  }
  key {
    PK = "ACCOUNT#${id}"
    SK = "ACCOUNT"
  }
  example {
    id     = "a1"
    status = "active"
  }
  index "GSI1" {
    when   = status == "Active"
    GSI1PK = "STATUS#${status}"
    GSI1SK = "ACCOUNT#${id}"
  }
}
access_pattern "accounts_in_status" {
  description = "Accounts in a status"
  entity      = entity.Account
  index       = "GSI1"
  key {
    GSI1PK = "STATUS#${status}"
  }
  example {
    status  = "active"
    returns = []
  }
}

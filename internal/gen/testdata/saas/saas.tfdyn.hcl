# A multi-tenant SaaS (a design first seen by the generators in a probe):
# users with a unique e-mail and a quoted attribute name, tickets in a
# sparse index of multi-attribute keys one of which a template writes, an
# assignee index of a quoted key attribute (keys only), computed
# discriminators, an update that removes an attribute and leaves both
# indexes, and a limit.
table "saas" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "OpenByPriority" {
    partition_key = ["tenant", "openQueue"]
    sort_key      = ["priority", "opened"]
  }
  global_secondary_index "ByAssignee" {
    partition_key = "Assignee Key"
    sort_key      = "opened"
    projection    = "KEYS_ONLY"
  }
}

entity "User" {
  attributes = {
    tenant         = string
    email          = string
    "Display Name" = string
    role           = string
  }
  computed = {
    kind = "user"
  }
  unique = ["email"]
  key {
    PK = "T#${tenant}"
    SK = "U#${lower(email)}"
  }
  example "ann" {
    tenant = "acme"
    email  = "Ann@acme.io"
    values = { "Display Name" = "Ann A." }
    role   = "admin"
  }
  example "bo" {
    tenant = "acme"
    email  = "bo@acme.io"
    values = { "Display Name" = "Bo" }
    role   = "agent"
  }
}

entity "Ticket" {
  attributes = {
    tenant   = string
    id       = string
    queue    = string
    priority = number
    opened   = string
    status   = string
    assignee = optional(string)
    tags     = optional(set(string))
  }
  computed = {
    kind = "ticket"
  }
  key {
    PK = "T#${tenant}"
    SK = "TK#${id}"
  }
  index "OpenByPriority" {
    when = status == "open"
    key  = { openQueue = "${queue}" }
  }
  index "ByAssignee" {
    when = assignee != null
    key  = { "Assignee Key" = "${tenant}#${assignee}" }
  }
  example "t1" {
    tenant   = "acme"
    id       = "t1"
    queue    = "billing"
    priority = 1
    opened   = "2025-03-01"
    status   = "open"
    assignee = "bo"
    tags     = ["vip"]
  }
  example "t2" {
    tenant   = "acme"
    id       = "t2"
    queue    = "billing"
    priority = 2
    opened   = "2025-03-02"
    status   = "open"
  }
  example "t3" {
    tenant   = "acme"
    id       = "t3"
    queue    = "billing"
    priority = 1
    opened   = "2025-03-03"
    status   = "closed"
    assignee = "bo"
  }
}

access_pattern "user" {
  entity = entity.User
  key {
    PK = "T#${tenant}"
    SK = "U#${lower(email)}"
  }
  example {
    tenant  = "acme"
    email   = "ANN@acme.io"
    returns = [entity.User.example["ann"]]
  }
}

access_pattern "open_queue" {
  entity = entity.Ticket
  index  = "OpenByPriority"
  key {
    tenant    = tenant
    openQueue = queue
    priority  = priority
  }
  example {
    tenant   = "acme"
    queue    = "billing"
    priority = 1
    returns  = [entity.Ticket.example["t1"]]
  }
}

access_pattern "assigned" {
  entity = entity.Ticket
  index  = "ByAssignee"
  key = {
    "Assignee Key" = "${tenant}#${assignee}"
    opened         = begins_with("2025-03")
  }
  order = "desc"
  example {
    tenant   = "acme"
    assignee = "bo"
    returns  = [entity.Ticket.example["t3"], entity.Ticket.example["t1"]]
  }
}

access_pattern "tenant_users" {
  entity = entity.User
  key {
    PK = "T#${tenant}"
    SK = begins_with("U#")
  }
  limit = 1
  example {
    tenant        = "acme"
    returns_count = 1
  }
}

write_pattern "invite_user" {
  repeat = "fails"
  put {
    entity = entity.User
  }
}

write_pattern "open_ticket" {
  repeat = "fails"
  put {
    entity    = entity.Ticket
    condition = attribute_not_exists(PK)
  }
}

write_pattern "assign" {
  inputs = { to = string }
  update {
    entity    = entity.Ticket
    set       = { assignee = input.to }
    condition = status == "open"
  }
}

write_pattern "close" {
  update {
    entity    = entity.Ticket
    set       = { status = "closed" }
    remove    = ["assignee"]
    condition = attribute_exists(PK) && status != "closed"
  }
}

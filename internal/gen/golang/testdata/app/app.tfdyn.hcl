# A schema written to reach the edges of the generated client: every read
# form (GetItem with a projection, a multi-entity query, a filter over an
# input, limit and order, between, a sparse INCLUDE index, a KEYS_ONLY LSI,
# a multi-attribute GSI at several depths, cardinality one) and every
# write form (a put guarded by a unique attribute, its swap and its
# delete, an update that moves an item into and out of a sparse index, an
# update that always takes it out, a transaction, collections and objects
# written from inputs). Its contract test runs live against DynamoDB Local.

table "app" {
  name          = "app"
  billing_mode  = "PAY_PER_REQUEST"
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "ByStatus" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }

  global_secondary_index "Open" {
    partition_key = "OpenPK"
    sort_key      = "OpenSK"
    projection    = "INCLUDE"
    include       = ["title", "size"]
  }

  global_secondary_index "ByRegion" {
    partition_key = ["owner", "region"]
    sort_key      = ["size", "date", "id"]
  }

  local_secondary_index "ByDate" {
    sort_key   = "date"
    projection = "KEYS_ONLY"
  }
}

entity "Account" {
  table = table.app
  attributes = {
    owner   = string
    email   = string
    name    = string
    plan    = enum("FREE", "PRO")
    tags    = optional(list(string))
    limits  = optional(map(number))
    profile = optional(object({ bio = string, age = optional(number) }))
  }
  unique = ["email"]
  key {
    PK = "ACCOUNT#${owner}"
    SK = "ACCOUNT"
  }
  example "ann" {
    owner   = "ann"
    email   = "ann@example.com"
    name    = "Ann"
    plan    = "PRO"
    tags    = ["admin", "ops"]
    limits  = { tickets = 10 }
    profile = { bio = "Runs the desk" }
  }
  example "bob" {
    owner = "bob"
    email = "bob@example.com"
    name  = "Bob"
    plan  = "FREE"
  }
}

entity "Ticket" {
  table = table.app
  attributes = {
    owner   = string
    id      = string
    status  = enum("OPEN", "CLOSED")
    title   = string
    size    = number
    date    = string
    region  = string
    version = number
    urgent  = optional(bool)
    note    = optional(string)
  }
  key {
    PK = "ACCOUNT#${owner}"
    SK = "TICKET#${id}"
  }
  index "ByStatus" {
    GSI1PK = "STATUS#${status}"
    GSI1SK = "${date}#${id}"
  }
  index "Open" {
    when   = status == "OPEN"
    OpenPK = "OPEN#${owner}"
    OpenSK = "${date}#${id}"
  }
  example "t1" {
    owner   = "ann"
    id      = "t1"
    status  = "OPEN"
    title   = "Printer jam"
    size    = 3
    date    = "2024-07-01"
    region  = "eu"
    version = 1
    urgent  = true
  }
  example "t2" {
    owner   = "ann"
    id      = "t2"
    status  = "CLOSED"
    title   = "Badge"
    size    = 1
    date    = "2024-07-02"
    region  = "eu"
    version = 3
    note    = "done"
  }
  example "t3" {
    owner   = "ann"
    id      = "t3"
    status  = "OPEN"
    title   = "Desk"
    size    = 5
    date    = "2024-07-03"
    region  = "us"
    version = 1
  }
  example "t4" {
    owner   = "bob"
    id      = "t4"
    status  = "OPEN"
    title   = "Chair"
    size    = 2
    date    = "2024-06-30"
    region  = "eu"
    version = 1
    urgent  = false
  }
}

access_pattern "account" {
  entity     = entity.Account
  key {
    PK = "ACCOUNT#${owner}"
    SK = "ACCOUNT"
  }
  attributes = ["name", "email", "plan"]
  workload {
    rate        = 1
    consistency = "strong"
  }
  example {
    owner   = "ann"
    returns = [entity.Account.example["ann"]]
  }
}

access_pattern "owner_page" {
  description = "An account and its tickets in one request"
  entities    = [entity.Account, entity.Ticket]
  key {
    PK = "ACCOUNT#${owner}"
  }
}

access_pattern "tickets_of_owner" {
  entity = entity.Ticket
  inputs = { skip = string }
  key {
    PK = "ACCOUNT#${owner}"
    SK = begins_with("TICKET#")
  }
  filter = (urgent || size >= 3) && status != input.skip
  order  = "desc"
  limit  = 2
  example {
    owner   = "ann"
    skip    = "CLOSED"
    returns = [entity.Ticket.example["t3"]]
  }
}

access_pattern "ticket" {
  entity      = entity.Ticket
  index       = "ByStatus"
  cardinality = "one"
  key {
    GSI1PK = "STATUS#${status}"
    GSI1SK = "${date}#${id}"
  }
}

access_pattern "tickets_by_status" {
  entity = entity.Ticket
  index  = "ByStatus"
  inputs = {
    from = string
    to   = string
  }
  key {
    GSI1PK = "STATUS#${status}"
    GSI1SK = between(from, "${to}#~")
  }
  example {
    status  = "OPEN"
    from    = "2024-07-01"
    to      = "2024-07-03"
    returns = [entity.Ticket.example["t1"], entity.Ticket.example["t3"]]
  }
}

access_pattern "open_tickets" {
  entity = entity.Ticket
  index  = "Open"
  key {
    OpenPK = "OPEN#${owner}"
  }
}

access_pattern "tickets_in_region" {
  entity = entity.Ticket
  index  = "ByRegion"
  inputs = { month = string }
  key {
    owner  = owner
    region = region
    size   = size
    date   = begins_with(month)
  }
  example {
    owner   = "ann"
    region  = "eu"
    size    = 3
    month   = "2024-07"
    returns = [entity.Ticket.example["t1"]]
  }
}

access_pattern "big_tickets" {
  entity = entity.Ticket
  index  = "ByRegion"
  key {
    owner  = owner
    region = region
    size   = gt(2)
  }
  order = "desc"
}

access_pattern "tickets_since" {
  entity = entity.Ticket
  index  = "ByDate"
  inputs = { from = string }
  key {
    PK   = "ACCOUNT#${owner}"
    date = gte(from)
  }
  example {
    owner   = "ann"
    from    = "2024-07-02"
    returns = [entity.Ticket.example["t2"], entity.Ticket.example["t3"]]
  }
}

write_pattern "open_account" {
  repeat = "fails"
  put {
    entity = entity.Account
  }
}

write_pattern "change_email" {
  repeat = "fails"
  update {
    entity    = entity.Account
    set       = { email = input.email }
    condition = email == input.current_email
  }
}

write_pattern "set_tags" {
  update {
    entity = entity.Account
    set    = { tags = input.tags, limits = input.limits }
  }
}

write_pattern "file_ticket" {
  repeat = "fails"
  put {
    entity    = entity.Ticket
    condition = attribute_not_exists(PK)
  }
}

write_pattern "close_ticket" {
  repeat = "fails"
  inputs = { seen = number }
  update {
    entity    = entity.Ticket
    set       = { status = "CLOSED", title = input.title }
    add       = { version = 1 }
    remove    = ["note"]
    condition = version == input.seen
  }
}

write_pattern "set_status" {
  update {
    entity    = entity.Ticket
    set       = { status = input.status }
    condition = date == input.date
  }
}

write_pattern "move_ticket" {
  transaction {
    delete {
      entity    = entity.Ticket
      condition = attribute_exists(PK)
    }
    update {
      entity    = entity.Account
      set       = { name = input.name }
      condition = attribute_exists(PK)
    }
  }
}

# Last: it deletes the account the other writes need.
write_pattern "close_account" {
  repeat = "fails"
  delete {
    entity = entity.Account
  }
}

accept "TD153" {
  target = access_pattern.ticket
  reason = "ticket ids are generated unique by the ticket service"
}

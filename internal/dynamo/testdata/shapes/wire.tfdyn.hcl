# The wire room's own schema: every kind of request the shapes render.
# Reserved words as attribute names (status, name, size, date, count, key,
# timestamp: DynamoDB refuses them bare), a multi-attribute GSI,
# a sparse index an update moves items into and out of, a unique
# attribute (guard items), filters of every form, projections, limits,
# descending order and strong reads; computed attributes and quoted names;
# document paths in projections, filters, conditions and updates
# (list_append, if_not_exists, SET a = b, a + b, nested SET and REMOVE).

table "wire" {
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "ByStatus" {
    partition_key = "key"
    sort_key      = "timestamp"
  }
  global_secondary_index "Open" {
    partition_key = "OpenPK"
    sort_key      = "OpenSK"
    projection    = "INCLUDE"
    include       = ["name", "size"]
  }
  global_secondary_index "ByOwner" {
    partition_key = ["owner", "region"]
    sort_key      = ["size", "date"]
    projection    = "KEYS_ONLY"
  }
}

entity "Account" {
  table      = table.wire
  attributes = {
    owner = string
    email = string
    name  = string
  }
  unique = ["email"]
  key {
    PK = "ACCOUNT#${owner}"
    SK = "ACCOUNT"
  }
  example "ann" {
    owner = "ann"
    email = "ann@example.com"
    name  = "Ann"
  }
}

entity "Ticket" {
  table      = table.wire
  attributes = {
    owner   = string
    id      = string
    status  = enum("OPEN", "CLOSED")
    name    = string
    size    = number
    date    = string
    region  = string
    count   = optional(number)
    urgent  = optional(bool)
    comment = optional(string)
    version = number
    # A document: a list of objects and an optional field, read and
    # written by paths (log.entries, log.owner).
    log    = optional(object({ entries = list(object({ at = string, text = string })), owner = optional(string) }))
    opened = optional(string)
  }
  # Computed attributes: a constant discriminator and a template an update
  # of name rewrites (a quoted name, placeholder #Name_Lower).
  computed = {
    kind         = "ticket"
    "Name Lower" = lower(name)
  }
  key {
    PK = "ACCOUNT#${owner}"
    SK = "TICKET#${id}"
  }
  index "ByStatus" {
    key = "STATUS#${status}"
    timestamp    = "${date}#${id}"
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
    name    = "printer"
    size    = 3
    date    = "2024-05-01"
    region  = "eu"
    urgent  = true
    comment = "jammed"
    version = 1
  }
  example "t2" {
    owner   = "ann"
    id      = "t2"
    status  = "CLOSED"
    name    = "screen"
    size    = 5
    date    = "2024-05-03"
    region  = "eu"
    count   = 2
    version = 4
    log = {
      entries = [{ at = "2024-05-03", text = "flickers" }, { at = "2024-05-04", text = "replaced" }]
      owner   = "ann"
    }
  }
  example "t3" {
    owner   = "ann"
    id      = "t3"
    status  = "OPEN"
    name    = "chair"
    size    = 1
    date    = "2024-06-11"
    region  = "us"
    version = 2
  }
}

access_pattern "account" {
  entity = entity.Account
  key {
    PK = "ACCOUNT#${owner}"
    SK = "ACCOUNT"
  }
  attributes = ["name", "email"]
  workload {
    rate        = 1
    consistency = "strong"
  }
}

access_pattern "tickets_of_owner" {
  entity = entity.Ticket
  key {
    PK = "ACCOUNT#${owner}"
    SK = begins_with("TICKET#")
  }
  order  = "desc"
  limit  = 10
  filter = (urgent || size >= 3) && !(comment == null) && status != input.skip && name != comment
  inputs = { skip = string }
  example {
    owner = "ann"
    skip  = "CLOSED"
  }
}

access_pattern "tickets_by_status" {
  entity = entity.Ticket
  index  = "ByStatus"
  key {
    key = "STATUS#${status}"
    timestamp    = between(from, "${to}#~")
  }
  inputs = {
    from = string
    to   = string
  }
  example {
    status = "OPEN"
    from   = "2024-01-01"
    to     = "2024-12-31"
  }
}

access_pattern "open_tickets" {
  entity     = entity.Ticket
  index      = "Open"
  attributes = ["name", "size"]
  key {
    OpenPK = "OPEN#${owner}"
  }
}

access_pattern "tickets_of_owner_in_region" {
  entity = entity.Ticket
  index  = "ByOwner"
  key {
    owner = owner
    region = region
    size  = size
    date  = begins_with(month)
  }
  inputs = { month = string }
  example {
    owner  = "ann"
    region = "eu"
    size   = 3
    month  = "2024-05"
  }
}

access_pattern "big_tickets" {
  entity = entity.Ticket
  index  = "ByOwner"
  key {
    owner  = owner
    region = region
    size   = gt(2)
  }
}

write_pattern "open_account" {
  put {
    entity = entity.Account
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
    set       = { status = "CLOSED", name = input.name }
    add       = { count = 1, version = 1 }
    remove    = ["comment"]
    condition = version == input.seen && attribute_exists(PK)
  }
}

write_pattern "set_status" {
  update {
    entity    = entity.Ticket
    set       = { status = input.status }
    condition = attribute_exists(PK)
  }
}

write_pattern "redate" {
  update {
    entity = entity.Ticket
    set    = { date = input.date }
  }
}

write_pattern "drop_ticket" {
  delete {
    entity    = entity.Ticket
    condition = status == "CLOSED" || size < input.max_size
  }
  inputs = { max_size = number }
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

access_pattern "ticket_logs" {
  entity     = entity.Ticket
  attributes = ["log.entries[1]", log.owner, "name"]
  filter     = log.owner != null && log.entries[0].text != input.skip
  inputs     = { skip = string }
  key {
    PK = "ACCOUNT#${owner}"
    SK = begins_with("TICKET#")
  }
  example {
    owner = "ann"
    skip  = "nothing"
  }
}

write_pattern "start_log" {
  inputs = { log = object({ entries = list(object({ at = string, text = string })), owner = optional(string) }), at = string }
  update {
    entity    = entity.Ticket
    set       = { log = input.log, opened = if_not_exists(opened, input.at) }
    condition = attribute_exists(PK) && attribute_not_exists(log)
  }
}

write_pattern "note_ticket" {
  inputs = { entry = object({ at = string, text = string }) }
  update {
    entity    = entity.Ticket
    set       = { "log.entries" = list_append(log.entries, [input.entry]), comment = name, size = size + 1 }
    remove    = [log.owner]
    condition = attribute_exists(log.entries)
  }
}

write_pattern "note_ticket_unchecked" {
  inputs = { entry = object({ at = string, text = string }) }
  update {
    entity = entity.Ticket
    set    = { log.entries = list_append(log.entries, [input.entry]) }
  }
}

write_pattern "note_and_rename" {
  inputs = { entry = object({ at = string, text = string }) }
  transaction {
    update {
      entity = entity.Account
      set    = { name = input.name }
    }
    update {
      entity = entity.Ticket
      set    = { log.entries = list_append(log.entries, [input.entry]) }
    }
  }
}

# Per-write inputs: two puts of one entity in a transaction, each labelled
# with its own inputs (input.first.NAME, input.second.NAME), and an update
# that reads one of them (input.second.name) beside a shared input of the
# same name (declared: input.name is ambiguous otherwise).
write_pattern "split_ticket" {
  inputs = { name = string }
  transaction {
    put "first" {
      entity    = entity.Ticket
      condition = attribute_not_exists(PK)
    }
    put "second" {
      entity    = entity.Ticket
      condition = attribute_not_exists(PK)
    }
    update {
      entity    = entity.Account
      set       = { name = input.name }
      condition = attribute_exists(PK) && name != input.second.name
    }
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

write_pattern "close_account" {
  delete {
    entity = entity.Account
  }
}

# The smallest design of two gen go failures found on an unseen design: a
# query builder of a multi-attribute index key one of whose attributes a
# template writes (its contract step panicked), and an update that takes the item
# out of every index it rewrites (its writer declared an updated item it
# never read, which does not compile).
table "tickets" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByAssignee" {
    partition_key = "AssigneeKey"
    sort_key      = "opened"
  }
  global_secondary_index "ByQueue" {
    partition_key = ["tenant", "queueKey"]
    sort_key      = ["opened"]
  }
}

entity "Ticket" {
  attributes = {
    tenant   = string
    id       = string
    opened   = string
    queue    = string
    assignee = optional(string)
  }
  key {
    PK = "T#${tenant}"
    SK = "TK#${id}"
  }
  index "ByAssignee" {
    when = assignee != null
    key  = { AssigneeKey = "${tenant}#${assignee}" }
  }
  index "ByQueue" {
    key = { queueKey = "Q#${queue}" }
  }
  example "t1" {
    tenant   = "acme"
    id       = "t1"
    opened   = "2025-03-01"
    queue    = "billing"
    assignee = "bo"
  }
  example "t2" {
    tenant   = "acme"
    id       = "t2"
    opened   = "2025-03-02"
    queue    = "billing"
    assignee = "bo"
  }
}

access_pattern "assigned" {
  entity = entity.Ticket
  index  = "ByAssignee"
  key {
    AssigneeKey = "${tenant}#${assignee}"
  }
  example {
    tenant   = "acme"
    assignee = "bo"
    returns  = [entity.Ticket.example["t1"], entity.Ticket.example["t2"]]
  }
}

access_pattern "queue" {
  entity = entity.Ticket
  index  = "ByQueue"
  key {
    tenant   = tenant
    queueKey = "Q#${queue}"
  }
  example {
    tenant        = "acme"
    queue         = "billing"
    returns_count = 2
  }
}

write_pattern "unassign" {
  update {
    entity    = entity.Ticket
    remove    = ["assignee"]
    condition = attribute_exists(PK)
  }
}

# The language of issue 30 through tfdyn gen ts (TestContractLive):
# quoted attribute names in keys, an index, a filter, a projection and an
# update; computed attributes (a constant discriminator and a template,
# read by a sparse condition); an update of a path of a document.

table "log" {
  partition_key = "DeviceID"
  sort_key      = "State#Date"
  global_secondary_index "ByOperator" {
    partition_key = "Operator"
    sort_key      = "Op#Date"
  }
}

entity "Log" {
  attributes = {
    DeviceID    = string
    State       = string
    Date        = string
    Operator    = string
    "Note Text" = optional(string)
    detail      = optional(object({ source = string, tags = list(string), owner = optional(string) }))
  }
  computed = {
    kind           = "log"
    "Device Lower" = lower(DeviceID)
  }
  key = {
    "State#Date" = "${State}#${Date}"
  }
  index "ByOperator" {
    when = attr("Note Text") != null
    key  = { "Op#Date" = "${Operator}#${Date}" }
  }
  example "hot" {
    DeviceID = "D#1"
    State    = "WARNING1"
    Date     = "2020-04-24T14:40:00"
    Operator = "Liz"
    values   = { "Note Text" = "hot" }
    detail   = { source = "probe", tags = ["a", "b"] }
  }
  example "cold" {
    DeviceID = "D#1"
    State    = "WARNING1"
    Date     = "2020-04-25T09:00:00"
    Operator = "Max"
  }
  example "ok" {
    DeviceID = "D#2"
    State    = "OK"
    Date     = "2020-04-24T15:00:00"
    Operator = "Liz"
    values   = { "Note Text" = "fine" }
  }
}

access_pattern "state_logs" {
  entity = entity.Log
  inputs = { state = string }
  key = {
    DeviceID     = DeviceID
    "State#Date" = begins_with("${state}#")
  }
  filter     = attr("Note Text") != null
  attributes = ["DeviceID", "Note Text", "State#Date"]
  order      = "desc"
  example {
    DeviceID = "D#1"
    state    = "WARNING1"
  }
}

access_pattern "log_by_key" {
  entity = entity.Log
  key = {
    DeviceID     = DeviceID
    "State#Date" = "${State}#${Date}"
  }
  example {
    DeviceID = "D#1"
    State    = "WARNING1"
    Date     = "2020-04-24T14:40:00"
  }
}

access_pattern "operator_notes" {
  entity = entity.Log
  index  = "ByOperator"
  key = {
    Operator  = Operator
    "Op#Date" = begins_with("${Operator}#2020-04-24")
  }
  example {
    Operator = "Liz"
  }
}

write_pattern "add_log" {
  repeat = "fails"
  put {
    entity    = entity.Log
    condition = attribute_not_exists(DeviceID)
  }
}

write_pattern "note" {
  inputs = { note = string }
  update {
    entity    = entity.Log
    set       = { "Note Text" = input.note }
    condition = attribute_exists(attr("State#Date")) && Operator == input.Operator
  }
}

write_pattern "set_owner" {
  inputs = { owner = string }
  update {
    entity    = entity.Log
    set       = { "detail.owner" = input.owner }
    condition = attribute_exists(detail)
  }
}

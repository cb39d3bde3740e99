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
    DeviceID = string
    State    = string
    Date     = string
    Operator = string
    "Note Text" = optional(string)
  }
  key = {
    "State#Date" = "${State}#${Date}"
  }
  index "ByOperator" {
    when = attr("Note Text") != null
    key  = { "Op#Date" = "${Operator}#${Date}" }
  }
  example {
    DeviceID = "d#1"
    State    = "WARNING1"
    Date     = "2020-04-24T14:40:00"
    Operator = "Liz"
    values   = { "Note Text" = "hot" }
  }
}

access_pattern "state_logs" {
  entity = entity.Log
  inputs = { state = string }
  key = {
    DeviceID     = DeviceID
    "State#Date" = begins_with("${state}#")
  }
  filter = attr("Note Text") != null
  attributes = ["Note Text", "State#Date"]
  order = "desc"
  example {
    DeviceID = "d#1"
    state = "WARNING1"
  }
}

write_pattern "note" {
  update {
    entity = entity.Log
    set = { "Note Text" = input.note }
    condition = attribute_exists(attr("State#Date"))
  }
  inputs = { note = string }
}

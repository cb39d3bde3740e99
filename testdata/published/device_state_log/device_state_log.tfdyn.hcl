# A device state log, re-modelled from the design AWS publishes in
# aws-samples/amazon-dynamodb-design-patterns (examples/device-state-log).
#
# Devices in a factory report their state every five minutes while it is not
# normal; an operator watches each device and may escalate a log to a
# supervisor. The table's sort key keeps its published name, State#Date (the
# state, '#', the time of the log: quoted, since it is not an HCL
# identifier), so that one device's logs of one state are a key prefix
# instead of a filter. GSI1 regroups the logs by operator and time. GSI2
# holds only escalated logs: an item is in it when it has an EscalatedTo
# (sparse by absence).
#
# Addition to the published model: GSI3 serves the same supervisor queries
# with a multi-attribute sort key (State, then Date) instead of the joined
# State#Date string, which DynamoDB now supports natively.

table "device_state_log" {
  name          = "DeviceStateLog"
  billing_mode  = "PAY_PER_REQUEST"
  partition_key = "DeviceID"
  sort_key      = "State#Date"

  global_secondary_index "GSI1" {
    partition_key = "Operator"
    sort_key      = "Date"
  }

  global_secondary_index "GSI2" {
    partition_key = "EscalatedTo"
    sort_key      = "State#Date"
  }

  global_secondary_index "GSI3" {
    partition_key = "EscalatedTo"
    sort_key      = ["State", "Date"]
  }
}

entity "DeviceLog" {
  attributes = {
    DeviceID    = string
    State       = string
    Date        = string
    Operator    = string
    EscalatedTo = optional(string)
  }
  key = {
    "State#Date" = "${State}#${Date}"
  }
  index "GSI1" {}
  index "GSI2" {}
  index "GSI3" {}

  example "d12345-w1-1440" {
    DeviceID = "d#12345"
    State    = "WARNING1"
    Date     = "2020-04-24T14:40:00"
    Operator = "Liz"
  }
  example "d12345-w1-1445" {
    DeviceID = "d#12345"
    State    = "WARNING1"
    Date     = "2020-04-24T14:45:00"
    Operator = "Liz"
  }
  example "d12345-w1-1450" {
    DeviceID = "d#12345"
    State    = "WARNING1"
    Date     = "2020-04-24T14:50:00"
    Operator = "Liz"
  }
  example "d12345-n-1455" {
    DeviceID = "d#12345"
    State    = "NORMAL"
    Date     = "2020-04-24T14:55:00"
    Operator = "Liz"
  }
  example "d54321-w2-0925" {
    DeviceID = "d#54321"
    State    = "WARNING2"
    Date     = "2020-04-11T09:25:00"
    Operator = "Sue"
  }
  example "d54321-w3-0555" {
    DeviceID = "d#54321"
    State    = "WARNING3"
    Date     = "2020-04-11T05:55:00"
    Operator = "Liz"
  }
  example "d11223-w4-1610" {
    DeviceID = "d#11223"
    State    = "WARNING4"
    Date     = "2020-04-27T16:10:00"
    Operator = "Sue"
  }
  example "d11223-w4-1615" {
    DeviceID    = "d#11223"
    State       = "WARNING4"
    Date        = "2020-04-27T16:15:00"
    Operator    = "Sue"
    EscalatedTo = "Sara"
  }
}

access_pattern "logs_of_device_state" {
  description = "A device's logs of one state, newest first"
  entity      = entity.DeviceLog
  key = {
    DeviceID     = DeviceID
    "State#Date" = begins_with("${State}#")
  }
  order = "desc"
  example {
    DeviceID = "d#12345"
    State    = "WARNING1"
    returns = [
      entity.DeviceLog.example["d12345-w1-1450"],
      entity.DeviceLog.example["d12345-w1-1445"],
      entity.DeviceLog.example["d12345-w1-1440"],
    ]
  }
}

access_pattern "logs_of_operator_between" {
  description = "An operator's logs between two dates, both included"
  entity      = entity.DeviceLog
  index       = "GSI1"
  inputs      = { from = string, to = string }
  key {
    Operator = Operator
    Date     = between(from, "${to}~") # published between(from, to): TD159, a day's timestamps sort after the day
  }
  example {
    Operator = "Liz"
    from     = "2020-04-20"
    to       = "2020-04-24"
    returns = [
      entity.DeviceLog.example["d12345-w1-1440"],
      entity.DeviceLog.example["d12345-w1-1445"],
      entity.DeviceLog.example["d12345-w1-1450"],
      entity.DeviceLog.example["d12345-n-1455"],
    ]
  }
}

access_pattern "escalated_to_supervisor" {
  description = "Every log escalated to a supervisor"
  entity      = entity.DeviceLog
  index       = "GSI2"
  key {
    EscalatedTo = EscalatedTo
  }
  example {
    EscalatedTo = "Sara"
    returns     = [entity.DeviceLog.example["d11223-w4-1615"]]
  }
}

access_pattern "escalated_of_state" {
  description = "A supervisor's escalated logs of one state"
  entity      = entity.DeviceLog
  index       = "GSI2"
  key = {
    EscalatedTo  = EscalatedTo
    "State#Date" = begins_with("${State}#")
  }
  example {
    EscalatedTo = "Sara"
    State       = "WARNING4"
    returns     = [entity.DeviceLog.example["d11223-w4-1615"]]
  }
}

access_pattern "escalated_of_state_on_date" {
  description = "A supervisor's escalated logs of one state on one day"
  entity      = entity.DeviceLog
  index       = "GSI2"
  inputs      = { day = string }
  key = {
    EscalatedTo  = EscalatedTo
    "State#Date" = begins_with("${State}#${day}")
  }
  example {
    EscalatedTo = "Sara"
    State       = "WARNING4"
    day         = "2020-04-27"
    returns     = [entity.DeviceLog.example["d11223-w4-1615"]]
  }
}

access_pattern "escalated_of_state_on_date_multi" {
  description = "The same as escalated_of_state_on_date, on the multi-attribute sort key"
  entity      = entity.DeviceLog
  index       = "GSI3"
  inputs      = { day = string }
  key {
    EscalatedTo = EscalatedTo
    State       = State
    Date        = begins_with(day)
  }
  example {
    EscalatedTo = "Sara"
    State       = "WARNING4"
    day         = "2020-04-27"
    returns     = [entity.DeviceLog.example["d11223-w4-1615"]]
  }
}

write_pattern "log_state" {
  description = "Record a device's state; a log is written once"
  repeat      = "fails"
  put {
    entity    = entity.DeviceLog
    condition = attribute_not_exists(attr("State#Date"))
  }
}

write_pattern "escalate" {
  description = "Escalate an existing log to a supervisor (escalating twice to one supervisor changes nothing)"
  repeat      = "succeeds"
  inputs      = { supervisor = string }
  update {
    entity    = entity.DeviceLog
    set       = { EscalatedTo = input.supervisor }
    condition = attribute_exists(DeviceID)
  }
}

# want: TD159 36:30
# An operator's logs between two days: the logs' Date is a timestamp, so the
# upper bound "2020-04-24" (a day) sorts before every log of that day and the
# query leaves the whole day out. between(from, "${to}~") would include it.
table "device_log" {
  partition_key = "DeviceID"
  sort_key      = "Date"
  global_secondary_index "ByOperator" {
    partition_key = "Operator"
    sort_key      = "Date"
  }
}
entity "DeviceLog" {
  attributes = {
    DeviceID = string
    Date     = string
    Operator = string
  }
  example "d1-1440" {
    DeviceID = "d#1"
    Date     = "2020-04-24T14:40:00"
    Operator = "Liz"
  }
  example "d2-0925" {
    DeviceID = "d#2"
    Date     = "2020-04-11T09:25:00"
    Operator = "Liz"
  }
}
access_pattern "logs_of_operator_between" {
  entity = entity.DeviceLog
  index  = "ByOperator"
  inputs = { from = string, to = string }
  key {
    Operator = Operator
    Date     = between(from, to)
  }
  example {
    Operator = "Liz"
    from     = "2020-04-20"
    to       = "2020-04-24"
  }
}

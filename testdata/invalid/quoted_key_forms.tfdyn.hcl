# want: TD003 21:3
# want: TD002 27:16
# want: TD008 36:7
# want: TD003 38:7
table "log" {
  partition_key = "DeviceID"
  sort_key      = "State#Date"
  global_secondary_index "ByOperator" {
    partition_key = "Operator"
    sort_key      = "Operator#Date"
  }
}
entity "Both" {
  attributes = {
    DeviceID     = string
    "State#Date" = string
  }
  key {
    # nothing to compute: both key attributes are attributes
  }
  key = {
    "State#Date" = "x"
  }
}
entity "NotAnObject" {
  attributes = { DeviceID = string, State = string }
  key        = "${State}"
}
entity "Log" {
  attributes = { DeviceID = string, State = string, Date = string, Operator = string }
  key = {
    "State#Date" = "${State}#${Date}"
  }
  index "ByOperator" {
    key = {
      "Operator#Dat"  = "${Operator}#${Date}"
      "Operator#Date" = "${Operator}#${Date}"
      "Operator#Date" = "${Operator}"
    }
  }
}

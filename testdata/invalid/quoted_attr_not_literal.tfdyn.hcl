# want: TD002 14:23
# want: TD002 20:12
table "log" {
  partition_key = "DeviceID"
  sort_key      = "State#Date"
}
entity "Log" {
  attributes = {
    DeviceID = string
    State    = string
    Date     = string
  }
  key = {
    "State#Date" = "${attr(State)}#${Date}"
  }
}
access_pattern "logs" {
  entity = entity.Log
  key    = { DeviceID = DeviceID }
  filter = attr("a", "b") == "x"
}

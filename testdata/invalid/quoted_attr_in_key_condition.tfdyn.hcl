# want: TD009 22:32
table "log" {
  partition_key = "DeviceID"
  sort_key      = "State#Date"
}
entity "Log" {
  attributes = {
    DeviceID     = string
    "Shift Note" = string
    State        = string
    Date         = string
  }
  key = {
    "State#Date" = "${State}#${Date}"
  }
}
access_pattern "by_note" {
  entity = entity.Log
  key = {
    DeviceID = DeviceID
    # an operand reads the pattern's inputs, not the item's attributes
    "State#Date" = begins_with(attr("Shift Note"))
  }
}

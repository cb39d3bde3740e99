# Adopted by tfdyn import from the live table "log" ().
# The table block is exact: emitted as Terraform it plans no change to the table.
# The entities are proposals: review their names, attributes and key templates.
table "log" {
  name                   = "log"
  billing_mode           = "PAY_PER_REQUEST"
  partition_key          = "DeviceID"
  sort_key               = "State#Date"
  point_in_time_recovery = false
  deletion_protection    = false
  table_class            = "STANDARD"

  global_secondary_index "Escalations" {
    partition_key = "EscalatedTo"
    sort_key      = "State#Date"
  }
}

# Proposal: inferred from 3 items with partition key prefix "d#".
entity "D" {
  table = table.log
  attributes = {
    Date         = string
    Operator     = string
    "Shift Note" = string
    State        = string
    d            = string
  }

  key = {
    DeviceID     = "d#${d}"
    "State#Date" = "${State}#${Date}"
  }

  example {
    Date     = "2020-04-24T14:40:00"
    Operator = "Liz"
    State    = "WARNING1"
    d        = "12345"
    values = {
      "Shift Note" = "n-Liz"
    }
  }

  example {
    Date     = "2020-04-24T14:45:00"
    Operator = "Liz"
    State    = "WARNING2"
    d        = "12345"
    values = {
      "Shift Note" = "n-Liz"
    }
  }
}

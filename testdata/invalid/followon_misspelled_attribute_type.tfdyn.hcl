# want: TD005 11:12
# want: TD119 25:16
# A misspelled attribute type: only TD005 (and the filter's own TD119
# warning), no "unknown input" or "unknown attribute" TD006 in the pattern that
# uses the attribute.
table "app" {
  partition_key = "PK"
}
entity "User" {
  attributes = {
    id   = strng
    name = string
  }
  key {
    PK = "USER#${id}"
  }
  example {
    id   = "u1"
    name = "n"
  }
}
access_pattern "user" {
  entity     = entity.User
  attributes = ["id", "name"]
  filter     = id != ""
  key {
    PK = "USER#${id}"
  }
}

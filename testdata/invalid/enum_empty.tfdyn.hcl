# want: TD005 10:16
# (no follow-on error for the example that sets status: the attribute is broken)
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = {
    username = string
    status   = enum()
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  example {
    username = "alice"
    status   = "active"
  }
}

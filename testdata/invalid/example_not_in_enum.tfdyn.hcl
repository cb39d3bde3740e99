# want: TD010 20:16
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = {
    username = string
    status   = optional(enum("active", "suspended", "pending"))
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  example {
    username = "alice"
  }
  example {
    username = "bob"
    status   = "suspend"
  }
}

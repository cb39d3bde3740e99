# want: TD002 25:16
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = {
    username = string
    status   = enum("active", "suspended", "pending")
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
write_pattern "suspend_user" {
  description = "Suspend a user"
  update {
    entity = entity.User
    set = {
      status = "Suspended"
    }
  }
}

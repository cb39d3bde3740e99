# The simplest design with a unique attribute: a user and its e-mail's guard
# item, 1 WCU each and in no index, written in one transaction.
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}

entity "User" {
  attributes = {
    username = string
    email    = string
  }
  unique = ["email"]
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  example "alice" {
    username = "alice"
    email    = "alice@example.com"
  }
}

access_pattern "user" {
  entity = entity.User
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
}

write_pattern "register_user" {
  description = "Create a user; the username and the e-mail must not be taken"
  repeat      = "fails"
  put {
    entity = entity.User
  }
}

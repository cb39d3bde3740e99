# want: TD111 40:5
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = {
    username = string
    level    = number
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  example {
    username = "alice"
    level    = 2
  }
  example {
    username = "bob"
    level    = 10
  }
}
entity "Team" {
  attributes = { name = string }
  key {
    PK = "USER#${name}"
    SK = "TEAM"
  }
  example {
    name = "red"
  }
  example {
    name = "blue"
  }
}
access_pattern "user_items" {
  entity = entity.User
  key {
    PK = "USER#${username}"
  }
}

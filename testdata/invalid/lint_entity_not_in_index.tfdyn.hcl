# want: TD120 46:28
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "User" {
  attributes = {
    username = string
    status   = string
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  index "GSI1" {
    GSI1PK = "USERS"
    GSI1SK = username
  }
  example {
    username = "alice"
    status   = "OPEN"
  }
  example {
    username = "bob"
    status   = "CLOSED"
  }
}
entity "Team" {
  attributes = { name = string }
  key {
    PK = "TEAM#${name}"
    SK = "TEAM"
  }
  example {
    name = "red"
  }
  example {
    name = "blue"
  }
}
access_pattern "everyone" {
  entities = [entity.User, entity.Team]
  index    = "GSI1"
  key {
    GSI1PK = "USERS"
  }
}

# want: TD107 32:14
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
    age      = number
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  index "GSI1" {
    GSI1PK = "USERS"
    GSI1SK = age
  }
}
entity "Team" {
  attributes = { name = string }
  key {
    PK = "TEAM#${name}"
    SK = "TEAM"
  }
  index "GSI1" {
    GSI1PK = "TEAMS"
    GSI1SK = name
  }
}

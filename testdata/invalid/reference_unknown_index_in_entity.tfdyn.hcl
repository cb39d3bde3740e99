# want: TD004 16:9
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "User" {
  attributes = { username = string }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  index "GS1" {
    GSI1PK = "USERS"
    GSI1SK = username
  }
}

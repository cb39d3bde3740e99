# want: TD140 24:17
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
    SK = "PROFILE"
  }
  example {
    id = "u1"
  }
}
access_pattern "user_by_id" {
  entity = entity.User
  key {
    PK = "USER#${id}"
    SK = "PROFILE"
  }
  workload {
    rate      = 100
    hot_share = 1
    peak_rate = 8000
  }
}

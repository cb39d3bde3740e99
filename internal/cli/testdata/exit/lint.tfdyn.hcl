table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}

entity "User" {
  attributes = { username = string }

  table = table.ap
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
}

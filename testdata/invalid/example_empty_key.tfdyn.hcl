# want: TD010 12:3
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { username = string }
  key {
    PK = username
    SK = "PROFILE"
  }
  example {
    username = ""
  }
}

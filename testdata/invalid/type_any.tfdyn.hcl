# want: TD005 9:16
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = {
    username = string
    data     = any
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
}

# want: TD003 9:5
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = {
    username = string
    username = number
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
}

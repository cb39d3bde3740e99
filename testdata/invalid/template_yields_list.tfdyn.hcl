# want: TD007 12:3
# want: TD011 14:10
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = {
    username = string
    tags     = list(string)
  }
  key {
    PK = "USER#${username}"
    SK = tags
  }
}

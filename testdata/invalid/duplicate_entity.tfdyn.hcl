# want: TD003 16:8
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
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
}
entity "User" {
  attributes = {
    username = string
    status   = string
  }
  key {
    PK = "U#${username}"
    SK = "PROFILE"
  }
}

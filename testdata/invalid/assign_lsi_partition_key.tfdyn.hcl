# want: TD008 16:5
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "ByDate" {
    sort_key = "LSI1SK"
  }
}
entity "User" {
  attributes = { username = string }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  index "ByDate" {
    PK     = "USER#${username}"
    LSI1SK = "DATE"
  }
}

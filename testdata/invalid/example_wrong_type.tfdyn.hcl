# want: TD010 18:16
# (no follow-on TD010: the loader reports the first mistake only)
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
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
  example {
    username = "alice"
    age      = "old"
  }
}

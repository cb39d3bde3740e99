# want: TD009 29:12
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = {
    username = string
    nick     = optional(string)
    age      = number
    vip      = bool
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  example {
    username = "al"
    nick     = "AL"
    age      = 30
    vip      = true
  }
}
access_pattern "users" {
  entity = entity.User
  key {
    PK = "USER#${username}"
  }
  filter = vip ? age > 3 : age < 2
}

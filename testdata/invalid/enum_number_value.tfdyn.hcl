# want: TD005 10:38
# want: TD005 10:41
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = {
    username = string
    level    = optional(enum("gold", 2, username))
  }
  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }
  example {
    username = "alice"
  }
}

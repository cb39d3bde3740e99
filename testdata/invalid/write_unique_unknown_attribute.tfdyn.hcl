# want: TD006 11:13
table "app" {
  partition_key = "PK"
}
entity "User" {
  attributes = {
    username = string
    email    = string
  }
  key { PK = "USER#${username}" }
  unique = ["emial"]
}

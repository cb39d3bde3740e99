# want: TD130 12:13
table "app" {
  partition_key = "PK"
}
entity "Reading" {
  attributes = { id = string, value = number }
  key {
    PK = "R#${id}"
  }
  example {
    id    = "r1"
    value = 1e400
  }
}

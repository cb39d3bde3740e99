# want: TD011 9:10
# A format width that would print a gigabyte.
table "app" {
  partition_key = "PK"
}
entity "User" {
  attributes = { id = number }
  key {
    PK = format("%0999999999d", id)
  }
  example {
    id = 1
  }
}

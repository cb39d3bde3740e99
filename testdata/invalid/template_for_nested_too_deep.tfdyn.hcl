# want: TD011 9:128
# Nested for expressions over a split string: refused before evaluation.
table "app" {
  partition_key = "PK"
}
entity "User" {
  attributes = { id = string }
  key {
    PK = join(",", [for a in split("", id) : join(",", [for b in split("", id) : join(",", [for c in split("", id) : join(",", [for d in split("", id) : d])])])])
  }
  example {
    id = "abc"
  }
}

# want: TD134 12:14
table "app" {
  partition_key = "PK"
}
entity "Doc" {
  attributes = { id = string, labels = map(string) }
  key {
    PK = "DOC#${id}"
  }
  example {
    id     = "d1"
    labels = { "" = "x" }
  }
}

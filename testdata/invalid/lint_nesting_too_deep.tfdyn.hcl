# want: TD133 8:12
table "app" {
  partition_key = "PK"
}
entity "Doc" {
  attributes = {
    id   = string
    deep = list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(string))))))))))))))))))))))))))))))))
  }
  key {
    PK = "DOC#${id}"
  }
}

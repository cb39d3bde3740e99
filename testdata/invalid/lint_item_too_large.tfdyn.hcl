# want: TD129 10:3
table "app" {
  partition_key = "PK"
}
entity "Doc" {
  attributes = { id = string, body = string, more = string }
  key {
    PK = "DOC#${id}"
  }
  example {
    id   = "d1"
    body = format("%0256000d", 0) # 250 KB of zeros
    more = format("%0256000d", 1) # and 250 KB more: 500 KB in all
  }
}

# want: TD129 10:3
table "app" {
  partition_key = "PK"
}
entity "Doc" {
  attributes = { id = string, body = string }
  key {
    PK = "DOC#${id}"
  }
  example {
    id   = "d1"
    body = format("%0512000d", 0) # 500 KB of zeros
  }
}

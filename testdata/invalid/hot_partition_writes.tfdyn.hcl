# want: TD141 14:19
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Counter" {
  attributes = { hits = number }
  key {
    PK = "COUNTER"
    SK = "COUNTER"
  }
  workload {
    writes      = 50
    peak_writes = 2000
  }
  example {
    hits = 1
  }
}

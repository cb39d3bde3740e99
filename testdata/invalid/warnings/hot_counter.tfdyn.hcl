# want: TD148 17:16
table "app" {
  partition_key = "PK"
}
entity "Stats" {
  attributes = { orders = number }
  key {
    PK = "STATS"
  }
  example {
    orders = 0
  }
}
write_pattern "count_order" {
  update {
    entity = entity.Stats
    add    = { orders = 1 }
  }
}

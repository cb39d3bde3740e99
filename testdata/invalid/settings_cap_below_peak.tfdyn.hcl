# want: TD155 5:30
table "app" {
  partition_key = "PK"
  on_demand_throughput {
    max_read_request_units = 400
  }
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
  }
  example {
    id = "alice"
  }
  workload {
    items       = 1000
    writes      = 10
    peak_writes = 100
  }
}
access_pattern "user_by_id" {
  entity = entity.User
  key {
    PK = "USER#${id}"
  }
  workload {
    rate      = 100
    peak_rate = 1000
  }
}

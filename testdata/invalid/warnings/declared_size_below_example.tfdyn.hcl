# want: TD143 14:21
table "app" {
  partition_key = "PK"
}
entity "Task" {
  attributes = {
    id     = string
    status = string
  }
  key {
    PK = "T#${id}"
  }
  workload {
    max_item_size = 20
  }
  example {
    id     = "2"
    status = "IN_PROGRESS"
  }
}

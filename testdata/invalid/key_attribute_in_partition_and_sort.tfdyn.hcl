# want: TD003 8:29
table "app" {
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "ByTenant" {
    partition_key = ["tenant", "region"]
    sort_key      = ["day", "tenant"]
  }
}

entity "Event" {
  attributes = {
    tenant = string
    region = string
    day    = string
    id     = string
  }
  key {
    PK = "TENANT#${tenant}"
    SK = "EVENT#${id}"
  }
  example {
    tenant = "t1"
    region = "eu"
    day    = "2024-01-01"
    id     = "e1"
  }
}

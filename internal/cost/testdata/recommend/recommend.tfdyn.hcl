# A GSI projecting ALL that its only pattern reads two attributes of, and a
# large, rarely read table: narrow-projection and table-class
# recommendations (TestRecommendations).

table "archive" {
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "ByOwner" {
    partition_key = "owner"
    sort_key      = "createdAt"
  }
}

entity "Record" {
  table = table.archive
  attributes = {
    id        = string
    owner     = string
    createdAt = string
    title     = string
    body      = string
  }
  key {
    PK = "REC#${id}"
    SK = "REC"
  }
  workload {
    items     = 100000000
    item_size = 3000
    writes    = 1
  }
  example "r1" {
    id        = "r1"
    owner     = "ann"
    createdAt = "2026-01-01"
    title     = "t"
    body      = "b"
  }
}

access_pattern "titles_of_owner" {
  description = "Titles of an owner's records"
  entity      = entity.Record
  index       = "ByOwner"
  attributes  = ["title", "createdAt"]
  key {
    owner = owner
  }
  workload {
    rate = 1
  }
}

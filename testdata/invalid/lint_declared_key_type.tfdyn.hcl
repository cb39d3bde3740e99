# want: TD107 12:12
table "app" {
  partition_key = "PK"
  global_secondary_index "ByYear" {
    partition_key = "year"
    key_types     = { year = number }
  }
}
entity "Film" {
  attributes = {
    id   = string
    year = string
  }
  key {
    PK = "FILM#${id}"
  }
}

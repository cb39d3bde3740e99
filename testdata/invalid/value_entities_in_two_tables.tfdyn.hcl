# want: TD002 22:1
table "alpha" {
  partition_key = "PK"
}
table "beta" {
  partition_key = "PK"
}
entity "A" {
  table      = table.alpha
  attributes = { id = string }
  key {
    PK = "A#${id}"
  }
}
entity "B" {
  table      = table.beta
  attributes = { id = string }
  key {
    PK = "B#${id}"
  }
}
access_pattern "both" {
  entities = [entity.A, entity.B]
  key {
    PK = "A#${id}"
  }
}

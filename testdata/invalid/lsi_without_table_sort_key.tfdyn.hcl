# want: TD002 5:3
table "app" {
  partition_key = "PK"

  local_secondary_index "ByScore" {
    sort_key = "score"
  }
}

entity "Player" {
  attributes = {
    name  = string
    score = number
  }
  key {
    PK = "PLAYER#${name}"
  }
  example {
    name  = "ann"
    score = 3
  }
}

# want: TD158 41:12
# The top two players by score: bob and cid share score 7, so which of them follows ann is open.
table "league" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "ByScore" {
    sort_key = "score"
  }
}
entity "Player" {
  attributes = {
    team  = string
    name  = string
    score = number
  }
  key {
    PK = "TEAM#${team}"
    SK = "P#${name}"
  }
  example "ann" {
    team  = "red"
    name  = "ann"
    score = 9
  }
  example "bob" {
    team  = "red"
    name  = "bob"
    score = 7
  }
  example "cid" {
    team  = "red"
    name  = "cid"
    score = 7
  }
}
access_pattern "top_two" {
  entity = entity.Player
  index  = "ByScore"
  key { PK = "TEAM#${team}" }
  order  = "desc"
  limit  = 2
}

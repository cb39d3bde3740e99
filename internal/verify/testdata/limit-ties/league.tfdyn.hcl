# A league whose players often share a score: the top-three patterns end
# their read inside a run of equal scores, whose order DynamoDB leaves open
# (TD158, accepted), so verify must accept any three the limit allows.
table "league" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByScore" {
    partition_key = "team"
    sort_key      = "score"
  }
  local_secondary_index "ByRank" {
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
  example "dan" {
    team  = "red"
    name  = "dan"
    score = 7
  }
  example "eve" {
    team  = "red"
    name  = "eve"
    score = 7
  }
  example "fay" {
    team  = "red"
    name  = "fay"
    score = 3
  }
}

access_pattern "top_three" {
  entity = entity.Player
  index  = "ByScore"
  key {
    team = team
  }
  order = "desc"
  limit = 3
  example {
    team    = "red"
    returns = [entity.Player.example["ann"], entity.Player.example["cid"], entity.Player.example["eve"]]
  }
}

access_pattern "bottom_three" {
  entity = entity.Player
  index  = "ByRank"
  key {
    PK = "TEAM#${team}"
  }
  limit = 3
  example {
    team          = "red"
    returns_count = 3
  }
}

accept "TD158" {
  target = access_pattern.top_three
  reason = "any three of the best will do"
}

accept "TD158" {
  target = access_pattern.bottom_three
  reason = "any three of the worst will do"
}

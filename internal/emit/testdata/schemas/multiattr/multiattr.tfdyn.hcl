table "games" {
  name                   = "games"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_IMAGE"
  point_in_time_recovery = true
  tags                   = { team = "games", cost-center = "42" }

  global_secondary_index "ByRegion" {
    partition_key = ["tournamentId", "region"]
    sort_key      = ["round", "bracket"]
    projection    = "INCLUDE"
    include       = ["winner"]
  }
  local_secondary_index "ByScore" {
    sort_key   = "score"
    projection = "KEYS_ONLY"
  }
}

entity "Match" {
  attributes = {
    tournamentId = string
    region       = string
    round        = number
    bracket      = string
    matchId      = string
    score        = number
    winner       = optional(string)
  }
  key {
    PK = "TOURNAMENT#${tournamentId}"
    SK = "MATCH#${matchId}"
  }
}

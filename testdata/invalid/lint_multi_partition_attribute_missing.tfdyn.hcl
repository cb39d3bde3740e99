# want: TD102 41:3
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByRegion" {
    partition_key = ["tournamentId", "region"]
    sort_key      = ["round", "bracket", "matchId"]
  }
}
entity "Match" {
  attributes = {
    tournamentId = string
    region       = string
    round        = number
    bracket      = string
    matchId      = string
  }
  key {
    PK = "MATCH#${matchId}"
    SK = "METADATA"
  }
  index "ByRegion" {}
  example {
    tournamentId = "W24"
    region       = "EU"
    round        = 1
    bracket      = "UPPER"
    matchId      = "m1"
  }
  example {
    tournamentId = "W24"
    region       = "EU"
    round        = 2
    bracket      = "LOWER"
    matchId      = "m2"
  }
}
access_pattern "matches" {
  entity = entity.Match
  index  = "ByRegion"
  key {
    tournamentId = tournamentId
  }
}

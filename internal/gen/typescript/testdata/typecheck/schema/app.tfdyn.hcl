# The schema of the type-check test of tfdyn gen ts: its generated modules
# make a wrong enum value, a wrong attribute type, a missing key or pattern
# input, a multi-attribute key prefix, pattern or query that skips a sort
# attribute and a put or update with a wrong attribute type compile errors
# (errors.ts), while the right calls compile (ok.ts).

table "app" {
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "ByStatus" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "Bracket" {
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
    status       = enum("SCHEDULED", "PLAYED")
    winner       = optional(string)
    tags         = set(string)
  }
  key {
    PK = "MATCH#${matchId}"
    SK = "MATCH"
  }
  index "ByStatus" {
    when   = winner != null
    GSI1PK = "STATUS#${status}"
    GSI1SK = "${tournamentId}#${matchId}"
  }
  index "Bracket" {}
  example {
    tournamentId = "t1"
    region       = "EU"
    round        = 1
    bracket      = "UPPER"
    matchId      = "m-1"
    status       = "PLAYED"
    winner       = "ace"
    tags         = ["final"]
  }
}

access_pattern "match_by_id" {
  description = "Get a match"
  entity      = entity.Match
  key {
    PK = "MATCH#${matchId}"
    SK = "MATCH"
  }
  workload {
    rate = 1
  }
}

access_pattern "matches_by_status" {
  description = "Decided matches of a status, by tournament"
  entity      = entity.Match
  index       = "ByStatus"
  key {
    GSI1PK = "STATUS#${status}"
  }
  workload {
    rate       = 1
    items_read = 10
  }
}

access_pattern "matches_in_bracket" {
  description = "Matches of one bracket of a round (equality on the first two sort attributes)"
  entity      = entity.Match
  index       = "Bracket"
  key {
    tournamentId = tournamentId
    region       = region
    round        = round
    bracket      = bracket
  }
  workload {
    rate       = 1
    items_read = 10
  }
}

write_pattern "create_match" {
  description = "Create a match once"
  repeat      = "fails"
  put {
    entity    = entity.Match
    condition = attribute_not_exists(PK)
  }
  workload {
    rate = 1
  }
}

write_pattern "decide_match" {
  description = "Set a match's winner and status"
  update {
    entity    = entity.Match
    set       = { winner = input.winner, status = input.status }
    condition = tournamentId == input.tournamentId
  }
  workload {
    rate = 1
  }
}

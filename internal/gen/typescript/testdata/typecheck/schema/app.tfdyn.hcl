# The schema of the type-check test of tfdyn gen ts: its generated modules
# make a wrong enum value, a wrong attribute type, a missing key input and
# a multi-attribute key prefix that skips a sort attribute compile errors
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

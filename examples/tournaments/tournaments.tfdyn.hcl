# Esports tournaments: the multi-attribute key example of seed 004.
#
# Matches carry their natural attributes (tournamentId, region, round,
# bracket, matchId) and TournamentRegionIndex keys on them directly: no
# synthetic GSI1PK/GSI1SK strings, no zero-padding (round is a number and
# orders numerically). Leaderboard ranks registrations by score, a number.

table "tournaments" {
  name                   = "tournaments"
  billing_mode           = "PROVISIONED"
  read_capacity          = 10
  write_capacity         = 5
  partition_key          = "PK"
  sort_key               = "SK"
  ttl                    = "expiresAt"
  point_in_time_recovery = true
  table_class            = "STANDARD"
  tags = {
    team = "esports"
  }

  server_side_encryption {}

  global_secondary_index "TournamentRegionIndex" {
    partition_key  = ["tournamentId", "region"]
    sort_key       = ["round", "bracket", "matchId"]
    read_capacity  = 10
    write_capacity = 5
  }

  global_secondary_index "Leaderboard" {
    partition_key  = ["tournamentId", "region"]
    sort_key       = ["score", "playerId"]
    projection     = "INCLUDE"
    include        = ["displayName"]
    read_capacity  = 5
    write_capacity = 5
  }

  local_secondary_index "ByRegisteredAt" {
    sort_key   = "registeredAt"
    projection = "INCLUDE"
    include    = ["playerId"]
  }
}

entity "Tournament" {
  table = table.tournaments
  attributes = {
    tournamentId = string
    title        = string
    startsOn     = string
    regions      = list(string)
  }
  key {
    PK = "TOURNAMENT#${tournamentId}"
    SK = "METADATA"
  }
  workload {
    items       = 500
    writes      = 0.01
    peak_writes = 0.5
  }
  example "winter2024" {
    tournamentId = "WINTER2024"
    title        = "Winter Cup 2024"
    startsOn     = "2024-12-01"
    regions      = ["NA-EAST", "EU-WEST"]
  }
  example "spring2025" {
    tournamentId = "SPRING2025"
    title        = "Spring Open 2025"
    startsOn     = "2025-03-15"
    regions      = ["EU-WEST"]
  }
}

# A match is in TournamentRegionIndex through its own attributes: the
# index block only documents it (and makes lint check the key types).
entity "Match" {
  table = table.tournaments
  attributes = {
    tournamentId = string
    region       = string
    round        = number
    bracket      = string
    matchId      = string
    playerA      = string
    playerB      = string
    winner       = optional(string)
    expiresAt    = optional(number)
  }
  key {
    PK = "MATCH#${matchId}"
    SK = "METADATA"
  }
  index "TournamentRegionIndex" {}
  workload {
    items            = 200000
    writes           = 0.2
    peak_writes      = 1
    partitions       = 200000
    index_partitions = { TournamentRegionIndex = 4000 }
  }
  example "match-001" {
    tournamentId = "WINTER2024"
    region       = "NA-EAST"
    round        = 1
    bracket      = "UPPER"
    matchId      = "match-001"
    playerA      = "ace"
    playerB      = "blaze"
    winner       = "ace"
  }
  example "match-002" {
    tournamentId = "WINTER2024"
    region       = "NA-EAST"
    round        = 1
    bracket      = "LOWER"
    matchId      = "match-002"
    playerA      = "comet"
    playerB      = "dusk"
    winner       = "dusk"
  }
  example "match-003" {
    tournamentId = "WINTER2024"
    region       = "NA-EAST"
    round        = 2
    bracket      = "UPPER"
    matchId      = "match-003"
    playerA      = "ace"
    playerB      = "dusk"
  }
  example "match-010" {
    tournamentId = "WINTER2024"
    region       = "NA-EAST"
    round        = 10
    bracket      = "GRAND"
    matchId      = "match-010"
    playerA      = "tbd"
    playerB      = "tbd"
    expiresAt    = 1767225600
  }
  example "match-101" {
    tournamentId = "WINTER2024"
    region       = "EU-WEST"
    round        = 1
    bracket      = "UPPER"
    matchId      = "match-101"
    playerA      = "echo"
    playerB      = "flux"
  }
}

entity "Player" {
  table = table.tournaments
  attributes = {
    playerId    = string
    displayName = string
    country     = string
  }
  key {
    PK = "PLAYER#${playerId}"
    SK = "PROFILE"
  }
  workload {
    items       = 100000
    writes      = 0.1
    peak_writes = 1
  }
  example "ace" {
    playerId    = "ace"
    displayName = "Ace"
    country     = "US"
  }
  example "echo" {
    playerId    = "echo"
    displayName = "Echo"
    country     = "FR"
  }
}

entity "Registration" {
  table = table.tournaments
  attributes = {
    tournamentId = string
    region       = string
    playerId     = string
    displayName  = string
    score        = number
    registeredAt = string
  }
  key {
    PK = "TOURNAMENT#${tournamentId}"
    SK = "PLAYER#${playerId}"
  }
  index "Leaderboard" {}
  index "ByRegisteredAt" {}
  workload {
    items            = 400000
    writes           = 0.2
    peak_writes      = 1
    partitions       = 500
    index_partitions = { Leaderboard = 4000 }
  }
  example "winter2024-ace" {
    tournamentId = "WINTER2024"
    region       = "NA-EAST"
    playerId     = "ace"
    displayName  = "Ace"
    score        = 1200
    registeredAt = "2024-11-02T10:00:00Z"
  }
  example "winter2024-dusk" {
    tournamentId = "WINTER2024"
    region       = "NA-EAST"
    playerId     = "dusk"
    displayName  = "Dusk"
    score        = 950
    registeredAt = "2024-11-01T09:00:00Z"
  }
  example "winter2024-echo" {
    tournamentId = "WINTER2024"
    region       = "EU-WEST"
    playerId     = "echo"
    displayName  = "Echo"
    score        = 80
    registeredAt = "2024-11-20T16:00:00Z"
  }
}

access_pattern "tournament_by_id" {
  description = "Get a tournament"
  entity      = entity.Tournament
  key {
    PK = "TOURNAMENT#${tournamentId}"
    SK = "METADATA"
  }
  workload {
    rate      = 1
    peak_rate = 4
  }
  example {
    tournamentId = "WINTER2024"
    returns      = [entity.Tournament.example["winter2024"]]
  }
}

access_pattern "match_by_id" {
  description = "Get a match"
  entity      = entity.Match
  key {
    PK = "MATCH#${matchId}"
    SK = "METADATA"
  }
  workload {
    rate      = 1
    peak_rate = 4
  }
  example {
    matchId = "match-001"
    returns = [entity.Match.example["match-001"]]
  }
}

access_pattern "player_by_id" {
  description = "Get a player profile"
  entity      = entity.Player
  key {
    PK = "PLAYER#${playerId}"
    SK = "PROFILE"
  }
  workload {
    rate      = 0.5
    peak_rate = 2
  }
  example {
    playerId = "ace"
    returns  = [entity.Player.example["ace"]]
  }
}

access_pattern "matches_in_region" {
  description = "Every match of a tournament in one region, by round, bracket and match (both partition attributes by equality)"
  entity      = entity.Match
  index       = "TournamentRegionIndex"
  key {
    tournamentId = tournamentId
    region       = region
  }
  workload {
    rate       = 1
    peak_rate  = 2
    items_read = 50
  }
  example {
    region       = "NA-EAST"
    tournamentId = "WINTER2024"
    returns      = [entity.Match.example["match-002"], entity.Match.example["match-001"], entity.Match.example["match-003"], entity.Match.example["match-010"]]
  }
}

access_pattern "matches_in_round" {
  description = "Matches of one round (equality on the first sort attribute)"
  entity      = entity.Match
  index       = "TournamentRegionIndex"
  key {
    tournamentId = tournamentId
    region       = region
    round        = round
  }
  workload {
    rate      = 0.5
    peak_rate = 2
  }
  example {
    region       = "NA-EAST"
    round        = 1
    tournamentId = "WINTER2024"
    returns      = [entity.Match.example["match-002"], entity.Match.example["match-001"]]
  }
}

access_pattern "matches_in_bracket" {
  description = "Matches of one bracket of a round (equality on the first two sort attributes)"
  entity      = entity.Match
  index       = "TournamentRegionIndex"
  key {
    tournamentId = tournamentId
    region       = region
    round        = round
    bracket      = bracket
  }
  workload {
    rate      = 0.5
    peak_rate = 2
  }
  example {
    bracket      = "UPPER"
    region       = "NA-EAST"
    round        = 1
    tournamentId = "WINTER2024"
    returns      = [entity.Match.example["match-001"]]
  }
}

access_pattern "match_in_region" {
  description = "One match through the index (every key attribute by equality; still a Query on a GSI)"
  entity      = entity.Match
  index       = "TournamentRegionIndex"
  key {
    tournamentId = tournamentId
    region       = region
    round        = round
    bracket      = bracket
    matchId      = matchId
  }
  workload {
    rate      = 0.2
    peak_rate = 1
  }
  example {
    bracket      = "UPPER"
    matchId      = "match-001"
    region       = "NA-EAST"
    round        = 1
    tournamentId = "WINTER2024"
    returns      = [entity.Match.example["match-001"]]
  }
}

access_pattern "matches_from_round" {
  description = "Matches from a round on, latest round first (inequality on the only sort attribute used)"
  entity      = entity.Match
  index       = "TournamentRegionIndex"
  inputs = {
    fromRound = number
  }
  key {
    tournamentId = tournamentId
    region       = region
    round        = gte(fromRound)
  }
  order = "desc"
  workload {
    rate      = 0.2
    peak_rate = 1
  }
  example {
    tournamentId = "WINTER2024"
    region       = "NA-EAST"
    fromRound    = 2
    returns      = [entity.Match.example["match-010"], entity.Match.example["match-003"]]
  }
}

access_pattern "matches_in_brackets" {
  description = "Matches of a round in a range of brackets (equality on round, then between on bracket, the last sort attribute used)"
  entity      = entity.Match
  index       = "TournamentRegionIndex"
  inputs = {
    first = string
    last  = string
  }
  key {
    tournamentId = tournamentId
    region       = region
    round        = round
    bracket      = between(first, last)
  }
  workload {
    rate      = 0.2
    peak_rate = 1
  }
  example {
    tournamentId = "WINTER2024"
    region       = "NA-EAST"
    round        = 1
    first        = "LOWER"
    last         = "UPPER"
    returns      = [entity.Match.example["match-002"], entity.Match.example["match-001"]]
  }
}

access_pattern "unfinished_matches_in_region" {
  description = "Matches of a region without a winner yet (filter on an optional attribute)"
  entity      = entity.Match
  index       = "TournamentRegionIndex"
  key {
    tournamentId = tournamentId
    region       = region
  }
  filter = winner == null
  workload {
    rate      = 0.2
    peak_rate = 1
  }
  example {
    region       = "NA-EAST"
    tournamentId = "WINTER2024"
    returns      = [entity.Match.example["match-003"], entity.Match.example["match-010"]]
  }
}

access_pattern "leaderboard" {
  description = "Top players of a tournament region by score"
  entity      = entity.Registration
  index       = "Leaderboard"
  key {
    tournamentId = tournamentId
    region       = region
  }
  order      = "desc"
  limit      = 10
  attributes = ["playerId", "displayName", "score"]
  workload {
    rate      = 0.5
    peak_rate = 4
  }
  example {
    region       = "NA-EAST"
    tournamentId = "WINTER2024"
    returns      = [entity.Registration.example["winter2024-ace"], entity.Registration.example["winter2024-dusk"]]
  }
}

access_pattern "players_above_score" {
  description = "Players of a tournament region with a score above a threshold"
  entity      = entity.Registration
  index       = "Leaderboard"
  inputs = {
    minScore = number
  }
  key {
    tournamentId = tournamentId
    region       = region
    score        = gt(minScore)
  }
  workload {
    rate      = 0.5
    peak_rate = 2
  }
  example {
    tournamentId = "WINTER2024"
    region       = "NA-EAST"
    minScore     = 1000
    returns      = [entity.Registration.example["winter2024-ace"]]
  }
}

access_pattern "registrations_for_tournament" {
  description = "Players registered for a tournament, by player id"
  entity      = entity.Registration
  key {
    PK = "TOURNAMENT#${tournamentId}"
    SK = begins_with("PLAYER#")
  }
  workload {
    rate       = 0.2
    peak_rate  = 1
    items_read = 100
  }
  example {
    tournamentId = "WINTER2024"
    returns      = [entity.Registration.example["winter2024-ace"], entity.Registration.example["winter2024-dusk"], entity.Registration.example["winter2024-echo"]]
  }
}

access_pattern "registrations_by_time" {
  description = "Registrations of a tournament in a time window, earliest first (LSI)"
  entity      = entity.Registration
  index       = "ByRegisteredAt"
  inputs = {
    from = string
    to   = string
  }
  key {
    PK           = "TOURNAMENT#${tournamentId}"
    registeredAt = between(from, to)
  }
  attributes = ["playerId", "registeredAt"]
  workload {
    rate      = 0.05
    peak_rate = 0.25
  }
  example {
    tournamentId = "WINTER2024"
    from         = "2024-11-01T00:00:00Z"
    to           = "2024-11-03T00:00:00Z"
    returns      = [entity.Registration.example["winter2024-dusk"], entity.Registration.example["winter2024-ace"]]
  }
}

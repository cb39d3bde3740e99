# A club whose players and coaches share a score index and often a score:
# every limit here ends its read inside a run of equal scores (TD158,
# accepted), across two entities, and after a filter,
# so a generated contract must accept any choice the limit allows.
table "club" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByScore" {
    partition_key = "team"
    sort_key      = "score"
  }
}

entity "Player" {
  attributes = {
    team   = string
    name   = string
    score  = number
    active = bool
  }
  key {
    PK = "TEAM#${team}"
    SK = "P#${name}"
  }
  example "ann" {
    team   = "red"
    name   = "ann"
    score  = 9
    active = true
  }
  example "bob" {
    team   = "red"
    name   = "bob"
    score  = 7
    active = false
  }
  example "cid" {
    team   = "red"
    name   = "cid"
    score  = 7
    active = true
  }
  example "dan" {
    team   = "red"
    name   = "dan"
    score  = 7
    active = true
  }
  example "gus" {
    team   = "blue"
    name   = "gus"
    score  = 5
    active = true
  }
  example "hal" {
    team   = "blue"
    name   = "hal"
    score  = 5
    active = true
  }
}

entity "Coach" {
  attributes = {
    team   = string
    name   = string
    score  = number
    active = bool
  }
  key {
    PK = "TEAM#${team}"
    SK = "C#${name}"
  }
  example "eve" {
    team   = "red"
    name   = "eve"
    score  = 7
    active = true
  }
}

access_pattern "top_three_people" {
  entities = [entity.Player, entity.Coach]
  index    = "ByScore"
  key {
    team = team
  }
  order = "desc"
  limit = 3
  example {
    team          = "red"
    returns_count = 3
  }
}

access_pattern "top_active" {
  entities = [entity.Player, entity.Coach]
  index    = "ByScore"
  key {
    team = team
  }
  order  = "desc"
  limit  = 3
  filter = active
  example {
    team = "red"
  }
}

accept "TD158" {
  target = access_pattern.top_three_people
  reason = "any three of the best will do"
}

accept "TD158" {
  target = access_pattern.top_active
  reason = "any of the best active players will do"
}

# A schema whose index sort key is a number beyond JavaScript's precision:
# Rank = 9007199254740992 + seq (2^53 + seq, exact at go-cty's precision),
# so that ranks 2^53 + 1, 2^53 + 2, 2^53 + 3 are three numbers in DynamoDB
# and one or two in a JavaScript number. TestExactNumbers writes them
# through the generated writer and pages through them one at a time: the
# records, the cursors and the recognisers must carry them exactly.

table "scores" {
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "Ranked" {
    partition_key = "RankPK"
    sort_key      = "Rank"
  }
}

entity "Score" {
  table = table.scores
  attributes = {
    player = string
    seq    = number
  }
  key {
    PK = "SCORE#${player}"
    SK = "SCORE"
  }
  index "Ranked" {
    RankPK = "RANKED"
    Rank   = 9007199254740992 + seq
  }
  example "a" {
    player = "a"
    seq    = 1
  }
  example "b" {
    player = "b"
    seq    = 2
  }
  example "c" {
    player = "c"
    seq    = 3
  }
}

access_pattern "ranked" {
  entity = entity.Score
  index  = "Ranked"
  key {
    RankPK = "RANKED"
  }
  limit = 1
  example {
    returns = [entity.Score.example["a"]]
  }
}

write_pattern "add_score" {
  put {
    entity    = entity.Score
    condition = attribute_not_exists(PK)
  }
}

accept "TD113" {
  target = entity.Score
  reason = "three items: the test pages through one partition"
}

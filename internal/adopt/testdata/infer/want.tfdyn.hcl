# Adopted by tfdyn import from the live table "app" ().
# The table block is exact: emitted as Terraform it plans no change to the table.
# The entities are proposals: review their names, attributes and key templates.
table "app" {
  name                   = "app"
  billing_mode           = "PAY_PER_REQUEST"
  partition_key          = "PK"
  sort_key               = "SK"
  point_in_time_recovery = false
  deletion_protection    = false
  table_class            = "STANDARD"

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "score"
  }

  local_secondary_index "ByDay" {
    sort_key   = "day"
    projection = "KEYS_ONLY"
  }
}

# Proposal: inferred from 1 item with partition key prefix "ORG#" and sort key prefix "PROFILE".
entity "OrgProfile" {
  table = table.app
  attributes = {
    org  = string
    plan = string
  }

  key {
    PK = "ORG#${org}"
    SK = "PROFILE"
  }

  example {
    org  = "acme"
    plan = "pro"
  }
}

# Proposal: inferred from 3 items with partition key prefix "USER#" and sort key prefix "GAME#".
# Left out: "note" has several types (number, string): declare it by hand.
entity "Game" {
  table = table.app
  attributes = {
    day    = string
    game   = string
    gameId = string
    score  = number
    user   = string
  }

  key {
    PK = "USER#${user}"
    SK = "GAME#${game}"
  }

  index "GSI1" {
    GSI1PK = "GAME#${gameId}"
  }

  index "ByDay" {
  }

  example {
    day    = "2024-05-01"
    game   = "2024#g1"
    gameId = "g1"
    score  = 1200
    user   = "alice"
  }

  example {
    day    = "2024-05-02"
    game   = "2024#g2"
    gameId = "g2"
    score  = 900
    user   = "bob"
  }
}

# Proposal: inferred from 2 items with partition key prefix "USER#" and sort key prefix "PROFILE".
# Left out: "prefs" has DynamoDB type M, which a tfdyn attribute type cannot express: declare it by hand.
entity "UserProfile" {
  table = table.app
  attributes = {
    active   = optional(bool)
    age      = optional(number)
    bad-name = optional(string)
    nick     = optional(string)
    roles    = optional(set(string))
    username = string
  }

  key {
    PK = "USER#${username}"
    SK = "PROFILE"
  }

  example {
    active   = true
    bad-name = "x"
    nick     = "al"
    roles    = ["admin", "dev"]
    username = "alice"
  }

  example {
    age      = 41
    username = "bob"
  }
}

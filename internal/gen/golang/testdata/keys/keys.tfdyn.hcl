# Key templates for the key-equivalence test of tfdyn gen go: every
# construct the generators reproduce, each checked against hclschema's
# evaluator over random values (TestKeyEquivalence, FuzzKeyEquivalence).

table "keys" {
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    sort_key      = "GSI2SK"
  }
  global_secondary_index "Rank" {
    partition_key = "RankPK"
    sort_key      = "RankSK"
  }
  global_secondary_index "Multi" {
    partition_key = ["tenant", "region"]
    sort_key      = ["round", "bracket", "matchId"]
  }
  local_secondary_index "ByScore" {
    sort_key = "score"
  }
}

entity "Issue" {
  attributes = {
    owner  = string
    repo   = string
    number = number
    status = enum("OPEN", "CLOSED")
    title  = string
    nick   = optional(string)
    score  = optional(number)
    pinned = optional(bool)
  }
  # Computed attributes: a constant a sparse condition reads, templates
  # (one over an optional attribute: absent when it is), a number, a bool.
  computed = {
    EntityType   = "issue"
    Slug         = lower("${owner}/${repo}")
    "Nick Upper" = upper(nick)
    Double       = number * 2
    Big          = number >= 100
  }
  key {
    PK = "ISSUE#${lower(owner)}#${upper(repo)}#${format("%07d", number)}"
    SK = "ISSUE#${format("%07d", number)}"
  }
  index "GSI1" {
    GSI1PK = "REPO#${owner}/${repo}"
    GSI1SK = status == "OPEN" ? "OPEN#${format("%07d", 9999999 - number)}" : "#CLOSED#${format("%07d", number)}"
  }
  index "GSI2" {
    when   = nick != null && (pinned == true || score >= 10)
    GSI2PK = "NICK#${trimspace(lower(nick))}"
    GSI2SK = "${coalesce(nick, "-")}#${number * 2 + 1}#${number % 7}#${-number}"
  }
  index "Rank" {
    when   = EntityType == "issue" && (!(status == "CLOSED") || pinned == true)
    RankPK = replace(trimprefix(title, "The "), " ", "_")
    RankSK = 1000000 - number * 10
  }
  index "ByScore" {}
  example {
    owner  = "octo"
    repo   = "hello"
    number = 42
    status = "OPEN"
    title  = "The answer"
  }
}

entity "Match" {
  attributes = {
    tenant  = string
    region  = string
    round   = number
    bracket = string
    matchId = string
    winner  = optional(string)
    label   = optional(string)
    labels  = optional(list(string))
  }
  key {
    PK = "MATCH#${matchId}"
    SK = "${trimsuffix(format("%s:%d:%s", tenant, round, region), ":")}#${winner == null ? "open" : "won by ${winner}"}"
  }
  index "Multi" {}
  index "GSI1" {
    GSI1PK = "LABEL#${label}"
    GSI1SK = "R${round / 4}"
  }
  index "GSI2" {
    when   = labels != null
    GSI2PK = "LABELS#${matchId}"
    GSI2SK = "${round}"
  }
  example {
    tenant  = "t1"
    region  = "EU"
    round   = 1
    bracket = "UPPER"
    matchId = "m-1"
  }
}

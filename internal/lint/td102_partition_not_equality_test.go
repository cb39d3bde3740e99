package lint

import "testing"

const multiAttrTable = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "Matches" {
    partition_key = ["tournament", "region"]
    sort_key      = ["round", "bracket", "matchId"]
  }
}
entity "Match" {
  attributes = {
    tournament = string
    region     = string
    round      = string
    bracket    = string
    matchId    = string
  }
  key {
    PK = "MATCH#${matchId}"
    SK = "MATCH#${matchId}"
  }
}
`

func TestPartitionNotEquality(t *testing.T) {
	runRuleCases(t, rulePartitionNotEquality, []ruleCase{
		{name: "begins_with on the partition key", src: `
table "app" {
  partition_key = "PK"
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
  }
}
access_pattern "users" {
  entity = entity.User
  key {
    PK = begins_with("USER#")
  }
}
`, want: []string{"TD102 error 14:5-14:30 `PK = begins_with(\"USER#\")`"}},
		{name: "multi-attribute partition part missing", src: multiAttrTable + `
access_pattern "matches" {
  entity = entity.Match
  index  = "Matches"
  key {
    tournament = tournament
  }
}
`, want: []string{"TD102 error 27:3-27:6 `key`"}},
		{name: "every partition part by equality", src: multiAttrTable + `
access_pattern "matches" {
  entity = entity.Match
  index  = "Matches"
  key {
    tournament = tournament
    region     = region
  }
}
`},
	})
}

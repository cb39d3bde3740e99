package lint

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// players: three players of team red, two of them at score 7 (lines 1-34).
const players = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "ByScore" {
    sort_key = "score"
  }
}
entity "Player" {
  attributes = { team = string, name = string, score = number }
  key {
    PK = "TEAM#${team}"
    SK = "P#${name}"
  }
  example "ann" {
    team  = "red"
    name  = "ann"
    score = 9
  }
  example "bob" {
    team  = "red"
    name  = "bob"
    score = 7
  }
  example "cid" {
    team  = "red"
    name  = "cid"
    score = 7
  }
  example "dan" {
    team  = "red"
    name  = "dan"
    score = 5
  }
}
`

func topPlayers(limit string) string {
	return players + `access_pattern "top" {
  entity = entity.Player
  index  = "ByScore"
  key {
    PK = "TEAM#${team}"
  }
  order = "desc"
  limit = ` + limit + `
}
`
}

func TestLimitCutsTie(t *testing.T) {
	runRuleCases(t, ruleLimitCutsTie, []ruleCase{
		{name: "limit ends inside the run at 7", src: topPlayers("2"), want: []string{"TD158 warning 42:11-42:12 `2`"}},
		{name: "limit ends after the run", src: topPlayers("3")},
		{name: "limit ends before the run", src: topPlayers("1")},
		{name: "no limit", src: players + `access_pattern "all" {
  entity = entity.Player
  index  = "ByScore"
  key {
    PK = "TEAM#${team}"
  }
}
`},
	})
}

func TestLimitCutsTieDetail(t *testing.T) {
	require.Equal(t, `Access pattern "top" reads 2 item(s). With inputs {team = "red"} (from the example Player["ann"] at test.tfdyn.hcl:14,3-16) the limit ends the read inside a run of items whose order DynamoDB leaves unspecified: their sort keys (score) are equal. The read takes 1 of them, any of Player["bob"], Player["cid"], so which ones it returns can differ from one call, table or DynamoDB implementation to another. Make the sort key unique among the items the pattern reads (a sort key template that ends in a unique attribute, such as "${score}#${id}"), raise the limit past the run, or accept the finding when any of them will do.`, detailOf(t, ruleLimitCutsTie, topPlayers("2")))
}

// TestExpectedResultAnyPickOfACut: a declared result that takes another
// item of the run the limit cuts is one DynamoDB may return (TD136 stays
// silent); one that leaves out the item before the run is not.
func TestExpectedResultAnyPickOfACut(t *testing.T) {
	pattern := func(returns string) string {
		return strings.Replace(topPlayers("2"), "  limit = 2\n", "  limit = 2\n  example {\n    team    = \"red\"\n    returns = "+returns+"\n  }\n", 1)
	}
	runRuleCases(t, ruleExpectedResult, []ruleCase{
		{name: "the oracle's pick", src: pattern(`[entity.Player.example["ann"], entity.Player.example["bob"]]`)},
		{name: "the other item of the run", src: pattern(`[entity.Player.example["ann"], entity.Player.example["cid"]]`)},
		{name: "the run without the item before it", src: pattern(`[entity.Player.example["bob"], entity.Player.example["cid"]]`),
			want: []string{"TD136 error 45:15-45:75 `[entity.Player.example[\"bob\"], entity.Player.example[\"cid\"]]`"}},
	})
}

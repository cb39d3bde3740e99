package lint

import "testing"

func TestSortKeyOrder(t *testing.T) {
	runRuleCases(t, ruleSortKeyOrder, []ruleCase{
		{name: "skipped sort attribute", src: multiAttrTable + `
access_pattern "matches" {
  entity = entity.Match
  index  = "Matches"
  key {
    tournament = tournament
    region     = region
    bracket    = bracket
  }
}
`, want: []string{"TD104 error 30:5-30:25 `bracket    = bracket`"}},
		{name: "condition after an inequality", src: multiAttrTable + `
access_pattern "matches" {
  entity = entity.Match
  index  = "Matches"
  key {
    tournament = tournament
    region     = region
    round      = begins_with("R")
    bracket    = bracket
    matchId    = gt("m")
  }
}
`, want: []string{
			"TD104 error 31:5-31:25 `bracket    = bracket`",
			"TD104 error 32:5-32:25 `matchId    = gt(\"m\")`",
		}},
		{name: "left to right with the inequality last", src: multiAttrTable + `
access_pattern "matches" {
  entity = entity.Match
  index  = "Matches"
  key {
    tournament = tournament
    region     = region
    round      = round
    bracket    = between("A", "C")
  }
}
`},
	})
}

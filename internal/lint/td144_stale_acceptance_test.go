package lint

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// counterSchema has a hot counter (TD141 on line 14) and, appended, accept
// blocks.
const counterSchema = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Counter" {
  attributes = { hits = number }
  key {
    PK = "COUNTER"
    SK = "COUNTER"
  }
  workload {
    item_size   = 100
    peak_writes = 2000
  }
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
    SK = "PROFILE"
  }
  example {
    id = "u1"
  }
}
`

func TestStaleAcceptance(t *testing.T) {
	runRuleCases(t, ruleStaleAcceptance, []ruleCase{
		{name: "an acceptance that matches the finding", src: counterSchema + `
accept "TD141" {
  target = entity.Counter
  reason = "launch week only; sharded in issue 42"
}
`},
		{name: "the right code on another block", src: counterSchema + `
accept "TD141" {
  target = entity.User
  reason = "copied from the counter"
}
`, want: []string{"TD144 error 28:8-28:15 `\"TD141\"`"}},
		{name: "a code with no finding", src: counterSchema + `
accept "TD140" {
  target = entity.Counter
  reason = "no longer read"
}
`, want: []string{"TD144 error 28:8-28:15 `\"TD140\"`"}},
	})
}

// TestAcceptRemovesFinding: Run leaves out the accepted finding and keeps the
// others; without the acceptance the finding is there.
func TestAcceptRemovesFinding(t *testing.T) {
	codes := func(src string) []string {
		s := load(t, src)
		var out []string
		for _, d := range Run(s) {
			out = append(out, string(diag.CodeOf(d)))
		}
		return out
	}
	require.Contains(t, codes(counterSchema), "TD141")
	accepted := codes(counterSchema + `
accept "TD141" {
  target = entity.Counter
  reason = "launch week only"
}
`)
	require.NotContains(t, accepted, "TD141")
	require.NotContains(t, accepted, "TD144")
	require.Contains(t, accepted, "TD121", "other findings stay (Counter has no example)")
	s := load(t, counterSchema+`
accept "TD141" {
  target = entity.User
  reason = "copied from the counter"
}
`)
	d := ruleStaleAcceptance.Check(s)
	require.Len(t, d, 1)
	require.Equal(t, "Acceptance matches no finding", d[0].Summary)
	require.Equal(t, `The acceptance of TD141 on entity.User (reason: "copied from the counter") matches no finding: the finding is gone or lies elsewhere. Remove the accept block, or point its target at the block that has the finding.`, d[0].Detail)
}

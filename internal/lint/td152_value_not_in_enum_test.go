package lint

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// accounts is an account with an enum status, indexed by status while it
// is not closed (lines 1-26); WHEN is the sparse condition.
const accounts = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "Account" {
  attributes = {
    id     = string
    status = optional(enum("active", "suspended", "pending"))
    plan   = string
  }
  key {
    PK = "ACCOUNT#${id}"
    SK = "ACCOUNT"
  }
  index "GSI1" {
    when   = WHEN
    GSI1PK = "STATUS#${status}"
    GSI1SK = "ACCOUNT#${id}"
  }
  example "a1" {
    id     = "a1"
    status = "active"
    plan   = "free"
  }
}
`

func accountSchema(when string) string { return strings.Replace(accounts, "WHEN", when, 1) }

func TestValueNotInEnum(t *testing.T) {
	runRuleCases(t, ruleValueNotInEnum, []ruleCase{
		{name: "sparse condition never holds", src: accountSchema(`status == "Active"`),
			want: []string{"TD152 error 20:24-20:32 `\"Active\"`"}},
		{name: "sparse condition within the enum", src: accountSchema(`status != "suspended" && plan == "Active"`)},
		{name: "sparse condition always holds", src: accountSchema(`"closed" != status`),
			want: []string{"TD152 error 20:14-20:22 `\"closed\"`"}},
		{name: "filter", src: accountSchema(`status != null`) + `access_pattern "accounts_in_status" {
  entity = entity.Account
  index  = "GSI1"
  key {
    GSI1PK = "STATUS#${status}"
  }
  filter = plan == "free" || status == "archived"
}
`, want: []string{"TD152 error 36:40-36:50 `\"archived\"`"}},
		{name: "write condition", src: accountSchema(`status != null`) + `write_pattern "activate" {
  update {
    entity    = entity.Account
    set       = { status = "active" }
    condition = status == "pending" || status == "suspend"
  }
}
`, want: []string{"TD152 error 34:50-34:59 `\"suspend\"`"}},
		{name: "write condition within the enum", src: accountSchema(`status != null`) + `write_pattern "activate" {
  update {
    entity    = entity.Account
    set       = { status = "active" }
    condition = status == input.expected
  }
  inputs = { expected = string }
}
`},
	})
	d := detailOf(t, ruleValueNotInEnum, accountSchema(`status == "Active"`))
	require.Equal(t, `The sparse condition of entity "Account" in GSI "GSI1" compares "status" with "Active", which is not one of its values enum("active", "suspended", "pending"). `+
		`Did you mean "active"? The comparison status == "Active" never holds: no item matches it.`, d)
}

package lint

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestUnknownReadAttribute(t *testing.T) {
	runRuleCases(t, ruleUnknownReadAttribute, []ruleCase{
		{name: "misspelled attribute", src: projectionSchema + `
access_pattern "order" {
  entity     = entity.Order
  attributes = ["totl", "orderId"]
  key {
    PK = "ORDER#${orderId}"
  }
}
`, want: []string{"TD118 error 28:17-28:23 `\"totl\"`"}},
		{name: "attributes and key attributes", src: projectionSchema + `
access_pattern "order" {
  entity     = entity.Order
  attributes = ["total", "PK", "status"]
  key {
    PK = "ORDER#${orderId}"
  }
}
`},
	})
	d := detailOf(t, ruleUnknownReadAttribute, projectionSchema+`
access_pattern "order" {
  entity     = entity.Order
  attributes = ["totl"]
  key {
    PK = "ORDER#${orderId}"
  }
}
`)
	require.Contains(t, d, `Did you mean "total"?`)
}

package lint

import "testing"

func TestBeginsWithNumber(t *testing.T) {
	runRuleCases(t, ruleBeginsWithNumber, []ruleCase{
		{name: "begins_with on a number sort key", src: orderTotalSchema + `
access_pattern "totals" {
  entity = entity.Order
  index  = "ByTotal"
  key {
    PK    = "CUSTOMER#${customer}"
    total = begins_with(1)
  }
}
`, want: []string{"TD109 error 26:5-26:27 `total = begins_with(1)`"}},
		{name: "begins_with on a string sort key", src: orderTotalSchema + `
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER#")
  }
}
`},
	})
}

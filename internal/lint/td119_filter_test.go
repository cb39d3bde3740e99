package lint

import "testing"

func TestFilter(t *testing.T) {
	runRuleCases(t, ruleFilter, []ruleCase{
		{name: "filter on a query", src: userOrderSchema + `
access_pattern "open_orders" {
  entity = entity.Order
  filter = status == "OPEN"
  key {
    PK = "CUSTOMER#${customer}"
  }
}
`, want: []string{"TD119 warning 20:12-20:28 `status == \"OPEN\"`"}},
		{name: "no filter", src: userOrderSchema + `
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
  }
}
`},
	})
}

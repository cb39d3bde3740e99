package lint

import "testing"

func TestConditionNeverMatches(t *testing.T) {
	runRuleCases(t, ruleConditionNeverMatches, []ruleCase{
		{name: "partition of another index's template", src: gsi1Schema + `
access_pattern "order_by_id" {
  entity = entity.Order
  index  = "GSI1"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}
`, want: []string{"TD124 error 33:5-33:32 `GSI1PK = \"ORDER#${orderId}\"`"}},
		{name: "sort prefix the entity never writes", src: gsi1Schema + `
access_pattern "invoices" {
  entity = entity.Invoice
  key {
    PK = "ORDER#${orderId}"
    SK = begins_with("ITEM#")
  }
}
`, want: []string{"TD124 error 33:5-33:30 `SK = begins_with(\"ITEM#\")`"}},
		{name: "matching conditions", src: gsi1Schema + `
access_pattern "invoice" {
  entity = entity.Invoice
  key {
    PK = "ORDER#${orderId}"
    SK = begins_with("INVOICE#")
  }
}
`},
	})
}

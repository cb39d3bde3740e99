package lint

import "testing"

const orderTotalSchema = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "ByTotal" {
    sort_key = "total"
  }
}
entity "Order" {
  attributes = {
    customer = string
    orderId  = string
    total    = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
}
`

func TestConditionType(t *testing.T) {
	runRuleCases(t, ruleConditionType, []ruleCase{
		{name: "number input against a string key", src: orderTotalSchema + `
access_pattern "by_number" {
  entity = entity.Order
  inputs = { n = number }
  key {
    PK = n
    SK = between(1, "ORDER#9")
  }
}
`, want: []string{
			"TD108 error 25:10-25:11 `n`",
			"TD108 error 26:18-26:19 `1`",
		}},
		{name: "string against a number key", src: orderTotalSchema + `
access_pattern "big_orders" {
  entity = entity.Order
  index  = "ByTotal"
  key {
    PK    = "CUSTOMER#${customer}"
    total = gte("100")
  }
}
`, want: []string{"TD108 error 26:17-26:22 `\"100\"`"}},
		{name: "matching types", src: orderTotalSchema + `
access_pattern "big_orders" {
  entity = entity.Order
  index  = "ByTotal"
  inputs = { min = number }
  key {
    PK    = "CUSTOMER#${customer}"
    total = gte(min)
  }
}
`},
	})
}

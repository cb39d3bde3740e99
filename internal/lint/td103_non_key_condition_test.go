package lint

import (
	"testing"

	"github.com/stretchr/testify/require"
)

const userOrderSchema = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Order" {
  attributes = {
    customer = string
    orderId  = string
    status   = string
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
}
`

func TestNonKeyCondition(t *testing.T) {
	runRuleCases(t, ruleNonKeyCondition, []ruleCase{
		{name: "condition on a plain attribute", src: userOrderSchema + `
access_pattern "open_orders" {
  entity = entity.Order
  key {
    PK     = "CUSTOMER#${customer}"
    status = "OPEN"
  }
}
`, want: []string{"TD103 error 22:5-22:20 `status = \"OPEN\"`"}},
		{name: "condition on a key of another index", src: userOrderSchema + `
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    Sk = begins_with("ORDER#")
  }
}
`, want: []string{"TD103 error 22:5-22:31 `Sk = begins_with(\"ORDER#\")`"}},
		{name: "key attributes only", src: userOrderSchema + `
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER#")
  }
}
`},
	})
	d := detailOf(t, ruleNonKeyCondition, userOrderSchema+`
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    Sk = begins_with("ORDER#")
  }
}
`)
	require.Contains(t, d, `Did you mean "SK"?`)
}

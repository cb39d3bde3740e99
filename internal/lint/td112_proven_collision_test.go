package lint

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/diag"
)

const orderItemExamples = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Order" {
  attributes = {
    customer = string
    orderId  = string
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  example {
    customer = "alice"
    orderId  = "o-1"
  }
}
entity "OrderItem" {
  attributes = {
    customer = string
    orderId  = string
    itemId   = string
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDERITEM#${orderId}#${itemId}"
  }
  example {
    customer = "alice"
    orderId  = "o-1"
    itemId   = "1"
  }
}
`

func TestProvenCollision(t *testing.T) {
	runRuleCases(t, ruleProvenCollision, []ruleCase{
		{name: "example item matches begins_with", src: orderItemExamples + `
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER")
  }
}
`, want: []string{"TD112 error 41:5-41:30 `SK = begins_with(\"ORDER\")`"}},
		{name: "explicit input set", src: orderItemExamples + `
access_pattern "by_customer" {
  entity = entity.Order
  inputs = { who = string }
  key {
    PK = "CUSTOMER#${who}"
  }
  example {
    who = "alice"
  }
}
`, want: []string{"TD112 error 41:5-41:27 `PK = \"CUSTOMER#${who}\"`"}},
		{name: "no example matches", src: orderItemExamples + `
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER#")
  }
}
`},
	})
	d := detailOf(t, ruleProvenCollision, orderItemExamples+`
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER")
  }
}
`)
	require.Contains(t, d, `Proven with example: the example OrderItem#1 at test.tfdyn.hcl:30,3-10 has PK = "CUSTOMER#alice", SK = "ORDERITEM#o-1#1"`)
	require.Contains(t, d, `with inputs customer = "alice" (from the example Order#1 at test.tfdyn.hcl:15,3-10)`)
}

func TestProvenCollisionExcludesPrefixFinding(t *testing.T) {
	s := load(t, orderItemExamples+`
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER")
  }
}
`)
	var got []string
	for _, d := range Run(s) {
		if c := diag.CodeOf(d); c == CodePrefixCollision || c == CodeProvenCollision {
			got = append(got, finding(s, d))
		}
	}
	require.Equal(t, []string{"TD112 error 41:5-41:30 `SK = begins_with(\"ORDER\")`"}, got)
}

package lint

import (
	"testing"

	"github.com/stretchr/testify/require"
)

const orderItemSchema = `
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
}
`

func TestPrefixCollision(t *testing.T) {
	runRuleCases(t, rulePrefixCollision, []ruleCase{
		{name: "begins_with prefix shared with another entity", src: orderItemSchema + `
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER")
  }
}
`, want: []string{"TD111 warning 32:5-32:30 `SK = begins_with(\"ORDER\")`"}},
		{name: "whole partition with two entities", src: orderItemSchema + `
access_pattern "customer_orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
  }
}
`, want: []string{"TD111 warning 31:5-31:32 `PK = \"CUSTOMER#${customer}\"`"}},
		{name: "range below another prefix", src: orderItemSchema + `
access_pattern "old_orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = between("ORDER#", "ORDERZ")
  }
}
`, want: []string{"TD111 warning 32:5-32:37 `SK = between(\"ORDER#\", \"ORDERZ\")`"}},
		{name: "separator ends the prefix", src: orderItemSchema + `
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER#")
  }
}
`},
		{name: "collection declares both entities", src: orderItemSchema + `
access_pattern "orders_and_items" {
  entities = [entity.Order, entity.OrderItem]
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER")
  }
}
`},
		{name: "distinct partition prefixes", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Order" {
  attributes = { orderId = string }
  key {
    PK = "ORDER#${orderId}"
    SK = "ORDER#${orderId}"
  }
}
entity "Invoice" {
  attributes = { invoiceId = string }
  key {
    PK = "INVOICE#${invoiceId}"
    SK = "ORDER#${invoiceId}"
  }
}
access_pattern "order" {
  entity = entity.Order
  key {
    PK = "ORDER#${orderId}"
  }
}
`},
	})
	d := detailOf(t, rulePrefixCollision, orderItemSchema+`
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER")
  }
}
`)
	require.Contains(t, d, `PK = "CUSTOMER#${customer}" AND begins_with(SK, "ORDER")`)
	require.Contains(t, d, `writes PK = "CUSTOMER#${customer}" and SK = "ORDERITEM#${orderId}#${itemId}"`)
}

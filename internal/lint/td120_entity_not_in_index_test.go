package lint

import "testing"

const gsi1Schema = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "Order" {
  attributes = { orderId = string }
  key {
    PK = "ORDER#${orderId}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDERS"
    GSI1SK = "${orderId}"
  }
}
entity "Invoice" {
  attributes = { orderId = string }
  key {
    PK = "ORDER#${orderId}"
    SK = "INVOICE#${orderId}"
  }
}
`

func TestEntityNotInIndex(t *testing.T) {
	runRuleCases(t, ruleEntityNotInIndex, []ruleCase{
		{name: "entity without an index block", src: gsi1Schema + `
access_pattern "orders_and_invoices" {
  entities = [entity.Order, entity.Invoice]
  index    = "GSI1"
  key {
    GSI1PK = "ORDERS"
  }
}
`, want: []string{"TD120 error 30:29-30:43 `entity.Invoice`"}},
		{name: "entity with an index block", src: gsi1Schema + `
access_pattern "orders" {
  entity = entity.Order
  index  = "GSI1"
  key {
    GSI1PK = "ORDERS"
  }
}
`},
	})
}

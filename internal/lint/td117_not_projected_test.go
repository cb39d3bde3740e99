package lint

import "testing"

const projectionSchema = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByStatus" {
    partition_key = "status"
    sort_key      = "orderDate"
    projection    = "INCLUDE"
    include       = ["total"]
  }
}
entity "Order" {
  attributes = {
    orderId   = string
    status    = string
    orderDate = string
    total     = number
    note      = optional(string)
  }
  key {
    PK = "ORDER#${orderId}"
    SK = "ORDER#${orderId}"
  }
}
`

func TestNotProjected(t *testing.T) {
	runRuleCases(t, ruleNotProjected, []ruleCase{
		{name: "attribute outside the include list", src: projectionSchema + `
access_pattern "orders_by_status" {
  entity     = entity.Order
  index      = "ByStatus"
  attributes = ["PK", "total", "note"]
  key {
    status = status
  }
}
`, want: []string{"TD117 error 29:32-29:38 `\"note\"`"}},
		{name: "projected, key and table key attributes", src: projectionSchema + `
access_pattern "orders_by_status" {
  entity     = entity.Order
  index      = "ByStatus"
  attributes = ["PK", "SK", "status", "orderDate", "total"]
  key {
    status = status
  }
}
`},
	})
}

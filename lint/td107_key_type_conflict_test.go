package lint

import "testing"

func TestKeyTypeConflict(t *testing.T) {
	runRuleCases(t, ruleKeyTypeConflict, []ruleCase{
		{name: "attribute types differ", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "ByTotal" {
    sort_key = "total"
  }
}
entity "Order" {
  attributes = {
    id    = string
    total = number
  }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER#${id}"
  }
}
entity "Refund" {
  attributes = {
    id    = string
    total = string
  }
  key {
    PK = "ORDER#${id}"
    SK = "REFUND#${id}"
  }
}
`, want: []string{"TD107 error 22:13-22:19 `string`"}},
		{name: "template types differ", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "Order" {
  attributes = {
    id    = string
    total = number
  }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER#${id}"
  }
  index "GSI1" {
    GSI1PK = "ORDERS"
    GSI1SK = total
  }
}
entity "Invoice" {
  attributes = { id = string }
  key {
    PK = "INVOICE#${id}"
    SK = "INVOICE#${id}"
  }
  index "GSI1" {
    GSI1PK = "INVOICES#${id}"
    GSI1SK = "INVOICE#${id}"
  }
}
`, want: []string{"TD107 error 32:14-32:29 `\"INVOICE#${id}\"`"}},
		{name: "one type per key attribute", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "ByTotal" {
    sort_key = "total"
  }
}
entity "Order" {
  attributes = {
    id    = string
    total = number
  }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER#${id}"
  }
}
entity "Refund" {
  attributes = {
    id    = string
    total = number
  }
  key {
    PK = "ORDER#${id}"
    SK = "REFUND#${id}"
  }
}
`},
	})
}

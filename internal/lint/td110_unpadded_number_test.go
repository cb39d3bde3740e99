package lint

import "testing"

func TestUnpaddedNumber(t *testing.T) {
	runRuleCases(t, ruleUnpaddedNumber, []ruleCase{
		{name: "number in string sort keys", src: `
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
    customer = string
    orderId  = string
    total    = number
    rank     = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${total}#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "RANK#${rank}"
    GSI1SK = "R${rank}"
  }
}
`, want: []string{
			"TD110 warning 19:19-19:24 `total`",
			"TD110 warning 23:18-23:22 `rank`",
		}},
		{name: "padded, numeric or partition keys", src: `
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
    customer = string
    orderId  = string
    total    = number
    rank     = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${format("%010d", total)}#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "RANK#${rank}"
    GSI1SK = "${rank}"
  }
}
`},
	})
}

package lint

import "testing"

func TestConstantPartitionKey(t *testing.T) {
	runRuleCases(t, ruleConstantPartitionKey, []ruleCase{
		{name: "sparse index on a constant partition", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    sort_key      = "GSI2SK"
  }
}
entity "Order" {
  attributes = {
    orderId = string
    status  = string
  }
  key {
    PK = "ORDER#${orderId}"
    SK = "ORDER#${orderId}"
  }
  index "GSI2" {
    when   = status == "OPEN"
    GSI2PK = "OPEN"
    GSI2SK = "${orderId}"
  }
}
`, want: []string{"TD113 warning 21:14-21:20 `\"OPEN\"`"}},
		{name: "singleton item and variable partitions", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Config" {
  attributes = { value = string }
  key {
    PK = "CONFIG"
    SK = "CONFIG"
  }
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
    SK = "PROFILE"
  }
}
`},
	})
}

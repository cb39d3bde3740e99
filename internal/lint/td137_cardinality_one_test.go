package lint

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// customers is a customer lookup by email (lines 1-30) whose two examples
// share an address once lowered.
const customers = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "Customer" {
  attributes = {
    username = string
    email    = string
  }
  key {
    PK = "CUSTOMER#${username}"
    SK = "CUSTOMER#${username}"
  }
  index "GSI1" {
    GSI1PK = "EMAIL#${lower(email)}"
    GSI1SK = "EMAIL#${lower(email)}"
  }
  example "alice" {
    username = "alice"
    email    = "Alice@example.com"
  }
  example "alice2" {
    username = "alice2"
    email    = "alice@example.com"
  }
}
`

func TestCardinalityOne(t *testing.T) {
	runRuleCases(t, ruleCardinalityOne, []ruleCase{
		{name: "lookup by a non-unique attribute", src: customers + `access_pattern "customer_by_email" {
  entity      = entity.Customer
  index       = "GSI1"
  cardinality = "one"
  limit       = 1
  key {
    GSI1PK = "EMAIL#${lower(email)}"
    GSI1SK = "EMAIL#${lower(email)}"
  }
}
`, want: []string{"TD137 error 34:17-34:22 `\"one\"`"}},
		{name: "lookup by the primary key", src: customers + `access_pattern "customer_by_username" {
  entity      = entity.Customer
  cardinality = "one"
  key {
    PK = "CUSTOMER#${username}"
    SK = "CUSTOMER#${username}"
  }
}
`},
		{name: "many items, declared many", src: customers + `access_pattern "customers_by_email" {
  entity      = entity.Customer
  index       = "GSI1"
  cardinality = "many"
  key {
    GSI1PK = "EMAIL#${lower(email)}"
  }
}
`},
	})
	d := detailOf(t, ruleCardinalityOne, customers+`access_pattern "customer_by_email" {
  entity      = entity.Customer
  index       = "GSI1"
  cardinality = "one"
  key {
    GSI1PK = "EMAIL#${lower(email)}"
  }
  example {
    email = "ALICE@example.com"
  }
}
`)
	require.Equal(t, `Access pattern "customer_by_email" is declared cardinality = "one", but with inputs {email = "ALICE@example.com"} (from example 1 of access pattern "customer_by_email") its key matches 2 items: Customer["alice"], Customer["alice2"]. `+
		`Its key GSI1PK = "EMAIL#alice@example.com" is not unique for these items: key the lookup on an attribute that is unique per item, or declare cardinality = "many" if several items are meant.`, d)
}

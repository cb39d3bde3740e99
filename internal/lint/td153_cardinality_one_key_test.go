package lint

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// lookups is a customer keyed by username with an e-mail GSI, and orders
// under their customer with an order-id GSI (lines 1-40).
const lookups = `table "t" {
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
  UNIQUE
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
    email    = "alice@example.com"
  }
}
entity "Order" {
  attributes = {
    username = string
    orderId  = string
  }
  key {
    PK = "CUSTOMER#${username}"
    SK = "ORDER#${orderId}"
  }
  index "GSI1" {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "USER#${username}"
  }
  example "o1" {
    username = "alice"
    orderId  = "o1"
  }
}
`

func lookupSchema(unique string) string { return strings.Replace(lookups, "UNIQUE", unique, 1) }

func TestCardinalityOneKey(t *testing.T) {
	byEmail := `access_pattern "customer_by_email" {
  entity      = entity.Customer
  index       = "GSI1"
  cardinality = "one"
  key {
    GSI1PK = "EMAIL#${lower(email)}"
    GSI1SK = "EMAIL#${lower(email)}"
  }
}
`
	byEmail0 := strings.ReplaceAll(byEmail, "lower(email)", "email")
	runRuleCases(t, ruleCardinalityOneKey, []ruleCase{
		{name: "lookup by an attribute not declared unique", src: lookupSchema("") + byEmail,
			want: []string{"TD153 error 49:17-49:22 `\"one\"`"}},
		{name: "lookup by a normalised value, the raw value unique", src: lookupSchema(`unique = ["email"]`) + byEmail,
			want: []string{"TD153 error 49:17-49:22 `\"one\"`"}},
		{name: "lookup by a normalised value declared unique", src: lookupSchema(`unique = [lower(email)]`) + byEmail},
		{name: "lookup by another normalisation", src: lookupSchema(`unique = [upper(email)]`) + byEmail,
			want: []string{"TD153 error 49:17-49:22 `\"one\"`"}},
		{name: "lookup by a unique attribute as it is", src: strings.ReplaceAll(lookupSchema(`unique = ["email"]`), "lower(email)", "email") + byEmail0},
		{name: "lookup by the raw value, its normalisation unique", src: strings.ReplaceAll(lookupSchema(`unique = [lower(email)]`), "lower(email)}", "email}") + byEmail0},
		{name: "lookup by the full primary key", src: lookupSchema("") + `access_pattern "customer_by_username" {
  entity      = entity.Customer
  cardinality = "one"
  key {
    PK = "CUSTOMER#${username}"
    SK = "CUSTOMER#${username}"
  }
}
`},
		{name: "partition key computed from the whole primary key", src: lookupSchema("") + `access_pattern "customer_profile" {
  entity      = entity.Customer
  cardinality = "one"
  key {
    PK = "CUSTOMER#${username}"
  }
}
`},
		{name: "partition of several items", src: lookupSchema("") + `access_pattern "order_of_customer" {
  entity      = entity.Order
  cardinality = "one"
  key {
    PK = "CUSTOMER#${username}"
    SK = begins_with("ORDER#")
  }
}
`, want: []string{"TD153 error 48:17-48:22 `\"one\"`"}},
		{name: "index key from every primary key attribute", src: lookupSchema("") + `access_pattern "order_by_id_and_user" {
  entity      = entity.Order
  index       = "GSI1"
  cardinality = "one"
  key {
    GSI1PK = "ORDER#${orderId}"
    GSI1SK = "USER#${username}"
  }
}
`},
		{name: "index partition only", src: lookupSchema("") + `access_pattern "order_by_id" {
  entity      = entity.Order
  index       = "GSI1"
  cardinality = "one"
  key {
    GSI1PK = "ORDER#${orderId}"
  }
}
`, want: []string{"TD153 error 49:17-49:22 `\"one\"`"}},
		{name: "declared many", src: lookupSchema("") + strings.Replace(byEmail, `"one"`, `"many"`, 1)},
	})
	d := detailOf(t, ruleCardinalityOneKey, lookupSchema("")+byEmail)
	require.Equal(t, `Access pattern "customer_by_email" is declared cardinality = "one", but its key condition fixes only "email" of entity "Customer" by equality. `+
		`A key identifies one item only when it fixes "username" (what its primary key is computed from) or a value the entity declares unique; two items can share this one. `+
		`The key holds lower(email), not "email" as it is: a unique value must be declared with the same normalisation. `+
		`Declare the value unique on the entity (unique = [lower(email)]), which adds the guard item that enforces it, key the lookup on the primary key, or declare cardinality = "many".`, d)
	d = detailOf(t, ruleCardinalityOneKey, lookupSchema(`unique = ["email"]`)+byEmail)
	require.Contains(t, d, `The key holds lower(email), not "email" as it is: unique = ["email"] guards the raw value, so two values that differ only by lower(email) both pass the guard and then share this key. `)
	d = detailOf(t, ruleCardinalityOneKey, strings.ReplaceAll(lookupSchema(""), "lower(email)", "email")+byEmail0)
	require.Contains(t, d, `Declare the value unique on the entity (unique = ["email"]), `)
}

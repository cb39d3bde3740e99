package lint

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDuplicateTableName(t *testing.T) {
	runRuleCases(t, ruleDuplicateTableName, []ruleCase{
		{name: "a name equal to another table's label, and two equal names", src: `
table "shop" {
  partition_key = "PK"
}
table "orders" {
  name          = "shop"
  partition_key = "PK"
}
table "audit" {
  name          = "audit-log"
  partition_key = "PK"
}
table "audit2" {
  name          = "audit-log"
  partition_key = "PK"
}
`, want: []string{
			"TD135 error 6:19-6:25 `\"shop\"`",
			"TD135 error 14:19-14:30 `\"audit-log\"`",
		}},
		{name: "label equal to an earlier name", src: `
table "main" {
  name          = "shop"
  partition_key = "PK"
}
table "shop" {
  partition_key = "PK"
}
`, want: []string{"TD135 error 6:7-6:13 `\"shop\"`"}},
		{name: "distinct names", src: `
table "shop" {
  partition_key = "PK"
}
table "orders" {
  name          = "shop-orders"
  partition_key = "PK"
}
`},
	})
	require.Contains(t, detailOf(t, ruleDuplicateTableName, "table \"shop\" {\n  partition_key = \"PK\"\n}\ntable \"b\" {\n  name          = \"shop\"\n  partition_key = \"PK\"\n}\n"),
		`Tables "shop" and "b" are both named "shop" in DynamoDB`)
}

package lint

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestInvalidTableName(t *testing.T) {
	long := "t" + strings.Repeat("x", 255)
	runRuleCases(t, ruleInvalidTableName, []ruleCase{
		{name: "one-letter label as name", src: `
table "a" {
  partition_key = "PK"
}
`, want: []string{"TD125 error 2:7-2:10 `\"a\"`"}},
		{name: "256-character label", src: "table \"" + long + "\" {\n  partition_key = \"PK\"\n}\n",
			want: []string{"TD125 error 1:7-1:265 `\"" + long + "\"`"}},
		{name: "short label with a valid name", src: `
table "a" {
  name          = "app-table"
  partition_key = "PK"
}
`},
		{name: "three-character label", src: `
table "app" {
  partition_key = "PK"
}
`},
	})
	require.Contains(t, detailOf(t, ruleInvalidTableName, "table \"ab\" {\n  partition_key = \"PK\"\n}\n"),
		`"ab" is 2 character(s) long; DynamoDB needs at least 3`)
}

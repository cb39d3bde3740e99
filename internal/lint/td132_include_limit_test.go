package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// includes declares a GSI projecting g attributes and an LSI projecting l,
// one attribute per line.
func includes(g, l int) string {
	var b strings.Builder
	b.WriteString("table \"app\" {\n  partition_key = \"PK\"\n  sort_key      = \"SK\"\n")
	b.WriteString("  global_secondary_index \"GSI1\" {\n    partition_key = \"G1PK\"\n    projection    = \"INCLUDE\"\n    include = [\n")
	for i := 1; i <= g; i++ {
		fmt.Fprintf(&b, "      \"g%02d\",\n", i)
	}
	b.WriteString("    ]\n  }\n")
	b.WriteString("  local_secondary_index \"LSI1\" {\n    sort_key   = \"L1SK\"\n    projection = \"INCLUDE\"\n    include = [\n")
	for i := 1; i <= l; i++ {
		fmt.Fprintf(&b, "      \"l%02d\",\n", i)
	}
	b.WriteString("    ]\n  }\n}\n")
	return b.String()
}

func TestIncludeLimit(t *testing.T) {
	// GSI1's attributes start on line 8; LSI1's after 7 + g + 6 lines.
	runRuleCases(t, ruleIncludeLimit, []ruleCase{
		{name: "60 + 41 attributes", src: includes(60, 41), want: []string{"TD132 error 114:7-114:12 `\"l41\"`"}},
		{name: "60 + 40 attributes", src: includes(60, 40)},
	})
	require.Contains(t, detailOf(t, ruleIncludeLimit, includes(60, 41)),
		`list 101 non-key attributes in total; DynamoDB allows 100 summed over all secondary indexes (an attribute projected into two indexes counts twice), so CreateTable fails from "l41" of LSI "LSI1" on`)
}

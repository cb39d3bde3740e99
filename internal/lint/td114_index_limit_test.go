package lint

import (
	"fmt"
	"strings"
	"testing"
)

func manyIndexes(gsis, lsis int) string {
	var b strings.Builder
	b.WriteString("table \"app\" {\n  partition_key = \"PK\"\n  sort_key      = \"SK\"\n")
	for i := 1; i <= gsis; i++ {
		fmt.Fprintf(&b, "  global_secondary_index \"G%d\" {\n    partition_key = \"G%dPK\"\n  }\n", i, i)
	}
	for i := 1; i <= lsis; i++ {
		fmt.Fprintf(&b, "  local_secondary_index \"L%d\" {\n    sort_key = \"L%dSK\"\n  }\n", i, i)
	}
	b.WriteString("}\n")
	return b.String()
}

func TestIndexLimit(t *testing.T) {
	runRuleCases(t, ruleIndexLimit, []ruleCase{
		// Each index takes 3 lines after the 3 table header lines.
		{name: "21 GSIs and 6 LSIs", src: manyIndexes(21, 6), want: []string{
			"TD114 error 64:3-64:31 `global_secondary_index \"G21\"`",
			"TD114 error 82:3-82:29 `local_secondary_index \"L6\"`",
		}},
		{name: "20 GSIs and 5 LSIs", src: manyIndexes(20, 5)},
	})
}

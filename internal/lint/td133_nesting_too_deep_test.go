package lint

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// nestedLists declares attribute deep as n nested lists of strings.
func nestedLists(n int) string {
	return `table "app" {
  partition_key = "PK"
}
entity "Doc" {
  attributes = {
    id   = string
    deep = optional(` + strings.Repeat("list(", n) + "string" + strings.Repeat(")", n) + `)
  }
  key {
    PK = "DOC#${id}"
  }
}
`
}

func TestNestingTooDeep(t *testing.T) {
	// 32 lists of strings: the string is at level 33 (DynamoDB Local
	// rejects it; see verify's TestWriteMapsValidationExceptionToTheSchema).
	ty32 := strings.Repeat("list(", 32) + "string" + strings.Repeat(")", 32)
	runRuleCases(t, ruleNestingTooDeep, []ruleCase{
		{name: "32 nested lists", src: nestedLists(32), want: []string{"TD133 error 7:12-7:" + strconv.Itoa(12+len("optional()")+len(ty32)) + " `optional(" + ty32 + ")`"}},
		{name: "31 nested lists", src: nestedLists(31)},
		{name: "an object of maps, shallow", src: `
table "app" {
  partition_key = "PK"
}
entity "Doc" {
  attributes = { id = string, meta = object({ tags = map(list(string)) }) }
  key {
    PK = "DOC#${id}"
  }
}
`},
	})
	require.Contains(t, detailOf(t, ruleNestingTooDeep, nestedLists(40)), `Attribute "deep" of entity "Doc" nests values 41 levels deep; DynamoDB supports 32 levels`)
}

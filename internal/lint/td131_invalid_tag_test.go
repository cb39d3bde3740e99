package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func manyTags(n int) string {
	var b strings.Builder
	b.WriteString("table \"app\" {\n  partition_key = \"PK\"\n  tags = {\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "    t%02d = \"v\"\n", i)
	}
	b.WriteString("  }\n}\n")
	return b.String()
}

func TestInvalidTag(t *testing.T) {
	runRuleCases(t, ruleInvalidTag, []ruleCase{
		{name: "empty key, aws: prefix, long key and value, bad character", src: `
table "app" {
  partition_key = "PK"
  tags = {
    "" = "x"
    "AWS:team" = "data"
    "` + strings.Repeat("k", 129) + `" = "x"
    owner = "` + strings.Repeat("v", 257) + `"
    "cost#center" = "a"
    env = "prod"
  }
}
`, want: []string{
			"TD131 error 5:5-5:7 `\"\"`",
			"TD131 error 6:5-6:15 `\"AWS:team\"`",
			"TD131 error 7:5-7:136 `\"" + strings.Repeat("k", 129) + "\"`",
			"TD131 error 8:13-8:272 `\"" + strings.Repeat("v", 257) + "\"`",
			"TD131 error 9:5-9:18 `\"cost#center\"`",
		}},
		{name: "51 tags", src: manyTags(51), want: []string{"TD131 error 54:5-54:8 `t51`"}},
		{name: "50 tags", src: manyTags(50)},
		{name: "valid keys and values", src: `
table "app" {
  partition_key = "PK"
  tags = {
    "user:team" = "data platform"
    "a.b/c-d=e_f+g@h" = ""
  }
}
`},
	})
	require.Contains(t, detailOf(t, ruleInvalidTag, "table \"app\" {\n  partition_key = \"PK\"\n  tags = { \"aws:team\" = \"x\" }\n}\n"),
		`starts with "aws:", a prefix reserved for tags AWS assigns`)
}

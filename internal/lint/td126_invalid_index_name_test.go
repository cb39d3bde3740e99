package lint

import (
	"strings"
	"testing"
)

func TestInvalidIndexName(t *testing.T) {
	long := "G" + strings.Repeat("x", 255)
	runRuleCases(t, ruleInvalidIndexName, []ruleCase{
		{name: "GSI G and LSI LS", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "G" {
    partition_key = "GPK"
  }
  local_secondary_index "LS" {
    sort_key = "LSK"
  }
}
`, want: []string{
			"TD126 error 5:26-5:29 `\"G\"`",
			"TD126 error 8:25-8:29 `\"LS\"`",
		}},
		{name: "256-character GSI name", src: "table \"app\" {\n  partition_key = \"PK\"\n  global_secondary_index \"" + long + "\" {\n    partition_key = \"GPK\"\n  }\n}\n",
			want: []string{"TD126 error 3:26-3:284 `\"" + long + "\"`"}},
		{name: "valid names", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GPK"
  }
  local_secondary_index "LSI" {
    sort_key = "LSK"
  }
}
`},
	})
}

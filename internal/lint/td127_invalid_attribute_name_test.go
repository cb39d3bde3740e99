package lint

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestInvalidAttributeName(t *testing.T) {
	long := strings.Repeat("a", 256)
	runRuleCases(t, ruleInvalidAttributeName, []ruleCase{
		{name: "empty GSI key attribute", src: `
table "app" {
  partition_key = "PK"
  global_secondary_index "GSI1" {
    partition_key = ""
  }
}
`, want: []string{"TD127 error 5:21-5:23 `\"\"`"}},
		{name: "256-byte key, projected and TTL names", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  ttl           = "` + long + `"
  local_secondary_index "LSI1" {
    sort_key   = "` + long + `"
    projection = "INCLUDE"
    include    = ["ok", "` + long + `"]
  }
}
`, want: []string{
			"TD127 error 5:19-5:277 `\"" + long + "\"`",
			"TD127 error 7:18-7:276 `\"" + long + "\"`",
			"TD127 error 9:25-9:283 `\"" + long + "\"`",
		}},
		{name: "255-byte key attribute", src: "table \"app\" {\n  partition_key = \"" + long[1:] + "\"\n}\n"},
	})
	require.Contains(t, detailOf(t, ruleInvalidAttributeName, "table \"app\" {\n  partition_key = \"PK\"\n  global_secondary_index \"GSI1\" {\n    partition_key = \"\"\n  }\n}\n"),
		`The partition key attribute of GSI "GSI1" has an empty name`)
}

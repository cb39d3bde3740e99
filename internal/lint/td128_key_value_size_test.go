package lint

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestKeyValueSize(t *testing.T) {
	big := strings.Repeat("x", 3000)
	sk := strings.Repeat("y", 1025)
	runRuleCases(t, ruleKeyValueSize, []ruleCase{
		{name: "3000-byte partition key from a template", src: `
table "app" {
  partition_key = "PK"
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
  }
  example {
    id = "` + big + `"
  }
}
`, want: []string{"TD128 error 10:3-10:10 `example`"}},
		{name: "sort key attribute stored as is, empty GSI key", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "sk"
  global_secondary_index "ByEmail" {
    partition_key = "email"
  }
}
entity "User" {
  attributes = { id = string, sk = string, email = string }
  key {
    PK = "USER#${id}"
  }
  index "ByEmail" {}
  example {
    id    = "u1"
    sk    = "` + sk + `"
    email = ""
  }
}
`, want: []string{
			"TD128 error 17:13-17:1040 `\"" + sk + "\"`",
			"TD128 error 18:13-18:15 `\"\"`",
		}},
		{name: "limits reached exactly", src: `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = { PK = string, SK = string }
  example {
    PK = "` + strings.Repeat("p", 2048) + `"
    SK = "` + strings.Repeat("s", 1024) + `"
  }
}
`},
	})
	d := detailOf(t, ruleKeyValueSize, "table \"app\" {\n  partition_key = \"PK\"\n}\nentity \"U\" {\n  attributes = { PK = string }\n  example {\n    PK = \""+big+"\"\n  }\n}\n")
	require.Contains(t, d, `gives "PK", a partition key attribute of the table, a value of 3000 bytes; DynamoDB allows at most 2048 bytes`)
}

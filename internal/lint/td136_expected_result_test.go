package lint

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// versions is the versioning design of seed 000: SK = "v${version}" with
// items v1, v2 and v10, unpadded (lines 1-26).
const versions = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Version" {
  attributes = {
    doc     = string
    version = number
  }
  key {
    PK = "DOC#${doc}"
    SK = "v${version}"
  }
  example "v1" {
    doc     = "readme"
    version = 1
  }
  example "v2" {
    doc     = "readme"
    version = 2
  }
  example "v10" {
    doc     = "readme"
    version = 10
  }
}
`

// orders is a customer's orders with a sparse GSI of open orders and an
// order note that shares the ORDER# prefix (lines 1-48).
const orders = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "Open" {
    partition_key = "OpenPK"
    sort_key      = "OpenSK"
  }
}
entity "Order" {
  attributes = {
    customer = string
    orderId  = string
    status   = string
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
  index "Open" {
    when   = status == "CLOSED"
    OpenPK = "OPEN"
    OpenSK = orderId
  }
  example "o1" {
    customer = "alice"
    orderId  = "o1"
    status   = "OPEN"
  }
  example "o2" {
    customer = "alice"
    orderId  = "o2"
    status   = "CLOSED"
  }
}
entity "Note" {
  attributes = {
    customer = string
    orderId  = string
    text     = string
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}#NOTE"
  }
  example {
    customer = "alice"
    orderId  = "o1"
    text     = "gift"
  }
}
`

func TestExpectedResult(t *testing.T) {
	runRuleCases(t, ruleExpectedResult, []ruleCase{
		{name: "latest over unpadded numbers", src: versions + `access_pattern "latest_version" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
  order = "desc"
  limit = 1
  example {
    doc     = "readme"
    returns = [entity.Version.example["v10"]]
  }
}
`, want: []string{"TD136 error 36:15-36:46 `[entity.Version.example[\"v10\"]]`"}},
		{name: "expectation met, count and empty", src: versions + `access_pattern "versions" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
    SK = begins_with("v1")
  }
  example {
    doc     = "readme"
    returns = [entity.Version.example["v1"], entity.Version.example["v10"]]
  }
  example {
    doc           = "readme"
    returns_count = 2
  }
  example {
    doc     = "nobody"
    returns = []
  }
}
`},
		{name: "count differs", src: versions + `access_pattern "versions" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
  example {
    doc           = "readme"
    returns_count = 2
  }
}
`, want: []string{"TD136 error 34:21-34:22 `2`"}},
		{name: "sparse condition admits the wrong items", src: orders + `access_pattern "open_orders" {
  entity = entity.Order
  index  = "Open"
  key {
    OpenPK = "OPEN"
  }
  example {
    returns = [entity.Order.example["o1"]]
  }
}
`, want: []string{"TD136 error 58:15-58:43 `[entity.Order.example[\"o1\"]]`"}},
		{name: "another entity's prefix", src: orders + `access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER#")
  }
  example {
    customer = "alice"
    returns  = [entity.Order.example["o1"], entity.Order.example["o2"]]
  }
}
`, want: []string{"TD136 error 59:16-59:72 `[entity.Order.example[\"o1\"], entity.Order.example[\"o2\"]]`"}},
	})
}

// TestExpectedResultDetail asserts the listed items and the reasons.
func TestExpectedResultDetail(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"byte order of unpadded numbers", versions + `access_pattern "latest_version" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
  order = "desc"
  limit = 1
  example {
    doc     = "readme"
    returns = [entity.Version.example["v10"]]
  }
}
`, `Access pattern "latest_version" with inputs {doc = "readme"}, run over the example items of every entity: ` +
			`Expected Version["v10"]; the pattern returns Version["v2"]. ` +
			`Version["v10"] is not returned: limit = 1 ends the read before it: Version["v2"] come(s) first; ` +
			`Version["v2"] comes before Version["v10"] in descending order because SK "v2" > "v10" (strings compare byte by byte, so "10" sorts before "2" although 10 > 2 as numbers). ` +
			`Version["v2"] is returned but not expected: it is in the table and its key matches PK = "DOC#readme".`},
		{"order only", versions + `access_pattern "all_versions" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
  example {
    doc     = "readme"
    returns = [entity.Version.example["v1"], entity.Version.example["v2"], entity.Version.example["v10"]]
  }
}
`, `Access pattern "all_versions" with inputs {doc = "readme"}, run over the example items of every entity: ` +
			`Expected Version["v1"], Version["v2"], Version["v10"]; the pattern returns Version["v1"], Version["v10"], Version["v2"]. ` +
			`Version["v10"] comes before Version["v2"] in ascending order because SK "v10" < "v2" (strings compare byte by byte, so "10" sorts before "2" although 10 > 2 as numbers).`},
		{"sparse condition, another entity, filter", orders + `access_pattern "open_orders" {
  entity = entity.Order
  index  = "Open"
  key {
    OpenPK = "OPEN"
  }
  example {
    returns = [entity.Order.example["o1"]]
  }
}
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER#")
  }
  example {
    customer = "alice"
    returns  = [entity.Order.example["o1"], entity.Order.example["o2"]]
  }
}
access_pattern "open_for_customer" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER#")
  }
  filter = status == "OPEN"
  example {
    customer = "alice"
    returns  = [entity.Order.example["o2"]]
  }
}
`, `Access pattern "open_orders" with inputs {}, run over the example items of every entity: ` +
			`Expected Order["o1"]; the pattern returns Order["o2"]. ` +
			`Order["o1"] is not returned: it is not in GSI Open: the sparse condition of entity Order (at test.tfdyn.hcl:20,14-32) is false for it. ` +
			`Order["o2"] is returned but not expected: it is in GSI Open and its key matches OpenPK = "OPEN".` +
			"\n" + `Access pattern "orders" with inputs {customer = "alice"}, run over the example items of every entity: ` +
			`Expected Order["o1"], Order["o2"]; the pattern returns Order["o1"], Note#1, Order["o2"]. ` +
			`Note#1 is returned but not expected: it is an item of entity Note, which the pattern does not declare, and its key matches PK = "CUSTOMER#alice" AND begins_with(SK, "ORDER#") (another entity's prefix).` +
			"\n" + `Access pattern "open_for_customer" with inputs {customer = "alice"}, run over the example items of every entity: ` +
			`Expected Order["o2"]; the pattern returns Order["o1"]. ` +
			`Order["o2"] is not returned: the filter is false for it. ` +
			`Order["o1"] is returned but not expected: it is in the table and its key matches PK = "CUSTOMER#alice" AND begins_with(SK, "ORDER#").`},
		{"reversed number with a width too small", `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Score" {
  attributes = {
    game   = string
    player = string
    points = number
  }
  key {
    PK = "GAME#${game}"
    SK = "SCORE#${format("%02d", 1000 - points)}#${player}"
  }
  example "p900" {
    game   = "chess"
    player = "ann"
    points = 900
  }
  example "p950" {
    game   = "chess"
    player = "bo"
    points = 950
  }
}
access_pattern "top_score" {
  entity = entity.Score
  key {
    PK = "GAME#${game}"
    SK = begins_with("SCORE#")
  }
  limit = 1
  example {
    game    = "chess"
    returns = [entity.Score.example["p950"]]
  }
}
`, `Access pattern "top_score" with inputs {game = "chess"}, run over the example items of every entity: ` +
			`Expected Score["p950"]; the pattern returns Score["p900"]. ` +
			`Score["p950"] is not returned: limit = 1 ends the read before it: Score["p900"] come(s) first; ` +
			`Score["p900"] comes before Score["p950"] in ascending order because SK "SCORE#100#ann" < "SCORE#50#bo" (strings compare byte by byte, so "100" sorts before "50" although 100 > 50 as numbers). ` +
			`Score["p900"] is returned but not expected: it is in the table and its key matches PK = "GAME#chess" AND begins_with(SK, "SCORE#").`},
		{"outside the key condition", versions + `access_pattern "v1x" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
    SK = begins_with("v1")
  }
  example {
    doc     = "readme"
    returns = [entity.Version.example["v1"], entity.Version.example["v2"], entity.Version.example["v10"]]
  }
}
`, `Access pattern "v1x" with inputs {doc = "readme"}, run over the example items of every entity: ` +
			`Expected Version["v1"], Version["v2"], Version["v10"]; the pattern returns Version["v1"], Version["v10"]. ` +
			`Version["v2"] is not returned: its SK "v2" does not satisfy begins_with(SK, "v1").`},
		{"key condition excludes", versions + `access_pattern "early" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
    SK = between("v1", "v2")
  }
  example {
    doc     = "readme"
    returns = [entity.Version.example["v1"], entity.Version.example["v2"]]
  }
  example {
    doc           = "readme"
    returns_count = 1
  }
}
`, `Access pattern "early" with inputs {doc = "readme"}, run over the example items of every entity: ` +
			`Expected Version["v1"], Version["v2"]; the pattern returns Version["v1"], Version["v10"], Version["v2"]. ` +
			`Version["v10"] is returned but not expected: it is in the table and its key matches PK = "DOC#readme" AND SK BETWEEN "v1" AND "v2".` +
			"\n" + `Access pattern "early" with inputs {doc = "readme"}, run over the example items of every entity: ` +
			`The input set expects 1 item(s); the pattern returns 3: Version["v1"], Version["v10"], Version["v2"].`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, tc.src)
			var details []string
			for _, d := range ruleExpectedResult.Check(s) {
				details = append(details, d.Detail)
			}
			require.Equal(t, tc.want, join(details))
		})
	}
}

func join(ss []string) string {
	out := ""
	for i, s := range ss {
		if i > 0 {
			out += "\n"
		}
		out += s
	}
	return out
}

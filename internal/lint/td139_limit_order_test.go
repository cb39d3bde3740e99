package lint

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestLimitOrder(t *testing.T) {
	firstTwo := versions + `access_pattern "first_versions" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
  limit = 2
}
`
	latest := versions + `access_pattern "latest_version" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
  order = "desc"
  limit = 1
}
`
	runRuleCases(t, ruleLimitOrder, []ruleCase{
		{name: "latest over unpadded numbers, one item", src: latest,
			want: []string{"TD139 error 33:11-33:12 `1`"}},
		// Ascending: DynamoDB's order is v1, v10, v2, so the first two keep
		// v10 and leave out v2.
		{name: "first two versions, ascending", src: firstTwo, want: []string{"TD139 error 32:11-32:12 `2`"}},
		// v1 comes first both ways: the one kept item is the right one.
		{name: "first version, ascending", src: versions + `access_pattern "first_version" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
  order = "asc"
  limit = 1
}
`},
		{name: "no limit", src: versions + `access_pattern "versions" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
  order = "desc"
}
`},
		{name: "padded", src: `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Version" {
  attributes = { doc = string, version = number }
  key {
    PK = "DOC#${doc}"
    SK = "v${format("%04d", version)}"
  }
  example {
    doc     = "readme"
    version = 2
  }
  example {
    doc     = "readme"
    version = 10
  }
}
access_pattern "latest_version" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
  order = "desc"
  limit = 1
}
`},
	})
	require.Equal(t, `Access pattern "latest_version" reads 1 item(s) in descending order. With inputs {doc = "readme"} (from the example Version["v1"] at test.tfdyn.hcl:14,3-15) it keeps Version["v2"] and leaves out Version["v10"], which comes first by the sort key's own values, ("v", 10) against ("v", 2): `+
		`Version["v2"] comes before Version["v10"] in descending order because SK "v2" > "v10" (strings compare byte by byte, so "10" sorts before "2" although 10 > 2 as numbers). `+
		`Pad numbers in the sort key to a fixed width (format("%010d", n)) or use a number sort key.`, detailOf(t, ruleLimitOrder, latest))
	require.Contains(t, detailOf(t, ruleLimitOrder, firstTwo), `reads 2 item(s) in ascending order. With inputs {doc = "readme"} (from the example Version["v1"] at test.tfdyn.hcl:14,3-15) it keeps Version["v10"] and leaves out Version["v2"], which comes first by the sort key's own values, ("v", 2) against ("v", 10)`)
}

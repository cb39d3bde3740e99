package oracle_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

const versionsSrc = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Version" {
  attributes = { doc = string, version = number }
  key {
    PK = "DOC#${doc}"
    SK = "v${version}"
  }
  example "v9" {
    doc     = "readme"
    version = 9
  }
  example "v10" {
    doc     = "readme"
    version = 10
  }
  example {
    doc     = "readme"
    version = 123
  }
}
access_pattern "latest" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
  order = "desc"
  limit = 1
}
`

func loadVersions(t *testing.T) (*hclschema.Schema, []hclschema.Item) {
	t.Helper()
	s, ds := hclschema.LoadSource("test.tfdyn.hcl", []byte(versionsSrc))
	require.False(t, ds.HasErrors(), ds.Error())
	var items []hclschema.Item
	e := s.Entity("Version")
	for _, ex := range e.Examples {
		it, err := e.Item(ex.Values)
		require.NoError(t, err)
		items = append(items, it)
	}
	return s, items
}

func TestRender(t *testing.T) {
	require.Equal(t, `"a\"b"`, oracle.Render(cty.StringVal(`a"b`)))
	require.Equal(t, "1735689600", oracle.Render(cty.NumberIntVal(1735689600)))
	require.Equal(t, "42.5", oracle.Render(cty.NumberFloatVal(42.5)))
	require.Equal(t, "null", oracle.Render(cty.NullVal(cty.String)))
}

func TestNamerAndOrderReason(t *testing.T) {
	s, items := loadVersions(t)
	n := oracle.NewNamer(s.Table("t"))
	require.Equal(t, []string{`Version["v9"]`, `Version["v10"]`, "Version#3"},
		[]string{n.Name(items[0]), n.Name(items[1]), n.Name(items[2])})
	other := hclschema.Item{Entity: s.Entity("Version"), Attrs: map[string]cty.Value{"PK": cty.StringVal("DOC#x"), "SK": cty.StringVal("v1")}}
	require.Equal(t, `Version {PK = "DOC#x", SK = "v1"}`, n.Name(other))
	ix := s.Table("t").Primary
	require.Equal(t, `Version["v9"] comes before Version#3 in descending order because SK "v9" > "v123" (strings compare byte by byte, so "123" sorts before "9" although 123 > 9 as numbers)`,
		oracle.OrderReason(ix, true, items[0], items[2], n))
}

func TestLimitViolation(t *testing.T) {
	s, items := loadVersions(t)
	p := s.Pattern("latest")
	b, err := hclschema.Bind(p, map[string]cty.Value{"doc": cty.StringVal("readme")})
	require.NoError(t, err)
	kept, missed, bad := oracle.LimitViolation(b, items)
	require.True(t, bad)
	require.Equal(t, cty.StringVal("v9"), kept.Attrs["SK"])
	require.Equal(t, cty.StringVal("v123"), missed.Attrs["SK"], "the first item left out (DynamoDB order: v9, v123, v10) that should precede a kept one")

	// Ascending ("the oldest version"): DynamoDB's first item is v10, the
	// whole candidate set holds v9, which comes first by the numbers.
	p.Descending = false
	kept, missed, bad = oracle.LimitViolation(b, items)
	require.True(t, bad)
	require.Equal(t, cty.StringVal("v10"), kept.Attrs["SK"])
	require.Equal(t, cty.StringVal("v9"), missed.Attrs["SK"])
	p.Limit = 2 // keeps v10 and v123; v9 precedes both
	kept, missed, bad = oracle.LimitViolation(b, items)
	require.True(t, bad)
	require.Equal(t, cty.StringVal("v10"), kept.Attrs["SK"])
	require.Equal(t, cty.StringVal("v9"), missed.Attrs["SK"])
	p.Descending, p.Limit = true, 1

	p.Limit = 3 // every candidate is kept: nothing to violate
	_, _, bad = oracle.LimitViolation(b, items)
	require.False(t, bad)
	p.Limit = 0
	_, _, bad = oracle.LimitViolation(b, items)
	require.False(t, bad)
}

func TestWhy(t *testing.T) {
	s, items := loadVersions(t)
	p := s.Pattern("latest")
	n := oracle.NewNamer(s.Table("t"))
	b, err := hclschema.Bind(p, map[string]cty.Value{"doc": cty.StringVal("readme")})
	require.NoError(t, err)
	require.Equal(t, "", oracle.Why(b, items, items[0], n), "v9 is the one item returned")
	require.Equal(t, `limit = 1 ends the read before it: Version["v9"] come(s) first; Version["v9"] comes before Version#3 in descending order because SK "v9" > "v123" (strings compare byte by byte, so "123" sorts before "9" although 123 > 9 as numbers)`,
		oracle.Why(b, items, items[2], n))
	b2, err := hclschema.Bind(p, map[string]cty.Value{"doc": cty.StringVal("guide")})
	require.NoError(t, err)
	require.Equal(t, `its PK "DOC#readme" does not satisfy PK = "DOC#guide"`, oracle.Why(b2, items, items[0], n))
}

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

// comments of issues 1 and 10, keyed by the unpadded issue number, and
// events by date.
const commentsSrc = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Comment" {
  attributes = { repo = string, number = number, id = string }
  key {
    PK = "REPO#${repo}"
    SK = "ISSUE#${number}#C#${id}"
  }
  example "c1" {
    repo   = "rocket"
    number = 1
    id     = "a"
  }
  example "c10" {
    repo   = "rocket"
    number = 10
    id     = "b"
  }
}
entity "Event" {
  attributes = { repo = string, date = string }
  key {
    PK = "REPO#${repo}"
    SK = "EVENT#${date}"
  }
  example {
    repo = "rocket"
    date = "2024-05-17"
  }
}
access_pattern "comments" {
  entity = entity.Comment
  key {
    PK = "REPO#${repo}"
    SK = begins_with("ISSUE#${number}")
  }
}
access_pattern "comments_delimited" {
  entity = entity.Comment
  key {
    PK = "REPO#${repo}"
    SK = begins_with("ISSUE#${number}#")
  }
}
access_pattern "events_in_month" {
  entity = entity.Event
  key {
    PK = "REPO#${repo}"
    SK = begins_with("EVENT#${date}")
  }
}
`

func TestPrefixBoundary(t *testing.T) {
	s, ds := hclschema.LoadSource("test.tfdyn.hcl", []byte(commentsSrc))
	require.False(t, ds.HasErrors(), ds.Error())
	var items []hclschema.Item
	for _, e := range s.Entities {
		for _, ex := range e.Examples {
			it, err := e.Item(ex.Values)
			require.NoError(t, err)
			items = append(items, it)
		}
	}
	find := func(pattern string, in map[string]cty.Value) (oracle.Boundary, bool) {
		b, err := hclschema.Bind(s.Pattern(pattern), in)
		require.NoError(t, err)
		return oracle.PrefixBoundary(b, items)
	}
	rocket := func(k string, v cty.Value) map[string]cty.Value {
		return map[string]cty.Value{"repo": cty.StringVal("rocket"), k: v}
	}
	bd, ok := find("comments", rocket("number", cty.NumberIntVal(1)))
	require.True(t, ok, "issue 1's prefix ISSUE#1 also matches issue 10's comments")
	require.Equal(t, cty.StringVal("ISSUE#10#C#b"), bd.Item.Attrs["SK"])
	require.Equal(t, "number", bd.Attr)
	require.Equal(t, `Comment["c10"] matches begins_with(SK, "ISSUE#1") although its number is 10, not 1: nothing follows ${number} in the operand to end the value, so the prefix also matches values that begin with 1`,
		oracle.BoundaryReason(bd, cty.NumberIntVal(1), oracle.NewNamer(s.Table("t"))))

	_, ok = find("comments", rocket("number", cty.NumberIntVal(10)))
	require.False(t, ok, "ISSUE#10 matches issue 10 only")
	_, ok = find("comments_delimited", rocket("number", cty.NumberIntVal(1)))
	require.False(t, ok, "the delimiter ends the value")
	_, ok = find("events_in_month", rocket("date", cty.StringVal("2024-05")))
	require.False(t, ok, "a month is a prefix of dates by design: no item has the date 2024-05")
	_, ok = find("events_in_month", rocket("date", cty.StringVal("2024-05-17")))
	require.False(t, ok)
}

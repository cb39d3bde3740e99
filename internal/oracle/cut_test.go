package oracle_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

const cutSrc = `
table "t" {
  partition_key = "PK"
  sort_key      = "SK"
  local_secondary_index "ByScore" {
    sort_key   = "score"
    projection = "ALL"
  }
}

entity "Player" {
  attributes = { team = string, name = string, score = number, status = string }
  key {
    PK = "TEAM#${team}"
    SK = "P#${name}"
  }
}

access_pattern "top_active" {
  entity = entity.Player
  index  = "ByScore"
  key {
    PK = "TEAM#${team}"
  }
  order  = "desc"
  limit  = 2
  filter = status == "ACTIVE"
}
`

func players(t *testing.T, s *hclschema.Schema, rows ...any) []hclschema.Item {
	t.Helper()
	var out []hclschema.Item
	for i := 0; i < len(rows); i += 3 {
		it, err := s.Entity("Player").Item(cty.ObjectVal(map[string]cty.Value{
			"team": cty.StringVal("red"), "name": cty.StringVal(rows[i].(string)),
			"score": cty.NumberIntVal(int64(rows[i+1].(int))), "status": cty.StringVal(rows[i+2].(string)),
		}))
		require.NoError(t, err)
		out = append(out, it)
	}
	return out
}

// TestLimitCutsARunOfEqualSortKeys: descending by score with limit 2, the
// read takes a (9) and then one of the three players at 7, whose order
// DynamoDB leaves open; c is filtered out, so the result is a plus b, a
// plus d, or a alone.
func TestLimitCutsARunOfEqualSortKeys(t *testing.T) {
	s, diags := hclschema.LoadSource("cut.tfdyn.hcl", []byte(cutSrc))
	require.False(t, diags.HasErrors(), diags.Error())
	items := players(t, s, "a", 9, "ACTIVE", "b", 7, "ACTIVE", "c", 7, "GONE", "d", 7, "ACTIVE", "e", 5, "ACTIVE")
	b, err := hclschema.Bind(s.Pattern("top_active"), map[string]cty.Value{"team": cty.StringVal("red")})
	require.NoError(t, err)
	res := oracle.Run(b, items)
	require.Equal(t, []string{"P#a", "P#b"}, names(res.Items, "SK"), "the oracle's own pick: ties by primary key")
	require.Equal(t, 2, res.Read)
	require.NotNil(t, res.Cut)
	require.Equal(t, 1, res.Cut.From)
	require.Equal(t, 1, res.Cut.Take)
	require.Equal(t, []string{"P#b", "P#d"}, names(res.Cut.Candidates, "SK"))
	require.Equal(t, 1, res.Cut.Dropped)

	want := names(res.Items, "SK")
	open := names(res.Cut.Candidates, "SK")
	for _, c := range []struct {
		got []string
		ok  bool
	}{
		{[]string{"P#a", "P#b"}, true},
		{[]string{"P#a", "P#d"}, true},
		{[]string{"P#a"}, true}, // c read, then filtered out
		{[]string{"P#a", "P#b", "P#d"}, false},
		{[]string{"P#a", "P#c"}, false},
		{[]string{"P#a", "P#e"}, false},
		{[]string{"P#d", "P#a"}, false},
		{[]string{"P#b"}, false},
		{nil, false},
	} {
		require.Equal(t, c.ok, res.Agrees(want, open, c.got), "%v", c.got)
	}

	// A limit between runs leaves nothing open: 9, then the three 7s.
	items = players(t, s, "a", 9, "ACTIVE", "b", 8, "ACTIVE", "c", 7, "ACTIVE", "d", 7, "ACTIVE")
	res = oracle.Run(b, items)
	require.Nil(t, res.Cut)
	require.Equal(t, []string{"P#a", "P#b"}, names(res.Items, "SK"))
	require.True(t, res.Agrees([]string{"a", "b"}, nil, []string{"a", "b"}))
	require.False(t, res.Agrees([]string{"a", "b"}, nil, []string{"b", "a"}))
	require.False(t, res.Agrees([]string{"a", "b"}, nil, []string{"a"}))
}

// TestLimitCutsARunWithoutFilter: every read item is returned, so exactly
// Take of the run come back.
func TestLimitCutsARunWithoutFilter(t *testing.T) {
	s, diags := hclschema.LoadSource("cut.tfdyn.hcl", []byte(cutSrc))
	require.False(t, diags.HasErrors(), diags.Error())
	items := players(t, s, "a", 7, "ACTIVE", "b", 7, "ACTIVE", "c", 7, "ACTIVE")
	b, err := hclschema.Bind(s.Pattern("top_active"), map[string]cty.Value{"team": cty.StringVal("red")})
	require.NoError(t, err)
	res := oracle.Run(b, items)
	require.NotNil(t, res.Cut)
	require.Equal(t, 0, res.Cut.From)
	require.Equal(t, 2, res.Cut.Take)
	want, open := names(res.Items, "SK"), names(res.Cut.Candidates, "SK")
	require.Equal(t, []string{"P#a", "P#b", "P#c"}, open)
	require.True(t, res.Agrees(want, open, []string{"P#c", "P#a"}))
	require.False(t, res.Agrees(want, open, []string{"P#c"}))
	require.False(t, res.Agrees(want, open, []string{"P#c", "P#c"}))
}

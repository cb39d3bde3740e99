package oracle_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

const schemaSrc = `
table "t" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "Open" {
    partition_key = "OPK"
    sort_key      = "OSK"
    projection    = "KEYS_ONLY"
  }
  global_secondary_index "Matches" {
    partition_key = ["tournament", "region"]
    sort_key      = ["round", "bracket"]
    projection    = "INCLUDE"
    include       = ["score"]
  }
  local_secondary_index "ByScore" {
    sort_key   = "score"
    projection = "ALL"
  }
}

entity "Thing" {
  attributes = {
    owner  = string
    name   = string
    score  = number
    status = string
    note   = optional(string)
  }
  key {
    PK = "OWNER#${owner}"
    SK = "THING#${name}"
  }
  index "Open" {
    when = status == "OPEN"
    OPK  = "OPEN"
    OSK  = name
  }
}

entity "Match" {
  attributes = {
    tournament = string
    region     = string
    round      = number
    bracket    = string
    matchId    = string
    score      = number
  }
  key {
    PK = "T#${tournament}"
    SK = "M#${matchId}"
  }
}

access_pattern "things_by_owner" {
  entity = entity.Thing
  key {
    PK = "OWNER#${owner}"
    SK = begins_with("THING#")
  }
}

access_pattern "things_desc_limited" {
  entity = entity.Thing
  key {
    PK = "OWNER#${owner}"
  }
  order  = "desc"
  limit  = 2
  filter = status == "OPEN"
}

access_pattern "open_things" {
  entity = entity.Thing
  index  = "Open"
  key {
    OPK = "OPEN"
  }
}

access_pattern "things_by_score" {
  entity = entity.Thing
  index  = "ByScore"
  key {
    PK    = "OWNER#${owner}"
    score = between(lo, hi)
  }
  inputs = { lo = number, hi = number }
}

access_pattern "matches_from_round" {
  entity = entity.Match
  index  = "Matches"
  key {
    tournament = tournament
    region     = region
    round      = gte(round)
  }
}

access_pattern "thing" {
  entity = entity.Thing
  key {
    PK = "OWNER#${owner}"
    SK = "THING#${name}"
  }
}
`

func load(t *testing.T) *hclschema.Schema {
	t.Helper()
	s, diags := hclschema.LoadSource("oracle.tfdyn.hcl", []byte(schemaSrc))
	require.False(t, diags.HasErrors(), diags.Error())
	return s
}

func thing(t *testing.T, s *hclschema.Schema, owner, name string, score int64, status string) hclschema.Item {
	t.Helper()
	it, err := s.Entity("Thing").Item(cty.ObjectVal(map[string]cty.Value{
		"owner": cty.StringVal(owner), "name": cty.StringVal(name), "score": cty.NumberIntVal(score),
		"status": cty.StringVal(status), "note": cty.NullVal(cty.String),
	}))
	require.NoError(t, err)
	return it
}

func match(t *testing.T, s *hclschema.Schema, tournament, region string, round int64, bracket, id string) hclschema.Item {
	t.Helper()
	it, err := s.Entity("Match").Item(cty.ObjectVal(map[string]cty.Value{
		"tournament": cty.StringVal(tournament), "region": cty.StringVal(region), "round": cty.NumberIntVal(round),
		"bracket": cty.StringVal(bracket), "matchId": cty.StringVal(id), "score": cty.NumberIntVal(1),
	}))
	require.NoError(t, err)
	return it
}

func names(items []hclschema.Item, attr string) []string {
	var out []string
	for _, it := range items {
		v := it.Attrs[attr]
		if v.Type() == cty.Number {
			out = append(out, v.AsBigFloat().String())
			continue
		}
		out = append(out, v.AsString())
	}
	return out
}

func run(t *testing.T, s *hclschema.Schema, pattern string, inputs map[string]cty.Value, items []hclschema.Item) oracle.Result {
	t.Helper()
	b, err := hclschema.Bind(s.Pattern(pattern), inputs)
	require.NoError(t, err)
	return oracle.Run(b, items)
}

func TestStringsOrderAsUTF8Bytes(t *testing.T) {
	s := load(t)
	// Binary order: "Zed" (0x5A) < "apple" (0x61) < "zoo" < "élan" (0xC3 0xA9).
	items := []hclschema.Item{
		thing(t, s, "ann", "élan", 1, "OPEN"),
		thing(t, s, "ann", "zoo", 2, "OPEN"),
		thing(t, s, "ann", "apple", 3, "DONE"),
		thing(t, s, "ann", "Zed", 4, "OPEN"),
		thing(t, s, "bob", "apple", 5, "OPEN"),
	}
	res := run(t, s, "things_by_owner", map[string]cty.Value{"owner": cty.StringVal("ann")}, items)
	require.Equal(t, []string{"THING#Zed", "THING#apple", "THING#zoo", "THING#élan"}, names(res.Items, "SK"))
	require.Equal(t, 4, res.Read)
}

func TestGetItemFindsExactlyOne(t *testing.T) {
	s := load(t)
	require.Equal(t, hclschema.OpGetItem, s.Pattern("thing").Operation())
	items := []hclschema.Item{thing(t, s, "ann", "a", 1, "OPEN"), thing(t, s, "ann", "ab", 1, "OPEN")}
	res := run(t, s, "thing", map[string]cty.Value{"owner": cty.StringVal("ann"), "name": cty.StringVal("a")}, items)
	require.Equal(t, []string{"THING#a"}, names(res.Items, "SK"))
	res = run(t, s, "thing", map[string]cty.Value{"owner": cty.StringVal("ann"), "name": cty.StringVal("zz")}, items)
	require.Empty(t, res.Items)
}

func TestLimitCountsBeforeFilter(t *testing.T) {
	s := load(t)
	items := []hclschema.Item{
		thing(t, s, "ann", "a", 1, "OPEN"),
		thing(t, s, "ann", "b", 1, "OPEN"),
		thing(t, s, "ann", "c", 1, "DONE"),
		thing(t, s, "ann", "d", 1, "OPEN"),
	}
	// Descending, limit 2 reads d and c; the filter then drops c.
	res := run(t, s, "things_desc_limited", map[string]cty.Value{"owner": cty.StringVal("ann")}, items)
	require.Equal(t, []string{"THING#d"}, names(res.Items, "SK"))
	require.Equal(t, 2, res.Read)
}

func TestSparseIndexAndKeysOnlyProjection(t *testing.T) {
	s := load(t)
	items := []hclschema.Item{
		thing(t, s, "ann", "b", 1, "OPEN"),
		thing(t, s, "bob", "a", 2, "DONE"),
		thing(t, s, "cid", "a", 3, "OPEN"),
	}
	res := run(t, s, "open_things", nil, items)
	require.Equal(t, []string{"OWNER#cid", "OWNER#ann"}, names(res.Items, "PK"))
	// KEYS_ONLY: table keys plus index keys, nothing else.
	require.Equal(t, []string{"OPK", "OSK", "PK", "SK"}, res.Items[0].AttrNames())
}

func TestNumbersOrderNumerically(t *testing.T) {
	s := load(t)
	items := []hclschema.Item{
		thing(t, s, "ann", "a", 10, "OPEN"),
		thing(t, s, "ann", "b", 9, "OPEN"),
		thing(t, s, "ann", "c", 100, "OPEN"),
		thing(t, s, "ann", "d", -5, "OPEN"),
	}
	res := run(t, s, "things_by_score", map[string]cty.Value{"owner": cty.StringVal("ann"), "lo": cty.NumberIntVal(9), "hi": cty.NumberIntVal(100)}, items)
	require.Equal(t, []string{"9", "10", "100"}, names(res.Items, "score"))
}

func TestMultiAttributeSortKeyOrdersAsTuple(t *testing.T) {
	s := load(t)
	items := []hclschema.Item{
		match(t, s, "wc", "eu", 2, "B", "m1"),
		match(t, s, "wc", "eu", 10, "A", "m2"),
		match(t, s, "wc", "eu", 2, "A", "m3"),
		match(t, s, "wc", "eu", 1, "Z", "m4"),
		match(t, s, "wc", "us", 3, "A", "m5"),
	}
	res := run(t, s, "matches_from_round", map[string]cty.Value{
		"tournament": cty.StringVal("wc"), "region": cty.StringVal("eu"), "round": cty.NumberIntVal(2)}, items)
	require.Equal(t, []string{"M#m3", "M#m1", "M#m2"}, names(res.Items, "SK"))
	// INCLUDE score: keys plus score, not matchId.
	require.Equal(t, []string{"PK", "SK", "bracket", "region", "round", "score", "tournament"}, res.Items[0].AttrNames())
}

func TestCompareRejectsMixedTypes(t *testing.T) {
	_, ok := hclschema.Compare(cty.StringVal("1"), cty.NumberIntVal(1))
	require.False(t, ok)
	c, ok := hclschema.Compare(cty.StringVal("10"), cty.StringVal("9"))
	require.True(t, ok)
	require.Equal(t, -1, c, "strings compare bytewise: \"10\" < \"9\"")
}

func TestBindRequiresInputs(t *testing.T) {
	s := load(t)
	_, err := hclschema.Bind(s.Pattern("thing"), map[string]cty.Value{"owner": cty.StringVal("ann")})
	require.EqualError(t, err, `access pattern "thing": input "name" is not set`)
}

const unpaddedSrc = `
table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}

entity "Score" {
  attributes = {
    player = string
    points = number
  }
  key {
    PK = "PLAYER#${player}"
    SK = "SCORE#${points}"
  }
}

entity "Padded" {
  attributes = {
    player = string
    points = number
  }
  key {
    PK = "PADDED#${player}"
    SK = format("SCORE#%05d", points)
  }
}
`

func TestIntendedSortKeySeesUnpaddedNumbers(t *testing.T) {
	s, diags := hclschema.LoadSource("unpadded.tfdyn.hcl", []byte(unpaddedSrc))
	require.False(t, diags.HasErrors(), diags.Error())
	mk := func(entity string, points int64) hclschema.Item {
		it, err := s.Entity(entity).Item(cty.ObjectVal(map[string]cty.Value{"player": cty.StringVal("ann"), "points": cty.NumberIntVal(points)}))
		require.NoError(t, err)
		return it
	}
	ix := s.Tables[0].Primary
	nine, ten := mk("Score", 9), mk("Score", 10)
	// DynamoDB: "SCORE#10" < "SCORE#9"; intent: 9 < 10.
	c, ok := hclschema.Compare(nine.Attrs["SK"], ten.Attrs["SK"])
	require.True(t, ok)
	require.Equal(t, 1, c)
	c, ok = oracle.CompareIntended(oracle.IntendedSortKey(nine, ix), oracle.IntendedSortKey(ten, ix))
	require.True(t, ok)
	require.Equal(t, -1, c)
	// format() pads: the rendered string is the intent.
	p9, p10 := mk("Padded", 9), mk("Padded", 10)
	c, ok = oracle.CompareIntended(oracle.IntendedSortKey(p9, ix), oracle.IntendedSortKey(p10, ix))
	require.True(t, ok)
	require.Equal(t, -1, c)
	require.Equal(t, []cty.Value{cty.StringVal("SCORE#00009")}, oracle.IntendedSortKey(p9, ix))
}

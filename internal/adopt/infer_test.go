package adopt

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
)

func avS(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
func avN(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }

// inferTable is a table with a GSI keyed by a number and an LSI.
func inferTable() *Table {
	s := hclschema.TableSpec{Name: "app", BillingMode: "PAY_PER_REQUEST", TableClass: "STANDARD",
		Key:  hclschema.Key{Partition: keys("PK"), Sort: keys("SK")},
		GSIs: []hclschema.GSISpec{{Name: "GSI1", Key: hclschema.Key{Partition: keys("GSI1PK"), Sort: keys("score")}, Projection: hclschema.Projection{Type: "ALL"}}},
		LSIs: []hclschema.LSISpec{{Name: "ByDay", SortKey: hclschema.KeyAttr{Name: "day"}, Projection: hclschema.Projection{Type: "KEYS_ONLY"}}},
		Tags: map[string]string{}}
	keyNames{"PK": "S", "SK": "S", "GSI1PK": "S", "score": "N", "day": "S"}.types(&s)
	return &Table{Spec: s}
}

// TestInfer proposes entities from items of three kinds, in sorted order of
// their prefixes, whatever the order of the sample: names from the sort key
// prefix (with the partition key's words where two repeat), templates over
// an attribute holding the rest of the key or a new attribute, optional
// attributes, index membership, attributes a schema cannot type left out.
func TestInfer(t *testing.T) {
	items := []map[string]types.AttributeValue{
		{"PK": avS("ORG#acme"), "SK": avS("PROFILE"), "plan": avS("pro")},
		{"PK": avS("USER#bob"), "SK": avS("PROFILE"), "username": avS("bob"), "age": avN("41"), "prefs": &types.AttributeValueMemberM{}},
		{"PK": avS("USER#alice"), "SK": avS("PROFILE"), "username": avS("alice"), "nick": avS("al"), "bad-name": avS("x"),
			"active": &types.AttributeValueMemberBOOL{Value: true}, "roles": &types.AttributeValueMemberSS{Value: []string{"admin", "dev"}}},
		{"PK": avS("USER#alice"), "SK": avS("GAME#2024#g1"), "GSI1PK": avS("GAME#g1"), "gameId": avS("g1"), "score": avN("1200"), "day": avS("2024-05-01")},
		{"PK": avS("USER#bob"), "SK": avS("GAME#2024#g2"), "GSI1PK": avS("GAME#g2"), "gameId": avS("g2"), "score": avN("900"), "day": avS("2024-05-02"), "note": avN("1")},
		{"PK": avS("USER#carol"), "SK": avS("GAME#2024#g3"), "GSI1PK": avS("GAME#g3"), "gameId": avS("g3"), "score": avN("5"), "day": avS("2024-05-03"), "note": avS("one")},
	}
	tb := inferTable()
	ents := Infer(tb, items)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name)
	}
	require.Equal(t, []string{"OrgProfile", "Game", "UserProfile"}, names)
	src := Schema(tb, "app", ents)
	golden(t, "testdata/infer/want.tfdyn.hcl", src)
	validates(t, "want.tfdyn.hcl", src)

	// The same items in reverse order give the same schema.
	rev := make([]map[string]types.AttributeValue, len(items))
	for i, it := range items {
		rev[len(items)-1-i] = it
	}
	require.Equal(t, string(src), string(Schema(tb, "app", Infer(tb, rev))))
}

// TestInferKeyTypes adds the entity that declares number key attributes no
// sampled item writes (here: no items at all), so that emit writes them N.
func TestInferKeyTypes(t *testing.T) {
	ents := Infer(inferTable(), nil)
	require.Len(t, ents, 1)
	require.Equal(t, Entity{Name: "KeyTypes", KeyTypesOnly: true,
		Attrs: []Attr{{Name: "PK", Type: "string"}, {Name: "SK", Type: "string"}, {Name: "score", Type: "number"}}}, ents[0])
	tb := inferTable()
	tb.Spec.GSIs[0].Key.Sort[0].Type = "S"
	require.Empty(t, Infer(tb, nil))
}

// TestPrefix covers the kinds of key values.
func TestPrefix(t *testing.T) {
	for in, want := range map[string]string{
		"USER#alice": "USER#", "ORDER#2024#o-1": "ORDER#", "PROFILE": "PROFILE", "METADATA_V2": "METADATA_V2",
		"alice": "", "2024-05-01": "", "Profile": "", "": "", "#x": "#",
	} {
		require.Equal(t, want, prefix(in), "prefix(%q)", in)
	}
}

// TestInferUniqueGuards: guard items of unique (UNIQUE#<Entity>#<attr>#v,
// sort key UNIQUE) are declared as unique on the proposal that owns them,
// not proposed as an entity "Unique" (issue 27): by name, or by the values
// its items hold (the proposal then takes the name the guards' keys carry,
// so the schema reads them back). Guards whose owner is not in the sample
// stay an entity of their own, named and explained; an item that only
// looks like a guard (another attribute, a value that differs) is an item.
func TestInferUniqueGuards(t *testing.T) {
	spec := hclschema.TableSpec{Name: "app", BillingMode: "PAY_PER_REQUEST", TableClass: "STANDARD",
		Key: hclschema.Key{Partition: keys("PK"), Sort: keys("SK")}, Tags: map[string]string{}}
	keyNames{"PK": "S", "SK": "S"}.types(&spec)
	tb := &Table{Spec: spec}
	guard := func(entity, attr, v string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"PK": avS("UNIQUE#" + entity + "#" + attr + "#" + v), "SK": avS("UNIQUE"), attr: avS(v)}
	}
	user := func(name, email string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"PK": avS("USER#" + name), "SK": avS("PROFILE"), "username": avS(name), "email": avS(email)}
	}
	names := func(es []Entity) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.Name)
		}
		return out
	}
	// Named after the sort key ("Profile"), but the guards say "Account":
	// matched by e-mail values and renamed.
	ents := Infer(tb, []map[string]types.AttributeValue{user("a", "a@x"), guard("Account", "email", "a@x"), user("b", "b@x"), guard("Account", "email", "b@x")})
	require.Equal(t, []string{"Account"}, names(ents))
	require.Equal(t, []string{"email"}, ents[0].Unique)
	require.Equal(t, 2, ents[0].Guards)
	src := Schema(tb, "app", ents)
	require.Contains(t, string(src), "# The sample also holds 2 guard items of unique email (UNIQUE#Account#...): declared below.\nentity \"Account\" {\n")
	validates(t, "unique.tfdyn.hcl", src)

	// The owner is not in the sample: the guards stay an entity, explained.
	ents = Infer(tb, []map[string]types.AttributeValue{guard("Account", "email", "a@x")})
	require.Equal(t, []string{"AccountUniqueEmailGuards"}, names(ents))
	require.Equal(t, []string{`these look like the guard items of unique "email" of an entity Account, which the sample does not hold: declare unique = ["email"] on that entity (named Account) and remove this one`}, ents[0].Skipped)
	validates(t, "orphan.tfdyn.hcl", Schema(tb, "app", ents))

	// Look-alikes: a value that differs from the key, another attribute.
	odd := guard("Account", "email", "a@x")
	odd["email"] = avS("other@x")
	extra := guard("Account", "email", "b@x")
	extra["note"] = avS("n")
	ents = Infer(tb, []map[string]types.AttributeValue{user("a", "a@x"), odd, extra})
	require.Equal(t, []string{"Unique", "Profile"}, names(ents))
	require.Empty(t, ents[1].Unique)
}

// TestDisambiguate: entity names taken by another schema of the directory
// get the table's label in front.
func TestDisambiguate(t *testing.T) {
	ents := []Entity{{Name: "Order"}, {Name: "KeyTypes"}, {Name: "Profile"}}
	Disambiguate(ents, map[string]bool{"KeyTypes": true, "Order": true, "OrdersOrder": true}, "orders")
	require.Equal(t, []string{"OrdersOrder2", "OrdersKeyTypes", "Profile"}, []string{ents[0].Name, ents[1].Name, ents[2].Name})
}

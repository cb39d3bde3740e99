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

// TestInferQuotedNames adopts a table whose sort key is named like the
// published device log's ("State#Date"): the proposal computes it from
// the two attributes it joins, in the key block's object form (a quoted
// name), declares a sampled attribute whose name is not an identifier
// quoted, and sets it in the examples' values = {...}; the schema loads and
// an entity can be added to it.
func TestInferQuotedNames(t *testing.T) {
	spec := hclschema.TableSpec{Name: "log", BillingMode: "PAY_PER_REQUEST", TableClass: "STANDARD",
		Key:  hclschema.Key{Partition: keys("DeviceID"), Sort: keys("State#Date")},
		GSIs: []hclschema.GSISpec{{Name: "Escalations", Key: hclschema.Key{Partition: keys("EscalatedTo"), Sort: keys("State#Date")}, Projection: hclschema.Projection{Type: "ALL"}}},
		Tags: map[string]string{}}
	keyNames{"DeviceID": "S", "State#Date": "S", "EscalatedTo": "S"}.types(&spec)
	tb := &Table{Spec: spec}
	log := func(dev, state, date, op string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"DeviceID": avS(dev), "State#Date": avS(state + "#" + date), "State": avS(state), "Date": avS(date),
			"Operator": avS(op), "Shift Note": avS("n-" + op)}
	}
	ents := Infer(tb, []map[string]types.AttributeValue{
		log("d#12345", "WARNING1", "2020-04-24T14:40:00", "Liz"),
		log("d#12345", "WARNING2", "2020-04-24T14:45:00", "Liz"),
		log("d#54321", "NORMAL", "2020-04-25T09:00:00", "Sam"),
	})
	require.Len(t, ents, 1)
	require.Equal(t, []Assign{{Attr: "DeviceID", Expr: `"d#${d}"`}, {Attr: "State#Date", Expr: `"${State}#${Date}"`}}, ents[0].Key)
	src := Schema(tb, "log", ents)
	golden(t, "testdata/infer/quoted.tfdyn.hcl", src)
	validates(t, "quoted.tfdyn.hcl", src)
	s, diags := hclschema.LoadSource("quoted.tfdyn.hcl", append(append([]byte{}, src...), []byte(`
entity "Escalation" {
  table      = table.log
  attributes = { DeviceID = string, State = string, Date = string, EscalatedTo = string }
  key        = { "State#Date" = "${State}#${Date}" }
}
`)...))
	require.False(t, diags.HasErrors(), diags.Error())
	require.NotNil(t, s.Entity("Escalation").Key.Template("State#Date"))
	it, ok := s.Entities[0].Examples[0].Item()
	require.True(t, ok)
	require.Equal(t, "n-Liz", it.Attrs["Shift Note"].AsString())
	require.Equal(t, "WARNING1#2020-04-24T14:40:00", it.Attrs["State#Date"].AsString())
}

// TestInferComputed proposes the attributes that tell the kind of item as
// computed constants: EntityType (one value per proposal, named like a
// discriminator), Source (another constant in another proposal); status
// (constant in one proposal only, not named like a discriminator) and a
// kind-named attribute of a single item stay attributes. The schema loads
// and recognises the sampled items by them.
func TestInferComputed(t *testing.T) {
	spec := hclschema.TableSpec{Name: "app", BillingMode: "PAY_PER_REQUEST", TableClass: "STANDARD",
		Key: hclschema.Key{Partition: keys("PK"), Sort: keys("SK")}, Tags: map[string]string{}}
	keyNames{"PK": "S", "SK": "S"}.types(&spec)
	tb := &Table{Spec: spec}
	customer := func(id string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"PK": avS("CUSTOMER#" + id), "SK": avS("PROFILE"), "customerId": avS(id),
			"EntityType": avS("customer"), "Source": avS("web")}
	}
	order := func(c, id string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"PK": avS("CUSTOMER#" + c), "SK": avS("ORDER#" + id), "orderId": avS(id),
			"EntityType": avS("order"), "Source": avS("app"), "status": avS("OPEN")}
	}
	ents := Infer(tb, []map[string]types.AttributeValue{
		customer("c1"), customer("c2"), order("c1", "o1"), order("c2", "o2"),
		{"PK": avS("NOTE#n1"), "SK": avS("NOTE"), "noteKind": avS("memo")},
	})
	require.Len(t, ents, 3)
	byName := map[string]Entity{}
	for _, e := range ents {
		byName[e.Name] = e
	}
	require.Equal(t, []Assign{{Attr: "EntityType", Expr: `"order"`}, {Attr: "Source", Expr: `"app"`}}, byName["Order"].Computed)
	require.Equal(t, []Assign{{Attr: "EntityType", Expr: `"customer"`}, {Attr: "Source", Expr: `"web"`}}, byName["Profile"].Computed)
	require.Empty(t, byName["Note"].Computed)
	var attrs []string
	for _, a := range byName["Order"].Attrs {
		attrs = append(attrs, a.Name)
	}
	require.Equal(t, []string{"customer", "orderId", "status"}, attrs)
	src := Schema(tb, "app", ents)
	require.Contains(t, string(src), "  computed = {\n    EntityType = \"order\"\n    Source     = \"app\"\n  }\n")
	s := hclschema.LoadSource
	schema, diags := s("computed.tfdyn.hcl", src)
	require.False(t, diags.HasErrors(), diags.Error())
	it, ok := schema.Entity("Order").Examples[0].Item()
	require.True(t, ok)
	require.Equal(t, "order", it.Attrs["EntityType"].AsString())
	got := schema.Tables[0].Recognize(it.Attrs)
	require.Len(t, got, 1)
	require.Equal(t, "Order", got[0].Entity.Name)
}

// TestDisambiguate: entity names taken by another schema of the directory
// get the table's label in front.
func TestDisambiguate(t *testing.T) {
	ents := []Entity{{Name: "Order"}, {Name: "KeyTypes"}, {Name: "Profile"}}
	Disambiguate(ents, map[string]bool{"KeyTypes": true, "Order": true, "OrdersOrder": true}, "orders")
	require.Equal(t, []string{"OrdersOrder2", "OrdersKeyTypes", "Profile"}, []string{ents[0].Name, ents[1].Name, ents[2].Name})
}

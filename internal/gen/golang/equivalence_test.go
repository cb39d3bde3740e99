package golang_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/examples/ecommerce/shopdb"
	"github.com/tfdyn/tfdyn/examples/github/githubdb"
	"github.com/tfdyn/tfdyn/examples/tournaments/tournamentsdb"
	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/gen/golang/internal/keysdb"
)

type item = map[string]types.AttributeValue

// via turns a generated UnmarshalXxx and MarshalXxx into one function: the
// item of the entity whose attributes are given.
func via[T any](un func(item) (T, error), m func(T) (item, error)) func(item) (item, error) {
	return func(in item) (item, error) {
		x, err := un(in)
		if err != nil {
			return nil, fmt.Errorf("unmarshal: %w", err)
		}
		return m(x)
	}
}

// marshalers maps schema and entity to the generated code under test.
var marshalers = map[string]map[string]func(item) (item, error){
	"testdata/keys": {
		"Issue": via(keysdb.UnmarshalIssue, keysdb.MarshalIssue),
		"Match": via(keysdb.UnmarshalMatch, keysdb.MarshalMatch),
	},
	"../../../examples/ecommerce": {
		"Customer":            via(shopdb.UnmarshalCustomer, shopdb.MarshalCustomer),
		"Order":               via(shopdb.UnmarshalOrder, shopdb.MarshalOrder),
		"OrderItem":           via(shopdb.UnmarshalOrderItem, shopdb.MarshalOrderItem),
		"Product":             via(shopdb.UnmarshalProduct, shopdb.MarshalProduct),
		"Review":              via(shopdb.UnmarshalReview, shopdb.MarshalReview),
		"Category":            via(shopdb.UnmarshalCategory, shopdb.MarshalCategory),
		"CustomerUniqueEmail": via(shopdb.UnmarshalCustomerUniqueEmail, shopdb.MarshalCustomerUniqueEmail),
	},
	"../../../examples/github": {
		"User":         via(githubdb.UnmarshalUser, githubdb.MarshalUser),
		"Organization": via(githubdb.UnmarshalOrganization, githubdb.MarshalOrganization),
		"Membership":   via(githubdb.UnmarshalMembership, githubdb.MarshalMembership),
		"Repository":   via(githubdb.UnmarshalRepository, githubdb.MarshalRepository),
		"Issue":        via(githubdb.UnmarshalIssue, githubdb.MarshalIssue),
		"PullRequest":  via(githubdb.UnmarshalPullRequest, githubdb.MarshalPullRequest),
		"IssueComment": via(githubdb.UnmarshalIssueComment, githubdb.MarshalIssueComment),
		"PRComment":    via(githubdb.UnmarshalPRComment, githubdb.MarshalPRComment),
		"Star":         via(githubdb.UnmarshalStar, githubdb.MarshalStar),
		"Fork":         via(githubdb.UnmarshalFork, githubdb.MarshalFork),
		"Counter":      via(githubdb.UnmarshalCounter, githubdb.MarshalCounter),
	},
	"../../../examples/tournaments": {
		"Tournament":   via(tournamentsdb.UnmarshalTournament, tournamentsdb.MarshalTournament),
		"Match":        via(tournamentsdb.UnmarshalMatch, tournamentsdb.MarshalMatch),
		"Player":       via(tournamentsdb.UnmarshalPlayer, tournamentsdb.MarshalPlayer),
		"Registration": via(tournamentsdb.UnmarshalRegistration, tournamentsdb.MarshalRegistration),
	},
}

// Random values that reach the edges of the templates: padding widths,
// case mapping of non-ASCII letters, empty strings, delimiters, numbers
// that are not integers, negative, large, or zero.
var (
	words   = []string{"", " ", "a", "octo", "Hello World", "The answer", "ÉCOLE", "straße", "Ǆemal", "ΣΊΣΥΦΟΣ", "İstanbul", "ﬁn", "日本語", "a#b", "x y ", "OPEN", "CLOSED", "-", "t1", "EU"}
	numbers = []float64{0, 1, -1, 7, 9, 10, 42, 99, 100, 9999999, 10000000, -42, 0.5, 2.25, 1e15, 123456789012, -0.1, 1e-7, 3.75}
)

func randomString(r *rand.Rand) string {
	if r.Intn(3) == 0 {
		return words[r.Intn(len(words))] + words[r.Intn(len(words))]
	}
	return words[r.Intn(len(words))]
}

// randomValue draws a value of attribute a: its cty value and its DynamoDB
// attribute value (nil for an absent optional attribute).
func randomValue(r *rand.Rand, a *hclschema.Attribute) (cty.Value, types.AttributeValue) {
	if a.Optional && r.Intn(3) == 0 {
		return cty.NullVal(a.Type), nil
	}
	return valueOf(r, a.Type, a.Enum)
}

func valueOf(r *rand.Rand, t cty.Type, enum []string) (cty.Value, types.AttributeValue) {
	switch {
	case t == cty.String:
		s := randomString(r)
		if enum != nil {
			s = enum[r.Intn(len(enum))]
		}
		return cty.StringVal(s), &types.AttributeValueMemberS{Value: s}
	case t == cty.Number:
		f := numbers[r.Intn(len(numbers))]
		if r.Intn(4) == 0 {
			f = float64(r.Intn(20000000) - 1000)
		}
		return cty.NumberFloatVal(f), &types.AttributeValueMemberN{Value: strconv.FormatFloat(f, 'g', -1, 64)}
	case t == cty.Bool:
		b := r.Intn(2) == 0
		return cty.BoolVal(b), &types.AttributeValueMemberBOOL{Value: b}
	case t.IsListType() || t.IsSetType():
		var vs []cty.Value
		var avs []types.AttributeValue
		for i := r.Intn(3); i > 0; i-- {
			v, av := valueOf(r, t.ElementType(), nil)
			vs, avs = append(vs, v), append(avs, av)
		}
		if len(vs) == 0 {
			if t.IsSetType() {
				return cty.SetValEmpty(t.ElementType()), &types.AttributeValueMemberL{Value: []types.AttributeValue{}}
			}
			return cty.ListValEmpty(t.ElementType()), &types.AttributeValueMemberL{Value: []types.AttributeValue{}}
		}
		if t.IsSetType() {
			return cty.SetVal(vs), &types.AttributeValueMemberL{Value: avs}
		}
		return cty.ListVal(vs), &types.AttributeValueMemberL{Value: avs}
	case t.IsMapType():
		m := map[string]cty.Value{}
		avm := map[string]types.AttributeValue{}
		for i := r.Intn(3); i > 0; i-- {
			k := fmt.Sprintf("k%d", i)
			m[k], avm[k] = valueOf(r, t.ElementType(), nil)
		}
		if len(m) == 0 {
			return cty.MapValEmpty(t.ElementType()), &types.AttributeValueMemberM{Value: avm}
		}
		return cty.MapVal(m), &types.AttributeValueMemberM{Value: avm}
	}
	panic("no random value of type " + t.FriendlyName())
}

// keyAttrs are the attributes an entity's item computes: its table's and
// indexes' key attributes that are not attributes of the entity.
func keyAttrs(e *hclschema.Entity) []string {
	seen := map[string]bool{}
	var out []string
	for _, ix := range e.Table.Indexes() {
		for _, k := range ix.KeyAttrs() {
			if e.Attribute(k.Name) == nil && !seen[k.Name] {
				seen[k.Name] = true
				out = append(out, k.Name)
			}
		}
	}
	sort.Strings(out)
	return out
}

// checkEquivalent compares the generated item of one random entity value
// with hclschema's evaluator: both fail, or both give the same key and
// index attributes (strings byte for byte, numbers by value).
func checkEquivalent(t *testing.T, e *hclschema.Entity, marshal func(item) (item, error), r *rand.Rand) {
	t.Helper()
	vals := map[string]cty.Value{}
	in := item{}
	for _, a := range e.Attributes {
		v, av := randomValue(r, a)
		vals[a.Name] = v
		if av != nil {
			in[a.Name] = av
		}
	}
	want, werr := e.Item(cty.ObjectVal(vals))
	got, gerr := marshal(in)
	desc := func() string {
		var parts []string
		for _, a := range e.Attributes {
			if v := vals[a.Name]; !v.IsNull() && (v.Type() == cty.String || v.Type() == cty.Number) {
				parts = append(parts, fmt.Sprintf("%s=%#v", a.Name, v.GoString()))
			} else {
				parts = append(parts, fmt.Sprintf("%s=%s", a.Name, v.GoString()))
			}
		}
		return e.Name + " {" + strings.Join(parts, ", ") + "}"
	}
	if werr != nil || gerr != nil {
		require.Equal(t, werr != nil, gerr != nil, "%s: evaluator error %v, generated error %v", desc(), werr, gerr)
		return
	}
	for _, k := range keyAttrs(e) {
		wv, wok := want.Attrs[k]
		gv, gok := got[k]
		require.Equal(t, wok, gok, "%s: key attribute %s present in evaluator's item %v, in generated item %v", desc(), k, wok, gok)
		if !wok {
			continue
		}
		switch x := gv.(type) {
		case *types.AttributeValueMemberS:
			require.Equal(t, cty.String, wv.Type(), "%s: %s", desc(), k)
			require.Equal(t, wv.AsString(), x.Value, "%s: %s", desc(), k)
		case *types.AttributeValueMemberN:
			require.Equal(t, cty.Number, wv.Type(), "%s: %s", desc(), k)
			f, _, err := big.ParseFloat(x.Value, 10, 512, big.ToNearestEven)
			require.NoError(t, err)
			require.Zero(t, f.Cmp(wv.AsBigFloat()), "%s: %s = %s, evaluator %s", desc(), k, x.Value, wv.AsBigFloat().Text('g', -1))
		default:
			t.Fatalf("%s: %s is a %T", desc(), k, gv)
		}
	}
	for n := range want.Attrs {
		_, ok := got[n]
		require.True(t, ok, "%s: attribute %s missing from the generated item", desc(), n)
	}
	require.Len(t, got, len(want.Attrs), "%s: generated item has other attributes", desc())
}

// TestKeyEquivalence holds every generated key template byte-identical to
// hclschema's evaluator over random values (padding, lower and upper of
// non-ASCII letters, format, conditionals, coalesce, arithmetic, sparse
// conditions with nulls, multi-attribute keys), for the examples and the
// key test schema.
func TestKeyEquivalence(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	rounds := 1000
	if testing.Short() {
		rounds = 200
	}
	for schema, ms := range marshalers {
		s, diags := hclschema.Load(schema)
		require.False(t, diags.HasErrors(), "%s", diags)
		entities := append([]*hclschema.Entity{}, s.Entities...)
		for _, e := range s.Entities {
			for _, u := range e.Unique {
				entities = append(entities, u.Guard)
			}
		}
		for _, e := range entities {
			m := ms[e.Name]
			require.NotNil(t, m, "no generated marshaler registered for %s in %s", e.Name, schema)
			for i := 0; i < rounds; i++ {
				checkEquivalent(t, e, m, r)
			}
		}
	}
}

// FuzzKeyEquivalence draws the random values from the fuzzer's seed.
func FuzzKeyEquivalence(f *testing.F) {
	for _, seed := range []int64{1, 2, 3, 42, math.MaxInt64} {
		f.Add(seed)
	}
	s, diags := hclschema.Load("testdata/keys")
	require.False(f, diags.HasErrors(), "%s", diags)
	f.Fuzz(func(t *testing.T, seed int64) {
		r := rand.New(rand.NewSource(seed))
		for _, e := range s.Entities {
			checkEquivalent(t, e, marshalers["testdata/keys"][e.Name], r)
		}
	})
}

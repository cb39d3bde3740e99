// Package gentest holds what the generators' key-equivalence tests share
// (gen go's and gen ts's): random entity values that reach the edges of the
// key templates, and the comparison of the item a generated writer computes
// with hclschema's evaluator. Both back ends are held to the same random
// inputs.
package gentest

import (
	"fmt"
	"math/big"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// Random values that reach the edges of the templates: padding widths,
// case mapping of non-ASCII letters, empty strings, delimiters, numbers
// that are not integers, negative, large, or zero.
var (
	Words   = []string{"", " ", "a", "octo", "Hello World", "The answer", "ÉCOLE", "straße", "Ǆemal", "ΣΊΣΥΦΟΣ", "İstanbul", "ﬁn", "日本語", "a#b", "x y ", "OPEN", "CLOSED", "-", "t1", "EU"}
	Numbers = []float64{0, 1, -1, 7, 9, 10, 42, 99, 100, 9999999, 10000000, -42, 0.5, 2.25, 1e15, 123456789012, -0.1, 1e-7, 3.75}
)

func randomString(r *rand.Rand) string {
	if r.Intn(3) == 0 {
		return Words[r.Intn(len(Words))] + Words[r.Intn(len(Words))]
	}
	return Words[r.Intn(len(Words))]
}

// Value draws a value of attribute a: its cty value and the same value as
// a plain Go value (string, float64, bool, []any, map[string]any; nil for
// an absent optional attribute). A set's plain value keeps the draws'
// order and duplicates, which the generated writer must sort out.
func Value(r *rand.Rand, a *hclschema.Attribute) (cty.Value, any) {
	if a.Optional && r.Intn(3) == 0 {
		return cty.NullVal(a.Type), nil
	}
	return valueOf(r, a.Type, a.Enum)
}

func valueOf(r *rand.Rand, t cty.Type, enum []string) (cty.Value, any) {
	switch {
	case t == cty.String:
		s := randomString(r)
		if enum != nil {
			s = enum[r.Intn(len(enum))]
		}
		return cty.StringVal(s), s
	case t == cty.Number:
		f := Numbers[r.Intn(len(Numbers))]
		if r.Intn(4) == 0 {
			f = float64(r.Intn(20000000) - 1000)
		}
		return cty.NumberFloatVal(f), f
	case t == cty.Bool:
		b := r.Intn(2) == 0
		return cty.BoolVal(b), b
	case t.IsListType() || t.IsSetType():
		var vs []cty.Value
		plain := []any{}
		for i := r.Intn(3); i > 0; i-- {
			v, p := valueOf(r, t.ElementType(), nil)
			vs, plain = append(vs, v), append(plain, p)
		}
		if len(vs) == 0 {
			if t.IsSetType() {
				return cty.SetValEmpty(t.ElementType()), plain
			}
			return cty.ListValEmpty(t.ElementType()), plain
		}
		if t.IsSetType() {
			return cty.SetVal(vs), plain
		}
		return cty.ListVal(vs), plain
	case t.IsMapType():
		m := map[string]cty.Value{}
		plain := map[string]any{}
		for i := r.Intn(3); i > 0; i-- {
			k := fmt.Sprintf("k%d", i)
			m[k], plain[k] = valueOf(r, t.ElementType(), nil)
		}
		if len(m) == 0 {
			return cty.MapValEmpty(t.ElementType()), plain
		}
		return cty.MapVal(m), plain
	}
	panic("no random value of type " + t.FriendlyName())
}

// Values draws a value of every attribute of e, in declaration order: the
// cty values by name and the plain values of the present ones.
func Values(r *rand.Rand, e *hclschema.Entity) (map[string]cty.Value, map[string]any) {
	vals := map[string]cty.Value{}
	plain := map[string]any{}
	for _, a := range e.Attributes {
		v, p := Value(r, a)
		vals[a.Name] = v
		if p != nil {
			plain[a.Name] = p
		}
	}
	return vals, plain
}

// Entities are the entities of s with their guard items, whose values the
// tests draw.
func Entities(s *hclschema.Schema) []*hclschema.Entity {
	out := append([]*hclschema.Entity{}, s.Entities...)
	for _, e := range s.Entities {
		for _, u := range e.Unique {
			out = append(out, u.Guard)
		}
	}
	return out
}

// Key is a key attribute of a generated item: a string (S) or a number's
// DynamoDB text (N).
type Key struct {
	S, N     string
	IsNumber bool
}

// KeyAttrs are the attributes an entity's item computes: its table's and
// indexes' key attributes that are not attributes of the entity, and its
// computed strings and numbers.
func KeyAttrs(e *hclschema.Entity) []string {
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
	// Computed strings and numbers are compared as key values are.
	for _, c := range e.Computed {
		if !seen[c.Attr] && (c.Type == cty.String || c.Type == cty.Number) {
			seen[c.Attr] = true
			out = append(out, c.Attr)
		}
	}
	sort.Strings(out)
	return out
}

// Check compares the item a generated writer computed for the values vals
// of entity e (got: every attribute of the item, with the key attributes'
// values; gerr its error) with hclschema's evaluator: both fail, or both
// give the same attributes and the same key attributes (strings byte for
// byte, numbers by value).
func Check(t testing.TB, e *hclschema.Entity, vals map[string]cty.Value, got map[string]*Key, gerr error) {
	t.Helper()
	want, werr := e.Item(cty.ObjectVal(vals))
	desc := func() string {
		var parts []string
		for _, a := range e.Attributes {
			v := vals[a.Name]
			if !v.IsNull() && (v.Type() == cty.String || v.Type() == cty.Number) {
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
	for _, k := range KeyAttrs(e) {
		wv, wok := want.Attrs[k]
		gv, gok := got[k]
		require.Equal(t, wok, gok, "%s: key attribute %s present in evaluator's item %v, in generated item %v", desc(), k, wok, gok)
		if !wok {
			continue
		}
		require.NotNil(t, gv, "%s: key attribute %s is neither a string nor a number", desc(), k)
		if gv.IsNumber {
			require.Equal(t, cty.Number, wv.Type(), "%s: %s", desc(), k)
			f, _, err := big.ParseFloat(gv.N, 10, 512, big.ToNearestEven)
			require.NoError(t, err)
			require.Zero(t, f.Cmp(wv.AsBigFloat()), "%s: %s = %s, evaluator %s", desc(), k, gv.N, wv.AsBigFloat().Text('g', -1))
			continue
		}
		require.Equal(t, cty.String, wv.Type(), "%s: %s", desc(), k)
		require.Equal(t, wv.AsString(), gv.S, "%s: %s", desc(), k)
	}
	for n := range want.Attrs {
		_, ok := got[n]
		require.True(t, ok, "%s: attribute %s missing from the generated item", desc(), n)
	}
	require.Len(t, got, len(want.Attrs), "%s: generated item has other attributes", desc())
}

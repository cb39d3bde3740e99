package oracle

import (
	"fmt"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// IntendedSortKey returns the order a reader of the entity's template
// expects for the index sort key of an item: for a template such as
// "ORDER#${date}#${total}" the tuple ("ORDER#", date, "#", total) with each
// interpolated value in its own type, so numbers compare numerically. A key
// that is not a template (a native attribute, format(...)) is itself the
// tuple. DynamoDB compares the rendered string instead; the two orders differ
// exactly when a number is interpolated without zero padding.
func IntendedSortKey(it hclschema.Item, ix *hclschema.Index) []cty.Value {
	var out []cty.Value
	for _, k := range ix.SortKey {
		out = append(out, intendedParts(it, ix, k.Name)...)
	}
	return out
}

func intendedParts(it hclschema.Item, ix *hclschema.Index, attr string) []cty.Value {
	v := it.Attrs[attr]
	tpl := it.Entity.KeyTemplateFor(ix, attr)
	if tpl == nil || !tpl.Expr.Quoted || len(tpl.Expr.Parts) < 2 {
		return []cty.Value{v}
	}
	vars := it.ItemVars()
	var parts []cty.Value
	for _, p := range tpl.Expr.Parts {
		pv, ds := p.Eval(vars)
		if ds.HasErrors() || pv.IsNull() || !pv.IsKnown() {
			return []cty.Value{v}
		}
		parts = append(parts, pv)
	}
	return parts
}

// CompareIntended compares two intended sort keys part by part; ok is false
// when a part pair is not comparable (different types: other templates).
func CompareIntended(a, b []cty.Value) (int, bool) {
	for i := 0; i < len(a) && i < len(b); i++ {
		c, ok := hclschema.Compare(a[i], b[i])
		if !ok {
			return 0, false
		}
		if c != 0 {
			return c, true
		}
	}
	switch {
	case len(a) < len(b):
		return -1, true
	case len(a) > len(b):
		return 1, true
	}
	return 0, true
}

// LimitViolation checks a pattern with a limit against the order its sort
// key templates promise: the items the limit keeps (DynamoDB order) must
// be the first ones by the sort attributes' own values (numbers by value;
// see IntendedSortKey), also when the limit keeps one item. It compares
// the whole candidate set: every item in the index that satisfies the key
// conditions, before the filter. It returns a kept item and an item left
// out that should come before it, and ok true; ok is false when the
// pattern has no limit or sort key, the limit keeps every candidate, the
// candidates are of several entities, or their intended keys do not
// compare (other templates).
func LimitViolation(b *hclschema.Bound, items []hclschema.Item) (kept, missed hclschema.Item, ok bool) {
	p := b.Pattern
	ix := p.Index
	if p.Limit <= 0 || len(ix.SortKey) == 0 {
		return kept, missed, false
	}
	var hits []hclschema.Item
	for _, it := range items {
		if it.InIndex(ix) && b.Matches(it) {
			hits = append(hits, it)
		}
	}
	if int64(len(hits)) <= p.Limit {
		return kept, missed, false
	}
	for _, it := range hits[1:] {
		if it.Entity != hits[0].Entity {
			return kept, missed, false
		}
	}
	sortItems(hits, ix, p.Descending)
	keys := make([][]cty.Value, len(hits))
	for i, it := range hits {
		keys[i] = IntendedSortKey(it, ix)
	}
	// before reports whether i comes strictly before j in the intended order.
	before := func(i, j int) (bool, bool) {
		c, comparable := CompareIntended(keys[i], keys[j])
		if !comparable {
			return false, false
		}
		if p.Descending {
			return c > 0, true
		}
		return c < 0, true
	}
	limit := int(p.Limit)
	for j := limit; j < len(hits); j++ {
		for i := 0; i < limit; i++ {
			earlier, comparable := before(j, i)
			if !comparable {
				return kept, missed, false
			}
			if earlier {
				return hits[i], hits[j], true
			}
		}
	}
	return kept, missed, false
}

// Boundary is an item that a begins_with key condition returns through a
// prefix boundary (see PrefixBoundary).
type Boundary struct {
	// Item is the item returned with another value of Attr.
	Item hclschema.Item
	// Attr is the input, an attribute of Item's entity, that ends the
	// begins_with operand.
	Attr string
	// Cond is the begins_with condition and Operand its value.
	Cond    *hclschema.Condition
	Operand cty.Value
}

// CodePrefixBoundary is the code of the lint rule that reports a prefix
// boundary (TD154). An accept block of it on an access pattern says the
// prefix search is deliberate: verify then does not check the pattern's
// boundary either (PrefixBoundaryAccepted).
const CodePrefixBoundary = "TD154"

// PrefixBoundaryAccepted reports whether the schema accepts the prefix
// boundary of pattern p (accept "TD154" on access_pattern.P).
func PrefixBoundaryAccepted(s *hclschema.Schema, p *hclschema.AccessPattern) bool {
	for _, a := range s.Accepts() {
		if a.Code == CodePrefixBoundary && a.Target == "access_pattern."+p.Name {
			return true
		}
	}
	return false
}

// PrefixBoundary checks the begins_with key conditions whose operand ends
// with an input named like an attribute of a returned entity, with no
// delimiter after it (begins_with(SK, "ISSUE#${number}")), where the
// entity's template for the key attribute uses that attribute: the
// pattern means the items whose attribute is the input. When the input is
// a whole value of the attribute (an item of the entity has exactly it) and
// a candidate item (in the index, matching every key condition) has
// another value that the input's text prefixes ("1" and "10", "o-1" and
// "o-10"), it returns that item. Candidates are taken before the filter and
// the limit.
func PrefixBoundary(b *hclschema.Bound, items []hclschema.Item) (Boundary, bool) {
	return PrefixBoundaryWhere(b, items, nil)
}

// PrefixBoundaryWhere is PrefixBoundary with only the candidates for which
// counts(i, x) holds (every one when counts is nil), i the index in items
// and x the attribute the operand ends in. verify counts generated strings
// out: it made their longer values up ("2024-01-g003" for a month), while a
// longer number (10 after 1) is a value the attribute really takes.
func PrefixBoundaryWhere(b *hclschema.Bound, items []hclschema.Item, counts func(i int, x string) bool) (Boundary, bool) {
	p := b.Pattern
	for i, c := range p.Conditions {
		if c.Op != hclschema.OpBeginsWith || len(c.Args) != 1 || len(c.Args[0].Parts) == 0 || len(b.Operands[i]) != 1 {
			continue
		}
		last := c.Args[0].Parts[len(c.Args[0].Parts)-1]
		if last.Kind != hclschema.PartAttr {
			continue
		}
		x := last.Name
		in, ok := b.Inputs[x]
		if !ok {
			continue
		}
		for _, e := range p.Entities {
			if e.Attribute(x) == nil {
				continue
			}
			tpl := e.KeyTemplateFor(p.Index, c.Attr)
			if tpl == nil || !uses(tpl.Expr, x) || !hasValue(items, e, x, in) {
				continue
			}
			for j, it := range items {
				if it.Entity != e || !it.InIndex(p.Index) || !b.Matches(it) || (counts != nil && !counts(j, x)) {
					continue
				}
				if cmp, ok := hclschema.Compare(it.Attrs[x], in); ok && cmp != 0 {
					return Boundary{Item: it, Attr: x, Cond: c, Operand: b.Operands[i][0]}, true
				}
			}
		}
	}
	return Boundary{}, false
}

// uses reports whether template t refers to name.
func uses(t *hclschema.Template, name string) bool {
	for _, n := range t.Names() {
		if n == name {
			return true
		}
	}
	return false
}

// hasValue reports whether an item of entity e has attribute x equal to v.
func hasValue(items []hclschema.Item, e *hclschema.Entity, x string, v cty.Value) bool {
	for _, it := range items {
		if it.Entity != e {
			continue
		}
		if cmp, ok := hclschema.Compare(it.Attrs[x], v); ok && cmp == 0 {
			return true
		}
	}
	return false
}

// BoundaryReason explains a Boundary found for input value in: the item
// matches the prefix with another value of the attribute.
func BoundaryReason(bd Boundary, in cty.Value, n *Namer) string {
	return fmt.Sprintf("%s matches begins_with(%s, %s) although its %s is %s, not %s: nothing follows ${%s} in the operand to end the value, so the prefix also matches values that begin with %s",
		n.Name(bd.Item), bd.Cond.Attr, Render(bd.Operand), bd.Attr, Render(bd.Item.Attrs[bd.Attr]), Render(in), bd.Attr, Render(in))
}

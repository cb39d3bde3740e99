package oracle

import (
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
	tpl := templateFor(it.Entity, ix, attr)
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

func templateFor(e *hclschema.Entity, ix *hclschema.Index, attr string) *hclschema.KeyTemplate {
	if ix.Kind == hclschema.IndexPrimary {
		return e.Key.Template(attr)
	}
	if ei := e.IndexBlock(ix.Name); ei != nil {
		if t := ei.Template(attr); t != nil {
			return t
		}
	}
	if ix.Kind == hclschema.IndexLocal {
		return e.Key.Template(attr)
	}
	return nil
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

package oracle

import (
	"sort"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// Result is what a pattern returns: the items in order, projected, plus the
// sort key of each item so that runs of equal sort keys (whose order
// DynamoDB leaves unspecified) can be compared as sets.
type Result struct {
	Items []hclschema.Item
	// SortKeys[i] holds the index sort key values of Items[i].
	SortKeys [][]cty.Value
	// Read is the number of items read before the filter (what Limit counts).
	Read int
}

// Run computes the result of the bound pattern over items (the whole table).
func Run(b *hclschema.Bound, items []hclschema.Item) Result {
	p := b.Pattern
	ix := p.Index
	var hits []hclschema.Item
	for _, it := range items {
		if it.InIndex(ix) && b.Matches(it) {
			hits = append(hits, it)
		}
	}
	sortItems(hits, ix, p.Descending)
	if p.Limit > 0 && int64(len(hits)) > p.Limit {
		hits = hits[:p.Limit]
	}
	res := Result{Read: len(hits)}
	for _, it := range hits {
		if !b.Filter(it) {
			continue
		}
		res.Items = append(res.Items, it.Project(ix))
		res.SortKeys = append(res.SortKeys, sortKey(it, ix))
	}
	return res
}

func sortKey(it hclschema.Item, ix *hclschema.Index) []cty.Value {
	var out []cty.Value
	for _, k := range ix.SortKey {
		out = append(out, it.Attrs[k.Name])
	}
	return out
}

// sortItems orders items by the index sort key (a tuple for multi-attribute
// keys), breaking ties by primary key so the oracle itself is deterministic.
func sortItems(items []hclschema.Item, ix *hclschema.Index, desc bool) {
	primary := ix.Table.Primary.KeyAttrs()
	sort.SliceStable(items, func(i, j int) bool {
		c := compareKeys(items[i], items[j], ix.SortKey)
		if c == 0 {
			return compareKeys(items[i], items[j], primary) < 0
		}
		if desc {
			return c > 0
		}
		return c < 0
	})
}

func compareKeys(a, b hclschema.Item, keys []hclschema.KeyAttr) int {
	for _, k := range keys {
		c, ok := hclschema.Compare(a.Attrs[k.Name], b.Attrs[k.Name])
		if ok && c != 0 {
			return c
		}
	}
	return 0
}

// Undeclared returns the items of entities the pattern does not declare.
func Undeclared(p *hclschema.AccessPattern, items []hclschema.Item) []hclschema.Item {
	var out []hclschema.Item
	for _, it := range items {
		if !p.ReturnsEntity(it.Entity) {
			out = append(out, it)
		}
	}
	return out
}

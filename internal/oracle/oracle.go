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
	// Cut is set when the limit ends the read inside a run of equal index
	// sort keys: which of that run's items DynamoDB reads is then open.
	// Items holds the oracle's own pick (the run ordered by primary key).
	Cut *Cut
}

// Cut is a limit that ends a read inside a run of items whose index sort
// keys are equal (on an index without a sort key, the whole partition is
// one run). DynamoDB leaves the order within such a run unspecified, so the
// read may take any Take of the run's items: the items before the run are
// determined, the rest of the result is any such choice that passes the
// filter.
type Cut struct {
	// From is the position in Result.Items where the run's items begin.
	From int
	// Take is how many of the run's items the read takes (Limit counts
	// them before the filter).
	Take int
	// Candidates are the run's items that pass the filter, projected, in
	// the oracle's order: the read returns some of them.
	Candidates []hclschema.Item
	// Dropped is how many of the run's items the filter drops.
	Dropped int
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
	var res Result
	runStart := -1
	if p.Limit > 0 && int64(len(hits)) > p.Limit {
		limit := int(p.Limit)
		res.Cut, runStart = cutRun(b, hits, limit)
		hits = hits[:limit]
	}
	res.Read = len(hits)
	for i, it := range hits {
		if i == runStart {
			res.Cut.From = len(res.Items)
		}
		if !b.Filter(it) {
			continue
		}
		res.Items = append(res.Items, it.Project(ix))
		res.SortKeys = append(res.SortKeys, sortKey(it, ix))
	}
	return res
}

// cutRun returns the Cut of a limit that ends the sorted hits inside a run
// of equal index sort keys, and the position in hits where that run
// begins; nil and -1 when the limit falls between runs.
func cutRun(b *hclschema.Bound, hits []hclschema.Item, limit int) (*Cut, int) {
	ix := b.Pattern.Index
	last := sortKey(hits[limit-1], ix)
	if !SameSortKey(last, sortKey(hits[limit], ix)) {
		return nil, -1
	}
	start := limit - 1
	for start > 0 && SameSortKey(last, sortKey(hits[start-1], ix)) {
		start--
	}
	end := limit + 1
	for end < len(hits) && SameSortKey(last, sortKey(hits[end], ix)) {
		end++
	}
	c := &Cut{Take: limit - start}
	for _, it := range hits[start:end] {
		if b.Filter(it) {
			c.Candidates = append(c.Candidates, it.Project(ix))
		} else {
			c.Dropped++
		}
	}
	return c, start
}

// Bounds are how many of the run's candidates the read returns: at least
// Take less those the filter drops, at most Take (and no more than there
// are candidates).
func (c *Cut) Bounds() (least, most int) {
	return max(0, c.Take-c.Dropped), min(c.Take, len(c.Candidates))
}

// SameSortKey reports whether two items' index sort key values (as
// Result.SortKeys holds them) are equal: the two belong to one run whose
// order DynamoDB leaves unspecified. On an index without a sort key every
// pair is one run.
func SameSortKey(a, b []cty.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] == cty.NilVal || b[k] == cty.NilVal {
			if a[k] != b[k] {
				return false
			}
			continue
		}
		if c, ok := hclschema.Compare(a[k], b[k]); !ok || c != 0 {
			return false
		}
	}
	return true
}

// Agrees reports whether a live result may be what the read returns. want
// holds the identities (any canonical text the caller chooses) of
// r.Items, candidates those of r.Cut.Candidates (nil without a cut) and
// got those of the live result, in order. The items before a cut must
// come in the oracle's order, each run of equal sort keys as a set; the
// rest must be a choice of the cut run's candidates the limit allows.
func (r Result) Agrees(want, candidates, got []string) bool {
	from := len(want)
	if r.Cut != nil {
		from = r.Cut.From
	}
	if len(got) < from {
		return false
	}
	for i := 0; i < from; {
		j := i + 1
		for j < from && SameSortKey(r.SortKeys[i], r.SortKeys[j]) {
			j++
		}
		if !sameSet(want[i:j], got[i:j]) {
			return false
		}
		i = j
	}
	rest := got[from:]
	if r.Cut == nil {
		return len(rest) == 0
	}
	least, most := r.Cut.Bounds()
	if len(rest) < least || len(rest) > most {
		return false
	}
	left := map[string]int{}
	for _, c := range candidates {
		left[c]++
	}
	for _, g := range rest {
		if left[g] == 0 {
			return false
		}
		left[g]--
	}
	return true
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

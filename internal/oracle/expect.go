package oracle

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// Namer names items in reports: an item with the primary key of an example
// item is named like the example (Order["o1"], Order#2); any other item by
// its entity and primary key. It reads the table's example items, computed
// once per schema (hclschema's Table.ExampleOf).
type Namer struct {
	t *hclschema.Table
}

// NewNamer names items by the example items of every entity of table t.
func NewNamer(t *hclschema.Table) *Namer { return &Namer{t: t} }

// Example returns the example item with it's primary key, or nil.
func (n *Namer) Example(it hclschema.Item) *hclschema.Example {
	if n == nil || n.t == nil {
		return nil
	}
	return n.t.ExampleOf(it)
}

// Name returns the name of item it in reports.
func (n *Namer) Name(it hclschema.Item) string {
	if ex := n.Example(it); ex != nil {
		return ex.Name()
	}
	name := "(unknown entity)"
	if it.Entity != nil {
		name = it.Entity.Name
	}
	return name + " {" + PrimaryKeyString(it) + "}"
}

// PrimaryKeyString renders the primary key of an item: PK = "A", SK = 2
// (hclschema's Item.PrimaryKeyText).
func PrimaryKeyString(it hclschema.Item) string { return it.PrimaryKeyText() }

// Render renders a scalar value as in HCL: a quoted string or a number
// (hclschema.ValueText).
func Render(v cty.Value) string { return hclschema.ValueText(v) }

// renderAll renders values with Render.
func renderAll(vs []cty.Value) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = Render(v)
	}
	return out
}

// NamesOf names a list of items: A, B, C (or "no item").
func (n *Namer) NamesOf(items []hclschema.Item) string {
	if len(items) == 0 {
		return "no item"
	}
	names := make([]string, len(items))
	for i, it := range items {
		names[i] = n.Name(it)
	}
	return strings.Join(names, ", ")
}

// namesOf names each item.
func (n *Namer) namesOf(items []hclschema.Item) []string {
	names := make([]string, len(items))
	for i, it := range items {
		names[i] = n.Name(it)
	}
	return names
}

// Why explains why item it (an item of the table) is not in the result of b
// over all (every item of the table): not in the index, outside a key
// condition, left out by the limit or by the filter. It returns "" when the
// item is in the result.
func Why(b *hclschema.Bound, all []hclschema.Item, it hclschema.Item, n *Namer) string {
	p := b.Pattern
	ix := p.Index
	if !it.InIndex(ix) {
		return notInIndex(it, ix)
	}
	for i, c := range p.Conditions {
		v, ok := it.Attrs[c.Attr]
		if !ok || v.IsNull() {
			return fmt.Sprintf("it has no %s", c.Attr)
		}
		if !c.Op.Match(v, b.Operands[i]) {
			return fmt.Sprintf("its %s %s does not satisfy %s", c.Attr, Render(v), c.Render(renderAll(b.Operands[i])))
		}
	}
	var hits []hclschema.Item
	for _, x := range all {
		if x.InIndex(ix) && b.Matches(x) {
			hits = append(hits, x)
		}
	}
	sortItems(hits, ix, p.Descending)
	key := PrimaryKeyString(it)
	pos := -1
	for i, x := range hits {
		if PrimaryKeyString(x) == key {
			pos = i
			break
		}
	}
	if p.Limit > 0 && int64(pos) >= p.Limit {
		return fmt.Sprintf("limit = %d ends the read before it: %s come(s) first; %s", p.Limit, n.NamesOf(hits[:p.Limit]),
			OrderReason(ix, p.Descending, hits[p.Limit-1], it, n))
	}
	if !b.Filter(it) {
		return "the filter is false for it"
	}
	return ""
}

func orderWord(desc bool) string {
	if desc {
		return "descending"
	}
	return "ascending"
}

// notInIndex explains why an item is not in index ix.
func notInIndex(it hclschema.Item, ix *hclschema.Index) string {
	e := it.Entity
	if ix.Kind != hclschema.IndexPrimary {
		if ei := e.IndexBlock(ix.Name); ei != nil && ei.When != nil {
			if w, ok := ei.WhenHolds(it); ok && !w {
				return fmt.Sprintf("it is not in %s: the sparse condition of entity %s (at %s) is false for it", ix.DisplayName(), e.Name, ei.When.Range())
			}
		}
	}
	for _, k := range ix.KeyAttrs() {
		v, ok := it.Attrs[k.Name]
		if !ok || v.IsNull() {
			return fmt.Sprintf("it is not in %s: entity %s writes no %s for it", ix.DisplayName(), e.Name, k.Name)
		}
		if t := hclschema.DynamoType(v.Type()); t != k.Type {
			return fmt.Sprintf("it is not in %s: its %s is of type %s, the index's is %s", ix.DisplayName(), k.Name, t, k.Type)
		}
	}
	return fmt.Sprintf("it is not in %s", ix.DisplayName())
}

// OrderReason explains why item a comes before item b in index ix (order
// desc when descending): the first sort key attribute where they differ,
// with a note when strings order differently from the numbers they show
// ("10" < "9" byte by byte).
func OrderReason(ix *hclschema.Index, desc bool, a, b hclschema.Item, n *Namer) string {
	keys := ix.SortKey
	tie := ""
	if compareKeys(a, b, keys) == 0 {
		keys = ix.Table.Primary.KeyAttrs()
		tie = " (their sort keys are equal, and DynamoDB leaves the order of equal sort keys unspecified)"
	}
	for _, k := range keys {
		va, vb := a.Attrs[k.Name], b.Attrs[k.Name]
		c, ok := hclschema.Compare(va, vb)
		if !ok || c == 0 {
			continue
		}
		rel := "<"
		if c > 0 {
			rel = ">"
		}
		why := ""
		if va.Type() == cty.String {
			why = " (strings compare byte by byte" + digitNote(va.AsString(), vb.AsString()) + ")"
		}
		return fmt.Sprintf("%s comes before %s in %s order because %s %s %s %s%s%s",
			n.Name(a), n.Name(b), orderWord(desc), k.Name, Render(va), rel, Render(vb), why, tie)
	}
	return fmt.Sprintf("%s comes before %s%s", n.Name(a), n.Name(b), tie)
}

// digitNote points out the first differing bytes when both are digits at
// positions where the strings hold numbers of different widths: ", so "10"
// sorts before "9"".
func digitNote(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	if i >= len(a) || i >= len(b) {
		return ""
	}
	na, nb := digitRun(a[i:]), digitRun(b[i:])
	if na == "" || nb == "" || len(na) == len(nb) {
		return ""
	}
	// Include the shared digits before the difference.
	j := i
	for j > 0 && a[j-1] >= '0' && a[j-1] <= '9' {
		j--
	}
	na, nb = digitRun(a[j:]), digitRun(b[j:])
	lo, hi := na, nb
	if a > b {
		lo, hi = nb, na
	}
	if !utf8.ValidString(lo) || !utf8.ValidString(hi) {
		return ""
	}
	return fmt.Sprintf(", so %q sorts before %q although %s > %s as numbers", lo, hi, lo, hi)
}

func digitRun(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}

// Mismatch compares the items a pattern returns for input set x (got, in
// order) with the expectation x declares. res is the oracle's result for
// the input set (got itself when the oracle is what returned them); all is
// every item of the table, to explain differences. It returns "" when they
// agree (runs of equal sort keys compare as sets, as DynamoDB leaves their
// order open; where the limit ends the read inside such a run, any choice
// of its items the limit allows), else the full-sentence explanation:
// expected and returned items, and why each differs where the oracle can
// tell.
func Mismatch(b *hclschema.Bound, x *hclschema.PatternExample, res Result, got, all []hclschema.Item, n *Namer) string {
	p := b.Pattern
	switch {
	case x.HasReturns:
	case x.HasCount:
		if int64(len(got)) == x.ReturnsCount {
			return ""
		}
		return fmt.Sprintf("The input set expects %d item(s); the pattern returns %d: %s.", x.ReturnsCount, len(got), n.NamesOf(got))
	default:
		return ""
	}
	want := make([]string, len(x.Returns))
	wantSet := map[string]bool{}
	for i, r := range x.Returns {
		want[i] = r.Example.Name()
		wantSet[want[i]] = true
	}
	have := make([]string, len(got))
	haveSet := map[string]bool{}
	for i, it := range got {
		have[i] = n.Name(it)
		haveSet[have[i]] = true
	}
	if sameRuns(p.Index, got, have, want) {
		return ""
	}
	var open []string
	if res.Cut != nil {
		picked := n.namesOf(res.Items)
		open = n.namesOf(res.Cut.Candidates)
		if res.Agrees(picked, open, have) && res.Agrees(picked, open, want) {
			return ""
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "Expected %s; the pattern returns %s.", listOrNone(want), listOrNone(have))
	if res.Cut != nil {
		fmt.Fprintf(&sb, " The limit (%d) ends the read inside a run of items with equal sort keys, whose order DynamoDB leaves open: it may take any %d of %s.",
			p.Limit, res.Cut.Take, listOrNone(open))
	}
	for _, r := range x.Returns {
		name := r.Example.Name()
		if haveSet[name] {
			continue
		}
		it, ok := r.Example.Item()
		if !ok {
			continue
		}
		why := Why(b, all, it, n)
		if why == "" {
			why = "the oracle cannot tell why"
		}
		fmt.Fprintf(&sb, " %s is not returned: %s.", name, why)
	}
	for i, it := range got {
		if wantSet[have[i]] {
			continue
		}
		if !p.ReturnsEntity(it.Entity) {
			fmt.Fprintf(&sb, " %s is returned but not expected: it is an item of entity %s, which the pattern does not declare, and its key matches %s (another entity's prefix).",
				have[i], it.Entity.Name, b.KeyConditionString(Render))
			continue
		}
		where := p.Index.DisplayName()
		if p.Index.Kind == hclschema.IndexPrimary {
			where = "the table"
		}
		fmt.Fprintf(&sb, " %s is returned but not expected: it is in %s and its key matches %s.", have[i], where, b.KeyConditionString(Render))
	}
	if len(got) == len(x.Returns) && sameSet(have, want) {
		for i := range have {
			if have[i] == want[i] {
				continue
			}
			// have[i] comes before want[i] in the result.
			for j := i + 1; j < len(got); j++ {
				if have[j] == want[i] {
					fmt.Fprintf(&sb, " %s.", OrderReason(p.Index, p.Descending, got[i], got[j], n))
					break
				}
			}
			break
		}
	}
	return sb.String()
}

func listOrNone(names []string) string {
	if len(names) == 0 {
		return "no item"
	}
	return strings.Join(names, ", ")
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	x := append([]string{}, a...)
	y := append([]string{}, b...)
	sort.Strings(x)
	sort.Strings(y)
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// sameRuns compares the returned names with the expected ones position by
// position, each run of equal index sort keys in the result as a set.
func sameRuns(ix *hclschema.Index, got []hclschema.Item, have, want []string) bool {
	if len(have) != len(want) {
		return false
	}
	for i := 0; i < len(have); {
		j := i + 1
		for j < len(have) && compareKeys(got[i], got[j], ix.SortKey) == 0 && len(ix.SortKey) > 0 {
			j++
		}
		if len(ix.SortKey) == 0 {
			j = len(have) // no sort key: one partition's items in hash order
		}
		if !sameSet(have[i:j], want[i:j]) {
			return false
		}
		i = j
	}
	return true
}

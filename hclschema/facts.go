package hclschema

import (
	"strings"
	"sync"

	"github.com/zclconf/go-cty/cty"
)

// Facts computed once per schema and shared by every reader, as analyzers
// share one pass: the item of every example (computed when the example is
// loaded), the example items of a table with their index entries grouped by
// partition, the example that names an item, and the input sets of a
// pattern. Lint's rules, the oracle (its Namer), doc, cost and verify ask
// for them instead of evaluating the examples again, so checking a schema
// grows linearly with its size. They are computed lazily, safe for
// concurrent use, and shared: callers must not modify what they return.

// lazy holds a value computed on first use. A nil *lazy computes the value
// on every call (a model built outside Load).
type lazy[T any] struct {
	once sync.Once
	v    T
}

func (l *lazy[T]) get(f func() T) T {
	if l == nil {
		return f()
	}
	l.once.Do(func() { l.v = f() })
	return l.v
}

// Item returns the example's item (Entity.Item of its values). Load
// computes it once, when it checks the example against the templates; ok
// is false when it cannot be computed (Load keeps no such example).
func (ex *Example) Item() (Item, bool) {
	if ex == nil {
		return Item{}, false
	}
	if ex.item != nil {
		return *ex.item, true
	}
	if ex.Entity == nil || ex.Values == cty.NilVal {
		return Item{}, false
	}
	it, err := ex.Entity.Item(ex.Values)
	return it, err == nil
}

// tableFacts are the facts of one table, computed lazily.
type tableFacts struct {
	examples lazy[tableExamples]
	mu       sync.Mutex
	entries  map[*Index]*indexEntries
}

// tableExamples are the example items of a table.
type tableExamples struct {
	items []Item
	// byKey maps an item's primary key text to its example (the last one
	// with that key).
	byKey map[string]*Example
}

// indexEntries are the example items in one index, in declaration order,
// and by the text of their partition key.
type indexEntries struct {
	all         []Item
	byPartition map[string][]Item
}

func newTableFacts() *tableFacts { return &tableFacts{entries: map[*Index]*indexEntries{}} }

func (t *Table) examples() tableExamples {
	var l *lazy[tableExamples]
	if t.facts != nil {
		l = &t.facts.examples
	}
	return l.get(func() tableExamples {
		te := tableExamples{byKey: map[string]*Example{}}
		for _, e := range t.Entities {
			if e == nil || e.Table != t {
				continue
			}
			for _, ex := range e.Examples {
				if it, ok := ex.Item(); ok {
					te.items = append(te.items, it)
					te.byKey[it.PrimaryKeyText()] = ex
				}
			}
		}
		return te
	})
}

// ExampleItems returns the items of the examples of every entity of t, in
// declaration order (examples whose item cannot be computed are left out).
func (t *Table) ExampleItems() []Item { return t.examples().items }

// ExampleOf returns the example whose item has the primary key of it (the
// last one declared when several share it), or nil: how reports name items
// (oracle.Namer).
func (t *Table) ExampleOf(it Item) *Example {
	if it.Entity == nil || it.Entity.Table == nil {
		return nil
	}
	return t.examples().byKey[it.PrimaryKeyText()]
}

// ExampleCandidates returns the example items of t (ExampleItems) that the
// bound pattern b can return: those in b's index whose partition key is the
// one b's equality conditions fix, in declaration order; every example item
// in the index when b does not fix the whole partition key. An answer of
// the oracle that depends only on the items in the index matching b's key
// condition (what the pattern returns, its order, its limit) is the same
// over them as over every example item, and costs what the partition holds.
func (t *Table) ExampleCandidates(b *Bound) []Item {
	ix := b.Pattern.Index
	if ix == nil || ix.Table != t {
		return nil
	}
	en := t.indexEntries(ix)
	key, ok := b.partitionText()
	if !ok {
		return en.all
	}
	return en.byPartition[key]
}

func (t *Table) indexEntries(ix *Index) *indexEntries {
	build := func() *indexEntries {
		en := &indexEntries{byPartition: map[string][]Item{}}
		for _, it := range t.ExampleItems() {
			if !ix.Holds(it.Attrs) {
				continue
			}
			en.all = append(en.all, it)
			k := partitionText(ix, it.Attrs)
			en.byPartition[k] = append(en.byPartition[k], it)
		}
		return en
	}
	if t.facts == nil {
		return build()
	}
	t.facts.mu.Lock()
	defer t.facts.mu.Unlock()
	en, ok := t.facts.entries[ix]
	if !ok {
		en = build()
		t.facts.entries[ix] = en
	}
	return en
}

// partitionText renders the partition key values of an item in index ix as
// a map key: equal values (DynamoDB equality) give equal keys.
func partitionText(ix *Index, attrs map[string]cty.Value) string {
	var b strings.Builder
	for _, k := range ix.PartitionKey {
		b.WriteString(ValueText(attrs[k.Name]))
		b.WriteByte(0)
	}
	return b.String()
}

// partitionText renders the partition key b's equality conditions fix, as
// partitionText does for an item; ok is false when a partition attribute
// has no equality condition.
func (b *Bound) partitionText() (string, bool) {
	ix := b.Pattern.Index
	vals := make(map[string]cty.Value, len(ix.PartitionKey))
	for _, k := range ix.PartitionKey {
		found := false
		for i, c := range b.Pattern.Conditions {
			if c.Attr == k.Name && c.Op == OpEq && i < len(b.Operands) && len(b.Operands[i]) == 1 {
				vals[k.Name], found = b.Operands[i][0], true
				break
			}
		}
		if !found {
			return "", false
		}
	}
	return partitionText(ix, vals), true
}

// PrimaryKeyText renders the item's primary key for reports and as a map
// key: PK = "USER#alice", SK = 2 (ValueText of each key attribute, in key
// order).
func (it Item) PrimaryKeyText() string {
	if it.Entity == nil || it.Entity.Table == nil || it.Entity.Table.Primary == nil {
		return ""
	}
	var b strings.Builder
	for i, k := range it.Entity.Table.Primary.KeyAttrs() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(k.Name)
		b.WriteString(" = ")
		b.WriteString(ValueText(it.Attrs[k.Name]))
	}
	return b.String()
}

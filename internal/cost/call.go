package cost

import (
	"math"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// Call is what one call of an access pattern reads and returns over a
// given set of items, and its read units.
type Call struct {
	// Read is the number of items the call reads (what the key condition
	// and the limit select, before the filter); Returned what it returns.
	Read, Returned int
	// BytesRead is the sum of the sizes of the items read, as the index
	// holds them (projected for a secondary index).
	BytesRead int
	// Units are the read units of the call.
	Units float64
}

// PerCall runs the bound pattern over items (the whole table) with the
// oracle and returns what it reads, what it returns and what it costs: a
// GetItem costs its item's size rounded up to 4 KB, a Query the sum of the
// sizes of every item it reads (also those its filter drops) rounded up to
// 4 KB; half for an eventually consistent read.
func PerCall(b *hclschema.Bound, items []hclschema.Item, strong bool) (Call, error) {
	res := oracle.Run(b, items)
	read := oracle.Run(unfiltered(b), items)
	c := Call{Read: len(read.Items), Returned: len(res.Items)}
	for _, it := range read.Items {
		c.BytesRead += hclschema.ItemSize(it)
	}
	if b.Pattern.Operation() == hclschema.OpGetItem {
		c.Units = GetItemUnits(float64(c.BytesRead), strong)
	} else {
		c.Units = QueryUnits(float64(c.BytesRead), strong)
	}
	return c, nil
}

// unfiltered returns b for a copy of its pattern without the filter: the
// items the call reads.
func unfiltered(b *hclschema.Bound) *hclschema.Bound {
	if b.Pattern.Filter == nil {
		return b
	}
	p := *b.Pattern
	p.Filter = nil
	nb := *b
	nb.Pattern = &p
	return &nb
}

// ItemWrite returns the write units of writing one item: its size rounded
// up to 1 KB in the table, and again, on its own, in every secondary index
// that holds it (projected), keyed by index name ("table" for the table):
// ChangeUnits of a new item.
func ItemWrite(it hclschema.Item) map[string]float64 {
	return ChangeUnits(it.Entity, nil, &it)
}

// ChangeUnits returns the write units of one write of an item of entity e
// that turns the stored item before (nil when there is none) into after
// (nil when the write deletes it), keyed by index name ("table" for the
// table), as DynamoDB
// bills them: in the table the larger of the two items rounded up to 1 KB
// (at least 1 WCU, also for a delete that finds nothing); in a secondary
// index nothing when the item is in it neither before nor after, or when
// its entry (key and projected attributes) is unchanged; one write of the
// entry when the item joins or leaves the index or its projected
// attributes change (the larger entry); a delete and a put when the
// entry's key changes. Multiply by TransactionFactor in a transaction.
func ChangeUnits(e *hclschema.Entity, before, after *hclschema.Item) map[string]float64 {
	out := map[string]float64{}
	size := 0.0
	for _, it := range []*hclschema.Item{before, after} {
		if it != nil {
			size = math.Max(size, float64(hclschema.ItemSize(*it)))
		}
	}
	if e == nil || e.Table == nil {
		return out
	}
	out[e.Table.Primary.Name] = WriteUnits(size)
	for _, ix := range e.Table.Indexes() {
		if ix.Kind == hclschema.IndexPrimary {
			continue
		}
		in := func(it *hclschema.Item) (hclschema.Item, bool) {
			if it == nil || !it.InIndex(ix) {
				return hclschema.Item{}, false
			}
			return it.Project(ix), true
		}
		b, inB := in(before)
		a, inA := in(after)
		bSize, aSize := float64(hclschema.ItemSize(b)), float64(hclschema.ItemSize(a))
		switch {
		case inB && inA && !sameValues(b, a, ix.KeyAttrs()):
			out[ix.Name] = WriteUnits(bSize) + WriteUnits(aSize)
		case inB && inA && !sameEntry(b, a):
			out[ix.Name] = WriteUnits(math.Max(bSize, aSize))
		case inB && !inA:
			out[ix.Name] = WriteUnits(bSize)
		case inA && !inB:
			out[ix.Name] = WriteUnits(aSize)
		}
	}
	return out
}

// sameValues reports whether a and b hold equal values of keys.
func sameValues(a, b hclschema.Item, keys []hclschema.KeyAttr) bool {
	for _, k := range keys {
		if !a.Attrs[k.Name].RawEquals(b.Attrs[k.Name]) {
			return false
		}
	}
	return true
}

// sameEntry reports whether two index entries hold the same attributes
// with equal values.
func sameEntry(a, b hclschema.Item) bool {
	if len(a.Attrs) != len(b.Attrs) {
		return false
	}
	for k, v := range a.Attrs {
		w, ok := b.Attrs[k]
		if !ok || !v.RawEquals(w) {
			return false
		}
	}
	return true
}

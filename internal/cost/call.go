package cost

import (
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
// that holds it (projected), keyed by index name ("table" for the table).
func ItemWrite(it hclschema.Item) map[string]float64 {
	out := map[string]float64{}
	if it.Entity == nil || it.Entity.Table == nil {
		return out
	}
	for _, ix := range it.Entity.Table.Indexes() {
		if ix.Kind == hclschema.IndexPrimary {
			out[ix.Name] = WriteUnits(float64(hclschema.ItemSize(it)))
			continue
		}
		if it.InIndex(ix) {
			out[ix.Name] = WriteUnits(float64(hclschema.ItemSize(it.Project(ix))))
		}
	}
	return out
}

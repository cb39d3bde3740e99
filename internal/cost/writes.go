package cost

import (
	"fmt"
	"sort"
	"strings"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// WritePatternCost is the write cost of one call of a write pattern.
type WritePatternCost struct {
	Pattern string `json:"pattern"`
	// Transaction is true for a TransactWriteItems call: every write costs
	// TransactionFactor times its units.
	Transaction bool    `json:"transaction"`
	Rate        float64 `json:"rate"`
	PeakRate    float64 `json:"peak_rate"`
	// Writes are the pattern's puts, updates and deletes, in order (the
	// guard items of unique attributes included).
	Writes []*WriteCost `json:"writes"`
	// Items is the number of items and index entries a call writes, on
	// average (a delete + put in an index counts two).
	Items float64 `json:"items_written"`
	// WCU is the write units of one call: the sum of its writes'.
	WCU              float64 `json:"wcu_per_call"`
	WCUPerSecond     float64 `json:"wcu_per_second"`
	PeakWCUPerSecond float64 `json:"peak_wcu_per_second"`
	// PartitionWCU is the peak write units per second on the busiest
	// partition key value of the table or a GSI, and where.
	PartitionWCU   float64 `json:"peak_partition_wcu"`
	PartitionIndex string  `json:"peak_partition_index"`
}

// WriteCost is one put, update or delete of a write pattern and what it
// writes into the table and each index.
type WriteCost struct {
	// Operation is PutItem, UpdateItem or DeleteItem.
	Operation string `json:"operation"`
	Entity    string `json:"entity"`
	// Guard names the unique attribute a guard item's put enforces
	// (Customer.email), else "".
	Guard string `json:"guard,omitempty"`
	// Conditional is true when the write has a condition: a call whose
	// condition fails still consumes the table's write units.
	Conditional bool    `json:"conditional"`
	ItemBytes   float64 `json:"item_bytes"`
	// Targets are the table and every index the write changes.
	Targets []*IndexWrite `json:"targets"`
	// Items is the number of items and index entries written per call.
	Items float64 `json:"items_written"`
	// WCU is the write units of the write, TransactionFactor applied in a
	// transaction.
	WCU float64 `json:"wcu"`
}

// IndexWrite is what one write does to the table or to one index.
type IndexWrite struct {
	Index string `json:"index"`
	// Writes is the number of writes into the table or index per call, on
	// average over the entity's items: 1 for the table; in an index the
	// share of items it holds, and 2 for an entry whose key an update
	// changes (delete + put).
	Writes float64 `json:"writes"`
	// Bytes is the size of the item, or of the entry as the index projects
	// it.
	Bytes float64 `json:"bytes"`
	// WCU is Writes times Bytes rounded up to 1 KB, TransactionFactor
	// applied in a transaction.
	WCU float64 `json:"wcu"`
	// Effect says, for an index, what an update does to the entry when it
	// is more than rewriting it: "delete + put" (the key changes), "put"
	// (the item joins), "delete" (it leaves), joined with " or " when it
	// differs among the example items.
	Effect string `json:"effect,omitempty"`
}

// Effects of a write on an index entry.
const (
	effectKeyChange = "delete + put"
	effectJoin      = "put"
	effectLeave     = "delete"
)

// TouchedText renders what the write touches, each target with its writes
// per call: "Order: table 1 + GSI2 2 (delete + put)".
func (w *WriteCost) TouchedText() string {
	parts := make([]string, 0, len(w.Targets))
	for _, tg := range w.Targets {
		p := tg.Index + " " + num(tg.Writes)
		if tg.Effect != "" {
			p += " (" + tg.Effect + ")"
		}
		parts = append(parts, p)
	}
	return w.Entity + ": " + strings.Join(parts, " + ")
}

// guardProfiles adds a profile for the guard item of every unique
// attribute: its example items are built from the owner's examples (one
// guard per owner item, with the owner's value), its item count is the
// owner's.
func guardProfiles(s *hclschema.Schema, profiles map[*hclschema.Entity]*profile) {
	for _, e := range s.Entities {
		owner := profiles[e]
		for _, u := range e.Unique {
			g := u.Guard
			pr := &profile{e: g, share: map[*hclschema.Index]float64{}, proj: map[*hclschema.Index]float64{}, items: owner.items, itemsSrc: owner.itemsSrc}
			a := g.Attribute(u.Attr)
			for _, it := range owner.examples {
				v, ok := it.Attrs[u.Attr]
				if !ok || a == nil {
					continue
				}
				if gi, err := g.Item(cty.ObjectVal(map[string]cty.Value{u.Attr: v})); err == nil {
					pr.examples = append(pr.examples, gi)
				}
			}
			pr.sizes()
			if g.Table != nil {
				for _, ix := range g.Table.Indexes() {
					pr.indexProfile(ix)
				}
			}
			profiles[g] = pr
		}
	}
}

// writePatternCost estimates one call of w and its rates.
func writePatternCost(s *hclschema.Schema, w *hclschema.WritePattern, profiles map[*hclschema.Entity]*profile) (*WritePatternCost, []string) {
	wc := &WritePatternCost{Pattern: w.Name, Transaction: w.Transaction}
	var notes []string
	if wl := s.WriteWorkload(w); wl != nil {
		wc.Rate, wc.PeakRate = wl.Rate, wl.PeakRate
	} else {
		notes = append(notes, fmt.Sprintf("%s: no workload declared: rate 0", w.Name))
	}
	factor := 1.0
	if w.Transaction {
		factor = TransactionFactor
	}
	conditional := false
	for _, wr := range w.Writes {
		pr := profiles[wr.Entity]
		if pr == nil {
			continue
		}
		c := writeCost(wr, pr, factor)
		conditional = conditional || c.Conditional
		wc.Writes = append(wc.Writes, c)
		wc.Items += c.Items
		wc.WCU += c.WCU
		for _, tg := range c.Targets {
			ix := wr.Entity.Table.Index(tg.Index)
			if ix == nil {
				continue
			}
			parts, _ := pr.partitions(ix)
			if p := wc.PeakRate * tg.WCU / parts; p > wc.PartitionWCU {
				wc.PartitionWCU, wc.PartitionIndex = p, tg.Index
			}
		}
	}
	wc.WCUPerSecond = wc.Rate * wc.WCU
	wc.PeakWCUPerSecond = wc.PeakRate * wc.WCU
	if w.Transaction && writesIndex(wc) {
		notes = append(notes, fmt.Sprintf("%s: the transaction's index writes are counted twice too, as DynamoDB Local reports them (verify checks it, VF273); AWS documents the 2x per item and says nothing of indexes", w.Name))
	}
	if conditional {
		what := "its item's size in the table, at least 1 WCU"
		if w.Transaction {
			what = "a cancelled transaction still consumes the write units of its items in the table, at least 1 WCU each, 2x"
			notes = append(notes, fmt.Sprintf("%s: every call is counted as succeeding; %s", w.Name, what))
		} else {
			notes = append(notes, fmt.Sprintf("%s: every call is counted as succeeding; a write whose condition fails writes no index but still consumes write units (%s)", w.Name, what))
		}
	}
	return wc, notes
}

// writesIndex reports whether a call of the write pattern writes a
// secondary index.
func writesIndex(wc *WritePatternCost) bool {
	for _, c := range wc.Writes {
		for _, tg := range c.Targets {
			if tg.Index != hclschema.PrimaryIndexName {
				return true
			}
		}
	}
	return false
}

// writeCost is what one write of an entity's item costs: the item in the
// table, and in every index what the write does to the entry.
func writeCost(wr *hclschema.Write, pr *profile, factor float64) *WriteCost {
	e := wr.Entity
	c := &WriteCost{Operation: wr.Op.APIName(), Entity: e.Name, Conditional: wr.Condition != nil, ItemBytes: pr.avg}
	if wr.Guard != nil {
		c.Guard = wr.Guard.Entity.Name + "." + wr.Guard.Attr
	}
	for _, ix := range e.Table.Indexes() {
		var tg *IndexWrite
		switch {
		case ix.Kind == hclschema.IndexPrimary:
			tg = &IndexWrite{Index: ix.Name, Writes: 1, Bytes: pr.avg}
		case wr.Op == hclschema.WriteUpdate:
			tg = updateIndexWrite(wr, pr, ix)
		default:
			// A put writes the entry of an item the index holds (the share
			// of example items a sparse `when` keeps); a delete removes it.
			tg = &IndexWrite{Index: ix.Name, Writes: pr.share[ix], Bytes: pr.entryBytes(ix)}
		}
		if tg == nil || tg.Writes == 0 {
			continue
		}
		tg.WCU = tg.Writes * WriteUnits(tg.Bytes) * factor
		c.Targets = append(c.Targets, tg)
		c.Items += tg.Writes
		c.WCU += tg.WCU
	}
	return c
}

// updateIndexWrite is what an update does to an index entry, over the
// entity's example items as the stored items (else the share of items the
// index holds): an entry in the index before and after is rewritten when
// the update changes an attribute the index projects (once), or its key
// (a delete and a put); an item that joins or leaves the index costs one
// write. Only the items the write's condition lets it succeed on count
// (every call is counted as succeeding): an update conditioned on status
// == "DRAFT" that sets status = "OPEN" joins a sparse index on every
// call; a condition that reads an input counts every item; when it holds
// on no example item, all count. What the update sets from an input is not
// known: a key computed from it is taken as changed, a `when` reading it
// as unchanged.
func updateIndexWrite(wr *hclschema.Write, pr *profile, ix *hclschema.Index) *IndexWrite {
	e := wr.Entity
	keyNames := map[string]bool{}
	for _, n := range e.IndexKeyNames(ix) {
		keyNames[n] = true
	}
	whenNames := map[string]bool{}
	if ei := e.IndexBlock(ix.Name); ei != nil && ei.When != nil {
		for _, n := range ei.When.Names() {
			whenNames[n] = true
		}
	}
	projected, keyTouched := false, false
	for _, n := range wr.Touched() {
		if ix.Projects(n) {
			projected = true
		}
		if keyNames[n] {
			keyTouched = true
		}
	}
	tg := &IndexWrite{Index: ix.Name, Bytes: pr.entryBytes(ix)}
	effects := map[string]bool{}
	// entry adds the writes of one stored item.
	entry := func(weight float64, before, after, keyChanged bool) {
		switch {
		case before && after && keyChanged:
			tg.Writes += 2 * weight
			effects[effectKeyChange] = true
		case before && after && projected:
			tg.Writes += weight
		case before && !after:
			tg.Writes += weight
			effects[effectLeave] = true
		case !before && after:
			tg.Writes += weight
			effects[effectJoin] = true
		}
	}
	if len(pr.examples) == 0 {
		if s := pr.share[ix]; s > 0 {
			entry(s, true, true, keyTouched)
		}
	}
	applicable := make([]hclschema.Item, 0, len(pr.examples))
	for _, it := range pr.examples {
		if holds, known := wr.ConditionOn(it); holds || !known {
			applicable = append(applicable, it)
		}
	}
	if len(applicable) == 0 {
		applicable = pr.examples
	}
	for _, stored := range applicable {
		weight := 1 / float64(len(applicable))
		before := stored.InIndex(ix)
		updated, unknown, err := wr.ApplyKnown(stored)
		if err != nil {
			entry(weight, before, before, keyTouched)
			continue
		}
		keyUnknown, whenUnknown := false, false
		for _, n := range unknown {
			keyUnknown = keyUnknown || keyNames[n]
			whenUnknown = whenUnknown || whenNames[n]
		}
		after := updated.InIndex(ix)
		if whenUnknown {
			after = before
		}
		keyChanged := keyUnknown
		if !keyChanged && before && after {
			for _, k := range ix.KeyAttrs() {
				if !stored.Attrs[k.Name].RawEquals(updated.Attrs[k.Name]) {
					keyChanged = true
				}
			}
		}
		entry(weight, before, after, keyChanged)
	}
	var list []string
	for ef := range effects {
		list = append(list, ef)
	}
	sort.Strings(list)
	tg.Effect = strings.Join(list, " or ")
	return tg
}

// entryBytes is the average size of the entity's entry in ix: the item's
// size in the table, the projected size in an index (estimated from the
// attribute types when no example item is in the index).
func (pr *profile) entryBytes(ix *hclschema.Index) float64 {
	if ix.Kind == hclschema.IndexPrimary {
		return pr.avg
	}
	if b := pr.proj[ix]; b > 0 {
		return b
	}
	if ix.Projection == hclschema.ProjectAll || ix.Projection == "" {
		return pr.avg
	}
	return typeEstimate(pr.e, ix)
}

// WritesText renders every write of the call with what it touches and its
// write units: "UpdateItem Order: table 1 + GSI2 2 (delete + put) = 3 WCU".
func (p *WritePatternCost) WritesText() string {
	parts := make([]string, len(p.Writes))
	for i, w := range p.Writes {
		parts[i] = w.Operation + " " + w.TouchedText() + " = " + num(w.WCU) + " WCU"
	}
	return strings.Join(parts, "; ")
}

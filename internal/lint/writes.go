package lint

import (
	"sort"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
)

// What the write rules (TD145-TD151) share: the declared writes, and what
// an update changes and what its writer knows of the item afterwards.

// declaredWrite is one write of a write pattern.
type declaredWrite struct {
	wp *hclschema.WritePattern
	wr *hclschema.Write
}

// writes returns every write of the write patterns that loaded completely,
// in declaration order, the guard puts the entities' `unique` adds
// included.
func (a *analysis) writes() []declaredWrite {
	var out []declaredWrite
	for _, wp := range a.s.WritePatterns {
		if wp == nil || wp.Incomplete {
			continue
		}
		for _, wr := range wp.Writes {
			if wr == nil || wr.Entity == nil || wr.Entity.Incomplete || wr.Entity.Table == nil ||
				wr.Entity.Table.Primary == nil || len(wr.Entity.Table.Primary.PartitionKey) == 0 {
				continue
			}
			out = append(out, declaredWrite{wp, wr})
		}
	}
	return out
}

// updateFacts is what an update changes and what its writer knows of the
// item after it without reading it first.
type updateFacts struct {
	// changed maps every attribute the update sets, adds to or removes to
	// the range of its first action.
	changed map[string]hcl.Range
	// order lists the changed attributes in source order.
	order []string
	// added holds the attributes the update adds to: their new value is
	// the stored one plus the increment, unknown to the writer.
	added map[string]bool
	// known holds the attributes whose value after the update the writer
	// knows: those it sets or removes, the attributes its key is computed
	// from (inputs), and those its condition pins to a value
	// (orderDate == input.orderDate).
	known map[string]bool
	// values maps the attributes the update sets to their value.
	values map[string]*hclschema.Template
}

// factsOf returns what update wr changes and knows.
func factsOf(wr *hclschema.Write) updateFacts {
	f := updateFacts{changed: map[string]hcl.Range{}, added: map[string]bool{}, known: map[string]bool{}, values: map[string]*hclschema.Template{}}
	note := func(ua *hclschema.UpdateAction) {
		if _, ok := f.changed[ua.Attr]; !ok {
			f.changed[ua.Attr] = ua.Range
			f.order = append(f.order, ua.Attr)
		}
	}
	for _, ua := range wr.Set {
		note(ua)
		// A part of a document, or a value read from the stored item (SET
		// a = b, list_append): the attribute changes to what the writer
		// does not know.
		if ua.Path.Nested() || ua.Expr != nil && ua.Expr.ReadsItem() {
			continue
		}
		f.known[ua.Attr] = true
		f.values[ua.Attr] = ua.Value
	}
	for _, ua := range wr.Remove {
		note(ua)
		if !ua.Path.Nested() {
			f.known[ua.Attr] = true
		}
	}
	for _, ua := range wr.Add {
		note(ua)
		f.added[ua.Attr] = true
	}
	for _, n := range wr.Entity.KeyNames() {
		if !f.added[n] {
			f.known[n] = true
		}
	}
	for _, pin := range wr.Pinned() {
		if _, changed := f.changed[pin.Attr]; !changed {
			f.known[pin.Attr] = true
		}
	}
	sort.SliceStable(f.order, func(i, j int) bool {
		return f.changed[f.order[i]].Start.Byte < f.changed[f.order[j]].Start.Byte
	})
	return f
}

// firstChanged returns the first of names (in source order of the update's
// actions) the update changes, and its range.
func (f updateFacts) firstChanged(names []string) (string, hcl.Range, bool) {
	in := map[string]bool{}
	for _, n := range names {
		in[n] = true
	}
	for _, n := range f.order {
		if in[n] {
			return n, f.changed[n], true
		}
	}
	return "", hcl.Range{}, false
}

// unknown returns the names the writer does not know after the update
// (added ones included), each once, in the order given.
func (f updateFacts) unknown(names []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			continue
		}
		seen[n] = true
		if !f.known[n] || f.added[n] {
			out = append(out, n)
		}
	}
	return out
}

// attrNames returns the entity attributes among names (dropping input and
// key attributes of the table).
func attrNames(e *hclschema.Entity, names []string) []string {
	var out []string
	for _, n := range names {
		if e.Attribute(n) != nil {
			out = append(out, n)
		}
	}
	return out
}

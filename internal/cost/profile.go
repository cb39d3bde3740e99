package cost

import (
	"fmt"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// Source says where a figure comes from.
type Source string

// Sources of figures.
const (
	// FromWorkload: declared in a workload block.
	FromWorkload Source = "declared"
	// FromExamples: computed from the example items (with the oracle for
	// counts).
	FromExamples Source = "examples"
	// FromCardinality: derived from declared item and partition counts.
	FromCardinality Source = "cardinality"
	// FromTypes: estimated from the attribute types (no examples).
	FromTypes Source = "attribute types"
	// Assumed: nothing declared; a default.
	Assumed Source = "assumed"
)

// Sizes assumed per attribute type when an entity has no examples.
const (
	assumedStringBytes     = 16
	assumedNumberBytes     = 4
	assumedCollectionBytes = 64
	assumedTemplateBytes   = 24
)

// profile is what the estimate knows about an entity: item count, sizes,
// and per index the share of its items the index holds and their size
// there.
type profile struct {
	e        *hclschema.Entity
	w        *hclschema.EntityWorkload
	examples []hclschema.Item
	items    float64
	itemsSrc Source
	// avg and max are item sizes in bytes (DynamoDB's accounting).
	avg, max float64
	sizeSrc  Source
	// share and proj hold, per index of the table, the share of the
	// entity's items in the index and their average projected size.
	share map[*hclschema.Index]float64
	proj  map[*hclschema.Index]float64
}

func newProfile(s *hclschema.Schema, e *hclschema.Entity) *profile {
	pr := &profile{e: e, w: s.EntityWorkload(e), share: map[*hclschema.Index]float64{}, proj: map[*hclschema.Index]float64{}}
	for _, ex := range e.Examples {
		if it, ok := ex.Item(); ok {
			pr.examples = append(pr.examples, it)
		}
	}
	pr.itemsSrc = Assumed
	if pr.w != nil && pr.w.HasItems {
		pr.items, pr.itemsSrc = float64(pr.w.Items), FromWorkload
	}
	pr.sizes()
	if e.Table == nil {
		return pr
	}
	for _, ix := range e.Table.Indexes() {
		pr.indexProfile(ix)
	}
	return pr
}

// sizes sets the average and largest item size: declared, else from the
// example items, else estimated from the attribute types.
func (pr *profile) sizes() {
	exAvg, exMax := 0.0, 0.0
	for _, it := range pr.examples {
		n := float64(hclschema.ItemSize(it))
		exAvg += n / float64(len(pr.examples))
		if n > exMax {
			exMax = n
		}
	}
	switch {
	case pr.w != nil && pr.w.HasItemSize:
		pr.avg, pr.sizeSrc = float64(pr.w.ItemSize), FromWorkload
	case len(pr.examples) > 0:
		pr.avg, pr.sizeSrc = exAvg, FromExamples
	default:
		pr.avg, pr.sizeSrc = typeEstimate(pr.e, nil), FromTypes
	}
	switch {
	case pr.w != nil && pr.w.HasMaxItemSize:
		pr.max = float64(pr.w.MaxItemSize)
	case len(pr.examples) > 0 && exMax >= pr.avg:
		pr.max = exMax
	default:
		pr.max = pr.avg
	}
}

// indexProfile sets the share of the entity's items that ix holds and
// their projected size there: from the examples when there are some (a
// sparse condition shows in the share), else from the declaration.
func (pr *profile) indexProfile(ix *hclschema.Index) {
	full := ix.Kind == hclschema.IndexPrimary || ix.Projection == hclschema.ProjectAll || ix.Projection == ""
	if len(pr.examples) > 0 {
		in, size := 0, 0.0
		for _, it := range pr.examples {
			if it.InIndex(ix) {
				in++
				size += float64(hclschema.ItemSize(it.Project(ix)))
			}
		}
		pr.share[ix] = float64(in) / float64(len(pr.examples))
		if in > 0 {
			pr.proj[ix] = size / float64(in)
		}
		if full {
			pr.proj[ix] = pr.avg
		}
		return
	}
	if ix.Kind != hclschema.IndexPrimary && pr.e.IndexBlock(ix.Name) == nil && !pr.providesKeys(ix) {
		return
	}
	pr.share[ix] = 1
	if full {
		pr.proj[ix] = pr.avg
		return
	}
	pr.proj[ix] = typeEstimate(pr.e, ix)
}

// providesKeys reports whether the entity's own attributes or primary key
// templates give every key attribute of ix.
func (pr *profile) providesKeys(ix *hclschema.Index) bool {
	for _, k := range ix.KeyAttrs() {
		if pr.e.Attribute(k.Name) == nil && pr.e.Key.Template(k.Name) == nil {
			return false
		}
	}
	return true
}

// typeEstimate estimates an item's size from the attribute types: names
// plus an assumed size per type (an enum's values' average length), the
// computed attributes (a constant's size, else its type's), and the key attributes the templates
// write; only what ix projects when ix is not nil.
func typeEstimate(e *hclschema.Entity, ix *hclschema.Index) float64 {
	n := 0
	keep := func(name string) bool { return ix == nil || ix.Projects(name) }
	for _, a := range e.Attributes {
		if !keep(a.Name) {
			continue
		}
		n += len(a.Name) + assumedSize(a)
	}
	// Computed attributes: a constant's own size, else the size of its type.
	for _, c := range e.Computed {
		if !keep(c.Attr) {
			continue
		}
		if v, ok := c.Constant(); ok {
			n += len(c.Attr) + hclschema.ValueSize(v)
			continue
		}
		n += len(c.Attr) + assumedSize(&hclschema.Attribute{Name: c.Attr, Type: c.Type})
	}
	if e.Key != nil {
		for _, t := range e.Key.Templates {
			if keep(t.Attr) {
				n += len(t.Attr) + assumedTemplateBytes
			}
		}
	}
	for _, ei := range e.Indexes {
		for _, t := range ei.Templates {
			if keep(t.Attr) {
				n += len(t.Attr) + assumedTemplateBytes
			}
		}
	}
	if n == 0 {
		n = 1
	}
	return float64(n)
}

// assumedSize is the size assumed for a value of a: the average length of
// an enum's values, else an assumed size per type.
func assumedSize(a *hclschema.Attribute) int {
	t := a.Type
	switch {
	case len(a.Enum) > 0:
		n := 0
		for _, v := range a.Enum {
			n += len(v)
		}
		return (n + len(a.Enum) - 1) / len(a.Enum)
	case t == cty.String:
		return assumedStringBytes
	case t == cty.Number:
		return assumedNumberBytes
	case t == cty.Bool:
		return 1
	}
	return documentBytes(t, 0)
}

// documentBytes is the size assumed for a document of type t: an object
// its members (names and assumed values), a list or set one element, a map
// one member, each with DynamoDB's 3 bytes per document and 1 per element;
// below a depth of 8, or for another type, assumedCollectionBytes.
func documentBytes(t cty.Type, depth int) int {
	if depth > 8 {
		return assumedCollectionBytes
	}
	switch {
	case t == cty.String:
		return assumedStringBytes
	case t == cty.Number:
		return assumedNumberBytes
	case t == cty.Bool:
		return 1
	case t.IsObjectType():
		n := 3
		for name, at := range t.AttributeTypes() {
			n += 1 + len(name) + documentBytes(at, depth+1)
		}
		return n
	case t.IsListType() || t.IsSetType():
		return 3 + 1 + documentBytes(t.ElementType(), depth+1)
	case t.IsMapType():
		return 3 + 1 + len("key") + documentBytes(t.ElementType(), depth+1)
	}
	return assumedCollectionBytes
}

// partitions returns the number of distinct partition key values of ix
// among the entity's items, and where it comes from.
func (pr *profile) partitions(ix *hclschema.Index) (float64, Source) {
	if pr.constantPartition(ix) {
		return 1, FromCardinality
	}
	if pr.w != nil {
		if ix.Kind == hclschema.IndexGlobal {
			if n, ok := pr.w.IndexPartitions[ix.Name]; ok {
				return float64(n), FromWorkload
			}
		} else if pr.w.HasPartitions {
			return float64(pr.w.Partitions), FromWorkload
		}
	}
	items := pr.items * pr.share[ix]
	if items < 1 {
		items = 1
	}
	return items, Assumed
}

// constantPartition reports whether every partition key template of the
// entity for ix is a constant: all its items share one partition.
func (pr *profile) constantPartition(ix *hclschema.Index) bool {
	if len(ix.PartitionKey) == 0 {
		return false
	}
	for _, k := range ix.PartitionKey {
		var tpl *hclschema.KeyTemplate
		if ix.Kind == hclschema.IndexGlobal {
			if ei := pr.e.IndexBlock(ix.Name); ei != nil {
				tpl = ei.Template(k.Name)
			}
		}
		if tpl == nil {
			tpl = pr.e.Key.Template(k.Name)
		}
		if tpl == nil || tpl.Expr == nil || len(tpl.Expr.Names()) > 0 {
			return false
		}
	}
	return true
}

// hotShare is the share of the entity's writes that go to its busiest
// partition key value of ix: the declared hot_share (table and LSIs), else
// one partition's part of a uniform spread.
func (pr *profile) hotShare(ix *hclschema.Index) float64 {
	if pr.w != nil && pr.w.HotShare > 0 && ix.Kind != hclschema.IndexGlobal {
		return pr.w.HotShare
	}
	parts, _ := pr.partitions(ix)
	return 1 / parts
}

// ItemBytes returns the average and the largest size in bytes of an item
// of e as the estimate takes them (DynamoDB's accounting): the declared
// item_size and max_item_size, else the example items, else an estimate
// from the attribute types; src says which. It works for any entity of a
// loaded schema, guard items of unique attributes included.
func ItemBytes(s *hclschema.Schema, e *hclschema.Entity) (avg, max float64, src Source) {
	pr := newProfile(s, e)
	return pr.avg, pr.max, pr.sizeSrc
}

// PartitionShare returns the share of e's writes that go to its busiest
// partition key value of ix, as the estimate takes it: the declared
// hot_share (table and LSIs), else one over the number of partition key
// values (declared partitions or index_partitions, 1 for a constant
// template, else one per item).
func PartitionShare(s *hclschema.Schema, e *hclschema.Entity, ix *hclschema.Index) float64 {
	return newProfile(s, e).hotShare(ix)
}

// sizeNote says how the entity's item size was found.
func (pr *profile) sizeNote() string {
	switch pr.sizeSrc {
	case FromWorkload:
		return fmt.Sprintf("%s: item size %s declared", pr.e.Name, bytesText(pr.avg))
	case FromExamples:
		return fmt.Sprintf("%s: item size %s, the average of %d example items", pr.e.Name, bytesText(pr.avg), len(pr.examples))
	}
	return fmt.Sprintf("%s: item size %s estimated from the attribute types (no examples, no item_size)", pr.e.Name, bytesText(pr.avg))
}

// guardNote says how the guard item of a unique attribute was sized and
// counted.
func (pr *profile) guardNote(u *hclschema.Unique) string {
	size := fmt.Sprintf("item size %s", bytesText(pr.avg))
	if pr.sizeSrc == FromExamples {
		size += fmt.Sprintf(", from the %d example items of %s", len(pr.examples), u.Entity.Name)
	} else {
		size += " estimated from its attribute and key"
	}
	return fmt.Sprintf("%s (the guard item of unique %s of %s): %s; one per %s item in storage", pr.e.Name, u.Display(), u.Entity.Name, size, u.Entity.Name)
}

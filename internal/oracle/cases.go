package oracle

import (
	"fmt"
	"math/big"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// The cases a write pattern is run with, live by verify and by the
// generated code's contract tests: the success case (fresh values for which
// the model lets the write succeed), the repeat (the same inputs again: a
// condition must refuse a duplicate put or a stale version) and, for every
// unique value the pattern reserves, another item with the value the
// success case wrote.

// SuccessInputs returns the first inputs for which the model lets the
// write succeed on the table's items, and how many sets it tried; variant
// 1's inputs when none does. A fresh value can meet a stored item (a
// number plus 1000 that an example already holds), and the model then
// expects the write to fail: variants 3 to 9 follow (variant 2 is the
// unique case's other item).
func SuccessInputs(w *hclschema.WritePattern, items []hclschema.Item) (map[string]cty.Value, int) {
	first := WriteInputs(w, items, 1)
	tried := 0
	for _, v := range []int{1, 3, 4, 5, 6, 7, 8, 9} {
		in := first
		if v != 1 {
			in = WriteInputs(w, items, v)
		}
		tried++
		if exp, err := ApplyWrite(w, items, in); err == nil && exp.OK() {
			return in, tried
		}
	}
	return first, tried
}

// WriteInputs builds inputs for a write pattern from the table's items:
// an update's or delete's key from an item of its entity, a put's item
// from an item of its entity with fresh values (variant n: strings suffixed
// "-w<n>", numbers plus 1000 n) for the attributes of its key and its
// unique attributes, an input compared for equality with an attribute in a
// condition from the stored item (the version read), any other input from
// the stored item's attribute of the same name, changed.
func WriteInputs(w *hclschema.WritePattern, items []hclschema.Item, variant int) map[string]cty.Value {
	in := map[string]cty.Value{}
	// own maps a labelled write's label to its own values (the object
	// input input.<label>); an unlabelled write's values are the shared in.
	own := map[string]map[string]cty.Value{}
	valuesOf := func(wr *hclschema.Write) map[string]cty.Value {
		if wr.Label == "" {
			return in
		}
		if own[wr.Label] == nil {
			own[wr.Label] = map[string]cty.Value{}
		}
		return own[wr.Label]
	}
	stored := make([]*hclschema.Item, len(w.Writes))
	for i, wr := range w.Writes {
		if wr.Op == hclschema.WritePut || wr.Guard != nil {
			continue // a guard's key comes from its owner's values
		}
		in := valuesOf(wr)
		// The first item of the entity the write's condition can hold on
		// (status == "DRAFT" skips the OPEN ones), else the first item.
		pick := -1
		for j := range items {
			it := items[j]
			if it.Entity != wr.Entity || !agrees(it, in, wr.Entity.KeyNames()) {
				continue
			}
			if pick < 0 {
				pick = j
			}
			if holds, known := wr.ConditionOn(it); holds || !known {
				pick = j
				break
			}
		}
		if pick >= 0 {
			for _, n := range wr.Entity.KeyNames() {
				in[n] = items[pick].Attrs[n]
			}
			stored[i] = &items[pick]
		}
	}
	for i, wr := range w.Writes {
		if wr.Op != hclschema.WritePut || wr.Guard != nil {
			continue
		}
		in := valuesOf(wr)
		fresh := map[string]bool{}
		for _, n := range wr.Entity.KeyNames() {
			fresh[n] = true
		}
		for _, u := range wr.Entity.Unique {
			fresh[u.Attr] = true
		}
		var src *hclschema.Item
		for j := range items {
			if items[j].Entity == wr.Entity {
				src = &items[j]
				break
			}
		}
		for _, a := range wr.Entity.Attributes {
			if _, set := in[a.Name]; set {
				continue
			}
			var v cty.Value
			if src != nil {
				v = src.Attrs[a.Name]
			}
			if v == cty.NilVal || v.IsNull() {
				if a.Optional {
					continue
				}
				v = zeroOf(a.Type, a.Name, a.Enum)
			}
			if fresh[a.Name] {
				v = changedIn(v, variant, a.Enum)
			}
			in[a.Name] = v
		}
		stored[i] = nil
	}
	for i, wr := range w.Writes {
		if wr.Condition != nil && stored[i] != nil {
			readInputs(wr.Condition, *stored[i], in)
		}
	}
	for label, vals := range own {
		in[label] = cty.ObjectVal(vals)
	}
	for _, inp := range w.Inputs {
		if _, set := in[inp.Name]; set {
			continue
		}
		var v cty.Value
		for i, wr := range w.Writes {
			if stored[i] != nil && wr.Entity.Attribute(inp.Name) != nil {
				v = stored[i].Attrs[inp.Name]
			}
		}
		var written []*hclschema.Entity
		for _, wr := range w.Writes {
			written = append(written, wr.Entity)
		}
		values, _ := hclschema.EnumOf(written, inp.Name)
		if v == cty.NilVal || v.IsNull() {
			v = zeroOf(inp.Type, inp.Name, values)
		}
		in[inp.Name] = changedIn(v, variant, values)
	}
	return in
}

// agrees reports whether the item has the values already chosen for names.
func agrees(it hclschema.Item, in map[string]cty.Value, names []string) bool {
	for _, n := range names {
		v, set := in[n]
		if !set {
			continue
		}
		if got, ok := it.Attrs[n]; !ok || !got.RawEquals(v) {
			return false
		}
	}
	return true
}

// readInputs sets every input the condition compares for equality with an
// attribute to the stored item's value of it.
func readInputs(c *hclschema.Cond, stored hclschema.Item, in map[string]cty.Value) {
	switch c.Kind {
	case hclschema.CondAnd, hclschema.CondOr, hclschema.CondNot:
		for _, s := range c.Sub {
			readInputs(s, stored, in)
		}
	case hclschema.CondCompare:
		if c.Op != hclschema.CmpEq {
			return
		}
		for _, pair := range [][2]*hclschema.Template{{c.Left, c.Right}, {c.Right, c.Left}} {
			attr, ok := pair[0].Path()
			if !ok || len(pair[1].Parts) != 1 || pair[1].Parts[0].Kind != hclschema.PartInput {
				continue
			}
			if v, has := stored.Attrs[attr]; has {
				if _, set := in[pair[1].Parts[0].Name]; !set {
					in[pair[1].Parts[0].Name] = v
				}
			}
		}
	}
}

// zeroOf returns a value of type t for an input named name: the first of
// enum when the input is an enum attribute; for a document (an object,
// list, set, map or tuple input such as a payment to append), a value
// with every attribute and one element, built the same way.
func zeroOf(t cty.Type, name string, enum []string) cty.Value {
	if len(enum) > 0 {
		return cty.StringVal(enum[0])
	}
	switch {
	case t == cty.Number:
		return cty.NumberIntVal(1)
	case t == cty.Bool:
		return cty.True
	case t.IsObjectType():
		attrs := map[string]cty.Value{}
		for n, at := range t.AttributeTypes() {
			attrs[n] = zeroOf(at, n, nil)
		}
		return cty.ObjectVal(attrs)
	case t.IsListType():
		return cty.ListVal([]cty.Value{zeroOf(t.ElementType(), name, nil)})
	case t.IsSetType():
		return cty.SetVal([]cty.Value{zeroOf(t.ElementType(), name, nil)})
	case t.IsMapType():
		return cty.MapVal(map[string]cty.Value{name: zeroOf(t.ElementType(), name, nil)})
	case t.IsTupleType():
		var elems []cty.Value
		for i, et := range t.TupleElementTypes() {
			elems = append(elems, zeroOf(et, fmt.Sprintf("%s%d", name, i), nil))
		}
		return cty.TupleVal(elems)
	}
	return cty.StringVal(name)
}

// changedIn returns changed(v, variant), or for an enum attribute (enum
// not empty) the enum's value after v (the same value for an enum of one):
// a write never stores a value outside the enum.
func changedIn(v cty.Value, variant int, enum []string) cty.Value {
	if len(enum) == 0 || v.Type() != cty.String {
		return changed(v, variant)
	}
	for i, x := range enum {
		if x == v.AsString() {
			return cty.StringVal(enum[(i+1)%len(enum)])
		}
	}
	return cty.StringVal(enum[0])
}

// changed returns a different value of the same type, one per variant: a
// string suffixed "-w<variant>", a number plus 1000 variant.
func changed(v cty.Value, variant int) cty.Value {
	switch v.Type() {
	case cty.String:
		return cty.StringVal(fmt.Sprintf("%s-w%d", v.AsString(), variant))
	case cty.Number:
		return cty.NumberVal(new(big.Float).Add(v.AsBigFloat(), big.NewFloat(1000*float64(variant))))
	}
	return v
}

// UniqueCases returns the guard puts of write pattern w that reserve a
// unique value (a put of the owner's guard, or a swap's new guard), in
// order: each has a unique case.
func UniqueCases(w *hclschema.WritePattern) []*hclschema.Write {
	var out []*hclschema.Write
	for _, wr := range w.Writes {
		if wr.Guard != nil && wr.Op == hclschema.WritePut {
			out = append(out, wr)
		}
	}
	return out
}

// UniqueInputs returns the inputs of the unique case of guard put g, after
// the success case ran with in: another item takes the value in gave. For
// a put of the owner, an item with fresh values (WriteInputs' variant 2)
// and the same unique value; for a swap, another stored item of the entity
// (its key and the values its condition pins read from it) changed to that
// value. found is false when there is no other item to change. For a
// unique expression (unique = [lower(email)]) the other item's value
// differs from the taken one only by the normalisation (SAM@X.IO for
// sam@x.io: hclschema.Unique.Variant), so the case proves that the guard
// keys on the normalised value.
func UniqueInputs(w *hclschema.WritePattern, items []hclschema.Item, in map[string]cty.Value, g *hclschema.Write) (map[string]cty.Value, bool) {
	attr := g.Guard.Attr
	variant := func(v cty.Value) cty.Value {
		if other, ok := g.Guard.Variant(v); ok {
			return other
		}
		return v
	}
	if g.Swap == nil {
		dup := WriteInputs(w, items, 2)
		if g.Label != "" {
			// A labelled owner: the value is in its object input.
			vals := g.Values(dup)
			vals[g.InputFor(attr)] = variant(g.Values(in)[g.InputFor(attr)])
			dup[g.Label] = cty.ObjectVal(vals)
			return dup, true
		}
		dup[g.InputFor(attr)] = variant(in[g.InputFor(attr)])
		return dup, true
	}
	var owner *hclschema.Write
	for _, wr := range w.Writes {
		if wr.Op == hclschema.WriteUpdate && wr.Entity == g.Guard.Entity {
			owner = wr
		}
	}
	if owner == nil {
		return nil, false
	}
	taken := in[g.Swap.New]
	pinned := map[string]bool{}
	for _, p := range owner.Pinned() {
		for _, n := range p.Value.InputNames() {
			pinned[n] = true
		}
	}
	for _, it := range items {
		if it.Entity != owner.Entity {
			continue
		}
		if v, ok := it.Attrs[attr]; !ok || v.IsNull() || v.RawEquals(taken) {
			continue
		}
		if agrees(it, in, owner.Entity.KeyNames()) {
			continue // the item the success case changed
		}
		dup := map[string]cty.Value{}
		for k, v := range in {
			if !pinned[k] {
				dup[k] = v
			}
		}
		for _, n := range owner.Entity.KeyNames() {
			dup[owner.InputFor(n)] = it.Attrs[n]
		}
		readInputs(owner.Condition, it, dup)
		dup[g.Swap.New] = variant(taken)
		return dup, true
	}
	return nil, false
}

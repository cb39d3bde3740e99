package gen

import (
	"fmt"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// Write is a write pattern: one method of the generated client. Its
// request is the shape internal/dynamo renders for the pattern (the one
// verify sends); the printer writes the shape's expressions as constants
// and computes only the values.
type Write struct {
	// Name is the method's name (place order).
	Name    Name
	Pattern *hclschema.WritePattern
	Shape   *dynamo.WriteShape
	Table   *Table
	// Params are the pattern's inputs, sorted by name (Attr is the
	// input's name), typed like the entity attribute of the same name. A
	// parameter is Optional when the pattern only puts it as an optional
	// attribute of an item.
	Params []*Field
	// Entity is set when the parameters are exactly the attributes of an
	// entity the pattern puts, with their types: the method takes that
	// entity's struct.
	Entity *Entity
	// Objects are the types the method declares: the inputs of labelled
	// writes that are no entity's item (Object.Input: read member by
	// member), and the object types of declared inputs whose shape no
	// object attribute has (sent as maps: the method's package or module
	// writes them with a writer of their own), in parameter order.
	Objects []*Object
	// Items are the writes, as Shape.Items.
	Items []*WriteItem
	// WCU is the write units of one call, as tfdyn cost estimates it.
	WCU   float64
	Range hcl.Range
}

// WriteItem is one write of a write pattern.
type WriteItem struct {
	Shape  *dynamo.ItemShape
	Entity *Entity
	// Put holds, for a put, what gives each field of the item (in the
	// entity's field order): the parameter of the same name (the write's
	// InputFor).
	Put []*Arg
	// Key holds an update's or delete's key attributes (Shape.Key).
	Key []*Value
	// Known is, for an update that rewrites index keys, the updated item
	// as the writer knows it: what gives each field it knows (set from a
	// parameter or a literal, removed, its key's parameters, pinned by the
	// condition), in the entity's field order. The rewritten keys and
	// sparse conditions read only these.
	Known []*Arg
	// Rewrites are the index entries an update rewrites (Shape.Rewrites),
	// with the entity's index block: its sparse condition and templates.
	Rewrites []*Rewrite
	// Variants hold the values of each form of the write (Shape.Variants).
	Variants [][]*Value
	// Guard is set for a guard item's write: the unique attribute's field
	// of the owner and the parameter holding the value.
	Guard      *Field
	GuardParam *Field
	// SwapCurrent and SwapNew are set on a swap's guard writes: the
	// parameters holding the unique attribute's current and new value.
	// The write is left out of the call when they are equal
	// (hclschema's Write.Skipped).
	SwapCurrent, SwapNew *Field
}

// Rewrite is an index an update rewrites the key attributes of.
type Rewrite struct {
	Rewrite dynamo.Rewrite
	// Entry is the entity's index block for the index (its sparse
	// condition), nil when the entity writes the keys from another block.
	Entry *IndexEntry
	// Out is true when the update always takes the item out of the index:
	// it sets every attribute the sparse condition reads to literals (or
	// removes them) that make it false. Its keys are removed and need
	// nothing more.
	Out bool
}

func (b *builder) write(w *hclschema.WritePattern, costs map[string]float64) {
	shape, err := dynamo.Write(w)
	if err != nil {
		b.diags = append(b.diags, diag.Errorf(CodeExpression, &w.DeclRange, "Write pattern not reproducible",
			"tfdyn gen cannot render the request of write pattern %q: %s.", w.Name, err))
		return
	}
	out := &Write{Name: NameOf(w.Name), Pattern: w, Shape: shape, Table: b.tables[w.Table], WCU: costs[w.Name], Range: w.DeclRange}
	if len(out.Name) == 0 {
		b.diags = append(b.diags, diag.Errorf(CodeNameCollision, &w.DeclRange, "Name without letters or digits",
			"Write pattern %q has no letter or digit to name its method in generated code. Rename it.", w.Name))
		return
	}
	var entities []*Entity
	for _, wr := range w.Writes {
		if e := b.entities[wr.Entity]; e != nil && !slices.Contains(entities, e) {
			entities = append(entities, e)
		}
	}
	labels := map[string][]*hclschema.Write{}
	for _, wr := range w.Writes {
		if wr.Label != "" {
			labels[wr.Label] = append(labels[wr.Label], wr)
		}
	}
	out.Params = b.params(w.Inputs, entities, fmt.Sprintf("write pattern %q", w.Name), func(in *hclschema.Input) (*Type, bool) {
		if len(labels[in.Name]) == 0 || !in.Type.IsObjectType() {
			return nil, false
		}
		return b.labelType(out, in, labels[in.Name]), true
	}, out)
	if len(out.Params) != len(w.Inputs) {
		return
	}
	optional := optionalInputs(w)
	for _, f := range out.Params {
		f.Optional = optional[f.Attr]
		if len(labels[f.Attr]) > 0 && f.Type.Kind == TObject && f.Type.Object != nil {
			// The members of a labelled write's input are read through it.
			for _, m := range f.Type.Object.Fields {
				m.Of = f
			}
		}
	}
	out.Entity = putEntity(w, out.Params, b.entities)
	tr := &translator{fields: map[string]*Field{}, inputs: map[string]*Field{}, alias: w.Alias}
	for _, f := range out.Params {
		tr.inputs[f.Attr] = f
	}
	for i, is := range shape.Items {
		wr := w.Writes[i]
		e := b.entities[wr.Entity]
		if e == nil {
			return
		}
		it := b.writeItem(tr, out, wr, is, e)
		if it == nil {
			return
		}
		out.Items = append(out.Items, it)
	}
	b.diags = append(b.diags, tr.diags...)
	b.api.Writes = append(b.api.Writes, out)
}

// labelType is the type of the input of the writes labelled in.Name
// (input.order_item): the entity's own type when the label puts an item
// of it with every attribute as the entity declares them, else an object
// of the attributes the writes need (an update's or delete's key), which
// the method declares (Write.Objects). Its members are the entity's
// fields, in the entity's order.
func (b *builder) labelType(w *Write, in *hclschema.Input, wrs []*hclschema.Write) *Type {
	attrs := in.Type.AttributeTypes()
	var own []*hclschema.Write
	for _, wr := range wrs {
		if wr.Guard == nil {
			own = append(own, wr)
		}
	}
	var fields []*Field
	seen := map[string]bool{}
	whole := len(own) == 1 && own[0].Op == hclschema.WritePut
	var entity *Entity
	for _, wr := range own {
		e := b.entities[wr.Entity]
		if e == nil {
			return nil
		}
		entity = e
		whole = whole && len(e.Fields) == len(attrs)
		for _, f := range e.Fields {
			n := wr.InputFor(f.Attr)
			if _, ok := attrs[n]; !ok || seen[n] {
				continue
			}
			seen[n] = true
			m := &Field{Name: f.Name, Attr: n, Type: f.Type, Optional: in.Type.AttributeOptional(n), Range: in.Range}
			if n != f.Attr {
				m.Name = NameOf(n)
			}
			whole = whole && n == f.Attr && m.Optional == f.Optional
			fields = append(fields, m)
		}
	}
	if len(fields) != len(attrs) || entity == nil {
		b.diags = append(b.diags, diag.Errorf(CodeType, &in.Range, "Type not reproducible",
			"The input of the writes labelled %q holds attributes none of their entities declares; tfdyn gen types it from the attributes the writes need.", in.Name))
		return nil
	}
	if whole {
		return &Type{Kind: TObject, Object: &Object{Name: entity.Name, Fields: fields, Entity: entity}}
	}
	o := &Object{Name: Join(w.Name, NameOf(in.Name)), Fields: fields, Input: true}
	if !b.claim(o.Name, fmt.Sprintf("input type of the write labelled %q of write pattern %q", in.Name, w.Pattern.Name), in.Range) {
		return nil
	}
	w.Objects = append(w.Objects, o)
	return &Type{Kind: TObject, Object: o}
}

// itemParam is the parameter that gives attribute attr of the item of
// write wr (a put's attribute, an update's or delete's key attribute): the
// member of its label's input, or the shared input InputFor names.
func itemParam(w *Write, wr *hclschema.Write, attr string) *Field {
	if wr.Label != "" {
		return member(paramOf(w.Params, wr.Label), wr.InputFor(attr))
	}
	return paramOf(w.Params, wr.InputFor(attr))
}

// optionalInputs are the shared inputs a write pattern takes only as
// optional attributes of the items it puts: the caller may leave them out
// (the attribute is then absent from the item). A labelled write's own
// input says which of its members are optional.
func optionalInputs(w *hclschema.WritePattern) map[string]bool {
	out := map[string]bool{}
	required := map[string]bool{}
	for _, wr := range w.Writes {
		switch {
		case wr.Label != "":
		case wr.Op == hclschema.WritePut:
			for _, a := range wr.Entity.Attributes {
				n := wr.InputFor(a.Name)
				if a.Optional {
					out[n] = true
				} else {
					required[n] = true
				}
			}
		default:
			for _, n := range wr.Entity.KeyNames() {
				required[wr.InputFor(n)] = true
			}
		}
		var tpls []*hclschema.Template
		for _, ua := range append(append([]*hclschema.UpdateAction{}, wr.Set...), wr.Add...) {
			tpls = append(tpls, ua.Value)
		}
		for _, t := range tpls {
			for _, n := range t.InputNames() {
				required[n] = true
			}
		}
		for _, n := range wr.Condition.InputNames() {
			required[n] = true
		}
	}
	for n := range required {
		delete(out, n)
	}
	return out
}

// putEntity returns the entity whose struct the method takes: the pattern
// puts it and its inputs are exactly its attributes, with their types and
// optionality.
func putEntity(w *hclschema.WritePattern, params []*Field, entities map[*hclschema.Entity]*Entity) *Entity {
	for _, wr := range w.Writes {
		if wr.Op != hclschema.WritePut || wr.Guard != nil {
			continue
		}
		e := entities[wr.Entity]
		if e == nil || len(e.Fields) != len(params) {
			continue
		}
		same := true
		for i, f := range e.Fields {
			q := params[slices.IndexFunc(params, func(p *Field) bool { return p.Attr == f.Attr })]
			_ = i
			if q == nil || q.Type != f.Type || q.Optional != f.Optional {
				same = false
				break
			}
		}
		if same {
			return e
		}
	}
	return nil
}

// paramOf returns the parameter named n.
func paramOf(params []*Field, n string) *Field {
	for _, f := range params {
		if f.Attr == n {
			return f
		}
	}
	return nil
}

func (b *builder) writeItem(tr *translator, w *Write, wr *hclschema.Write, is *dynamo.ItemShape, e *Entity) *WriteItem {
	it := &WriteItem{Shape: is, Entity: e}
	p := w.Pattern
	if wr.Guard != nil {
		owner := b.entities[wr.Guard.Entity]
		it.Guard = fieldByAttr(owner, wr.Guard.Attr)
		it.GuardParam = itemParam(w, wr, wr.Guard.Attr)
		if wr.Swap != nil {
			if wr.Swap.Unique != nil && wr.Swap.Unique.Expr != nil {
				// The swap is left out when the two values normalise alike
				// (Write.Skipped): the generated writer compares the raw
				// values only.
				rng := wr.Swap.Unique.Range
				b.diags = append(b.diags, diag.Errorf(CodeUniqueUpdate, &rng, "Swap of a normalised unique value not reproducible",
					"Write pattern %q swaps the guard of %s, a unique expression: when the current and the new value differ only by it (Sam@x.io, sam@x.io) the model keeps the guard, but the generated writer compares the raw values and would delete and put one guard item in one transaction. "+
						"Declare the attribute unique as it is (unique = [%q]) with a lookup keyed on it, or leave this write pattern out of the generated code.", p.Name, wr.Swap.Unique.Text(), wr.Swap.Unique.Attr))
				return nil
			}
			it.SwapCurrent, it.SwapNew = paramOf(w.Params, wr.Swap.Current), paramOf(w.Params, wr.Swap.New)
		}
	}
	if wr.Op == hclschema.WriteUpdate {
		for _, u := range wr.Entity.Unique {
			for _, a := range wr.Touched() {
				if a == u.Attr && !guardedUpdate(p, wr, u) {
					rng := wr.DeclRange
					for _, ua := range append(append(append([]*hclschema.UpdateAction{}, wr.Set...), wr.Add...), wr.Remove...) {
						if ua.Attr == a {
							rng = ua.Range
						}
					}
					b.diags = append(b.diags, diag.Errorf(CodeUniqueUpdate, &rng, "Update of a unique attribute not reproducible",
						"Write pattern %q changes %q, which entity %q declares unique, without swapping its guard item: the generated writer would leave the old value's guard behind and put no guard for the new one. "+
							"Set %q from an input and pin its current value in the condition (%s == input.current_%s): the update then deletes the old guard and puts the new one in one transaction.", p.Name, a, e.SchemaName, a, a, a))
					return nil
				}
			}
		}
	}
	// args gives the arguments of the entity's key templates: the
	// parameters of its key (and of a guard item's attribute).
	keyArgs := func(ke *Entity, kv *KeyValue) []*Arg {
		var out []*Arg
		for _, f := range kv.Reads {
			out = append(out, &Arg{Field: f, Param: itemParam(w, wr, f.Attr)})
		}
		return out
	}
	switch wr.Op {
	case hclschema.WritePut:
		for _, f := range e.Fields {
			param := itemParam(w, wr, f.Attr)
			if param == nil {
				b.diags = append(b.diags, diag.Errorf(CodeExpression, &wr.DeclRange, "Write not reproducible",
					"The put of %q in write pattern %q has no input for attribute %q.", e.SchemaName, p.Name, f.Attr))
				return nil
			}
			it.Put = append(it.Put, &Arg{Field: f, Param: param})
		}
	default:
		for _, k := range is.Key {
			v := b.value(tr, k.Source, "", keyArgs)
			if v.Param == nil && k.Source.Kind == dynamo.SourceInput {
				v.Param = itemParam(w, wr, k.Source.Input)
			}
			it.Key = append(it.Key, v)
		}
	}
	if len(is.Rewrites) > 0 {
		if !b.known(tr, it, w, wr) {
			return nil
		}
	}
	for _, v := range is.Variants {
		var vals []*Value
		for _, ph := range v.Values {
			vals = append(vals, b.value(tr, ph.Source, ph.Name, func(ke *Entity, kv *KeyValue) []*Arg {
				if ph.Source.Role == dynamo.RoleIndexKey {
					return knownArgs(it, kv)
				}
				return keyArgs(ke, kv)
			}))
		}
		it.Variants = append(it.Variants, vals)
	}
	return it
}

// guardedUpdate reports whether the model swaps the guard item of unique
// attribute u when update wr changes it (a delete of the old value's guard
// and a put of the new one in the same pattern).
func guardedUpdate(w *hclschema.WritePattern, wr *hclschema.Write, u *hclschema.Unique) bool {
	for _, x := range w.Writes {
		if x != wr && x.Guard == u && x.Op == hclschema.WritePut {
			return true
		}
	}
	return false
}

// known works out what update wr knows of the item it leaves, for the
// index keys it rewrites: each rewritten template and sparse condition
// must read only attributes the update sets (from a parameter or a
// literal), removes, takes as its key or pins in its condition (GN107
// otherwise; lint warns with TD150 and TD151).
func (b *builder) known(tr *translator, it *WriteItem, w *Write, wr *hclschema.Write) bool {
	e := it.Entity
	byAttr := map[string]*Arg{}
	set := func(a *Arg) {
		if _, ok := byAttr[a.Field.Attr]; !ok {
			byAttr[a.Field.Attr] = a
		}
	}
	fromValue := func(f *Field, t *hclschema.Template) *Arg {
		if v, ok := t.Literal(); ok {
			x := (&translator{}).literal(v, t.Range())
			if x == nil || x.Op == OpNull {
				return &Arg{Field: f, Absent: true}
			}
			return &Arg{Field: f, Const: x, Value: v}
		}
		if len(t.Parts) == 1 && t.Parts[0].Kind == hclschema.PartInput && !t.Quoted {
			if q := tr.inputOf(t.Parts[0]); q != nil && assignable(q.Type, f.Type) {
				return &Arg{Field: f, Param: q}
			}
		}
		return nil
	}
	adds := map[string]bool{}
	for _, ua := range wr.Add {
		adds[ua.Attr] = true
	}
	for _, ua := range wr.Set {
		if f := fieldByAttr(e, ua.Attr); f != nil {
			if a := fromValue(f, ua.Value); a != nil {
				set(a)
			}
		}
	}
	for _, ua := range wr.Remove {
		if f := fieldByAttr(e, ua.Attr); f != nil {
			set(&Arg{Field: f, Absent: true})
		}
	}
	for _, n := range wr.Entity.KeyNames() {
		if f := fieldByAttr(e, n); f != nil && !adds[n] {
			if q := itemParam(w, wr, n); q != nil {
				set(&Arg{Field: f, Param: q})
			}
		}
	}
	changed := map[string]bool{}
	for _, a := range wr.Touched() {
		changed[a] = true
	}
	for _, pin := range wr.Pinned() {
		if f := fieldByAttr(e, pin.Attr); f != nil && !changed[pin.Attr] {
			if a := fromValue(f, pin.Value); a != nil {
				set(a)
			}
		}
	}
	for _, f := range e.Fields {
		if a, ok := byAttr[f.Attr]; ok {
			it.Known = append(it.Known, a)
		}
	}
	for _, rw := range it.Shape.Rewrites {
		if rw.Computed != nil {
			// The writers compute a computed attribute on a put only.
			rng := wr.DeclRange
			var reads []string
			for _, c := range e.Computed {
				if c.Attr == rw.Computed.Attr {
					for _, f := range c.Reads {
						reads = append(reads, f.Attr)
					}
				}
			}
			changes := ""
			for _, ua := range append(append(append([]*hclschema.UpdateAction{}, wr.Set...), wr.Remove...), wr.Add...) {
				if slices.Contains(reads, ua.Attr) {
					rng, changes = ua.Range, ua.Attr
					break
				}
			}
			b.diags = append(b.diags, diag.Errorf(CodeUpdateUnknown, &rng, "Update not reproducible",
				"Write pattern %q updates %q and changes %q, which its computed attribute %q reads (%s): the generated writers compute computed attributes when they put an item, and do not rewrite one in an update. "+
					"Leave %q out of the update, or write the item with a put.",
				w.Pattern.Name, e.SchemaName, changes, rw.Computed.Attr, rw.Computed.Expr.Text, changes))
			return false
		}
		r := &Rewrite{Rewrite: rw}
		for _, en := range e.Entries {
			if en.Index.IndexName == rw.Index.Name {
				r.Entry = en
			}
		}
		if r.Entry != nil && r.Entry.When != nil && !rw.Fixed && leaves(wr, r.Entry, byAttr) {
			r.Out = true
			it.Rewrites = append(it.Rewrites, r)
			continue
		}
		var reads []*Field
		var what []string
		if r.Entry != nil && r.Entry.When != nil && !rw.Fixed {
			reads = append(reads, r.Entry.When.Fields()...)
			what = append(what, "when = "+r.Entry.WhenText)
		}
		for _, a := range rw.Set {
			kv := b.keyValueOf(e, rw.Index, a)
			if kv == nil {
				continue
			}
			if kv.Field != nil {
				reads = append(reads, kv.Field)
			}
			reads = append(reads, kv.Reads...)
			what = append(what, a+" = "+kv.Text)
		}
		var unknown []string
		for _, f := range reads {
			if _, ok := byAttr[f.Attr]; !ok && !slices.Contains(unknown, f.Attr) {
				unknown = append(unknown, f.Attr)
			}
		}
		if len(unknown) > 0 {
			// At the action that changes what the entry reads.
			rng := wr.DeclRange
			readsAttr := map[string]bool{}
			for _, f := range reads {
				readsAttr[f.Attr] = true
			}
			for _, ua := range append(append(append([]*hclschema.UpdateAction{}, wr.Set...), wr.Remove...), wr.Add...) {
				if readsAttr[ua.Attr] {
					rng = ua.Range
					break
				}
			}
			b.diags = append(b.diags, diag.Errorf(CodeUpdateUnknown, &rng, "Update not reproducible",
				"Write pattern %q updates %q and must rewrite its entry in %s (%s), which reads %s: the update neither sets %s, nor takes it as its key, nor pins it in its condition, so the generated writer cannot compute the entry without reading the item first (lint reports the same as TD150 or TD151). "+
					"Set it in the update too, or pin its value with an equality in the condition (%s == input.%s).",
				w.Pattern.Name, e.SchemaName, rw.Index.DisplayName(), joinQuoted(what), joinQuoted(unknown), joinQuoted(unknown), unknown[0], unknown[0]))
			return false
		}
		it.Rewrites = append(it.Rewrites, r)
	}
	return true
}

// knownArgs are the arguments of a template over the updated item as the
// update knows it.
func knownArgs(it *WriteItem, kv *KeyValue) []*Arg {
	var out []*Arg
	for _, f := range kv.Reads {
		for _, a := range it.Known {
			if a.Field == f {
				out = append(out, a)
			}
		}
	}
	return out
}

// assignable reports whether a parameter of type from can give a field of
// type to: the same type, or a string for an enum.
func assignable(from, to *Type) bool {
	if from == to {
		return true
	}
	if from.Kind == to.Kind && from.Scalar() && from.Kind != TEnum {
		return true
	}
	return from.Kind == TString && to.Kind == TEnum
}

func joinQuoted(xs []string) string {
	out := ""
	for i, x := range xs {
		switch {
		case i == 0:
		case i == len(xs)-1:
			out += " and "
		default:
			out += ", "
		}
		out += fmt.Sprintf("%q", x)
	}
	return out
}

// leaves reports whether the update takes its item out of the index of
// entry whatever the item was: every attribute the sparse condition reads
// is set to a literal or removed, and the condition is then false (as
// hclschema's evaluator finds it).
func leaves(wr *hclschema.Write, entry *IndexEntry, known map[string]*Arg) bool {
	ei := wr.Entity.IndexBlock(entry.Index.IndexName)
	if ei == nil || ei.When == nil {
		return false
	}
	it := hclschema.Item{Entity: wr.Entity, Attrs: map[string]cty.Value{}}
	for _, f := range entry.When.Fields() {
		a := known[f.Attr]
		switch {
		case a == nil || a.Param != nil:
			return false
		case a.Absent:
		default:
			it.Attrs[f.Attr] = a.Value
		}
	}
	holds, ok := ei.WhenHolds(it)
	return ok && !holds
}

// Actions describe what the item's write changes, for the writers' doc
// comments: "set detail.owner = input.owner", "add 1 to version", "remove
// note", "rewrite the keys of GSI GSI1" (the schema's text of each value).
func (it *WriteItem) Actions() []string {
	s := it.Shape
	var acts []string
	for _, ua := range s.Write.Set {
		acts = append(acts, "set "+hclschema.PathText(ua.Path)+" = "+ua.Value.Text)
	}
	for _, ua := range s.Write.Add {
		acts = append(acts, "add "+ua.Value.Text+" to "+hclschema.PathText(ua.Path))
	}
	for _, ua := range s.Write.Remove {
		acts = append(acts, "remove "+hclschema.PathText(ua.Path))
	}
	for _, rw := range s.Rewrites {
		acts = append(acts, "rewrite the keys of "+rw.Index.DisplayName())
	}
	return acts
}

// OnlyIndexKeys reports whether every value of a write (by placeholder) is
// an index key attribute: each set only in the forms of the write that
// keep the item in its index, so a form may send no values at all (and
// DynamoDB refuses an empty ExpressionAttributeValues).
func OnlyIndexKeys(values map[string]*Value) bool {
	for _, v := range values {
		if v.Source.Role != dynamo.RoleIndexKey {
			return false
		}
	}
	return true
}

// ItemInput returns the parameter that is a put's whole item: the input of
// a labelled put (input.order_item) whose type is the entity's own; nil
// otherwise.
func ItemInput(it *WriteItem) *Field {
	var q *Field
	for _, a := range it.Put {
		if a.Param == nil || a.Param.Of == nil || q != nil && a.Param.Of != q {
			return nil
		}
		q = a.Param.Of
	}
	if q == nil || q.Type.Object.Entity != it.Entity {
		return nil
	}
	return q
}

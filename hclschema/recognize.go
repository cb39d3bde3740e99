package hclschema

import (
	"fmt"
	"strings"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// ValuesOf reads entity e's attributes from a stored item: stored holds
// the item's attribute values as cty values of whatever type the wire gives
// them (strings, numbers, bools, tuples for lists, objects for maps, sets,
// nulls). It returns an object of e's ObjectType for Entity.Item. It fails
// when a required attribute is missing or null, or a value does not convert
// to the attribute's type: the item is then not one of e's.
func (e *Entity) ValuesOf(stored map[string]cty.Value) (cty.Value, error) {
	vals := make(map[string]cty.Value, len(e.Attributes))
	for _, a := range e.Attributes {
		v, ok := stored[a.Name]
		if !ok || v == cty.NilVal || v.IsNull() {
			if a.Optional {
				vals[a.Name] = cty.NullVal(a.Type)
				continue
			}
			if !ok {
				return cty.NilVal, fmt.Errorf("no attribute %q", a.Name)
			}
			return cty.NilVal, fmt.Errorf("attribute %q is null", a.Name)
		}
		cv, err := convert.Convert(v, a.Type)
		if err != nil {
			return cty.NilVal, fmt.Errorf("attribute %q: %s", a.Name, err)
		}
		vals[a.Name] = cv
	}
	return cty.ObjectVal(vals), nil
}

// Recompute answers "was this stored item written as an item of entity e":
// it reads e's attributes from the item (ValuesOf), computes the item with
// e's templates (Entity.Item) and reports whether that gives back the
// stored primary key, attribute by attribute with the same DynamoDB type.
// The literal prefixes of e's key templates are checked first, so most
// items of other entities are told apart without evaluating a template.
// The entity's computed attributes must be stored with the values e
// computes (a constant discriminator such as EntityType = "customer" is
// compared before anything is evaluated): an item without them, or with
// another value, was not written as one of e's.
// It returns the computed item (with every index attribute e computes).
func (e *Entity) Recompute(stored map[string]cty.Value) (Item, bool) {
	if e == nil || e.Table == nil || e.Table.Primary == nil {
		return Item{}, false
	}
	for _, c := range e.Computed {
		if v, ok := c.Constant(); ok && !v.IsNull() && !sameStored(stored[c.Attr], v) {
			return Item{}, false
		}
	}
	keys := e.Table.Primary.KeyAttrs()
	for _, k := range keys {
		tpl := e.Key.Template(k.Name)
		if tpl == nil {
			continue
		}
		prefix, exact := tpl.Expr.LiteralPrefix()
		if prefix == "" {
			continue
		}
		v, ok := stored[k.Name]
		if !ok || v == cty.NilVal || v.IsNull() || !v.IsKnown() || v.Type() != cty.String {
			return Item{}, false
		}
		s := v.AsString()
		if !strings.HasPrefix(s, prefix) || exact && s != prefix {
			return Item{}, false
		}
	}
	vals, err := e.ValuesOf(stored)
	if err != nil {
		return Item{}, false
	}
	it, err := e.Item(vals)
	if err != nil {
		return Item{}, false
	}
	for _, k := range keys {
		if !sameStored(stored[k.Name], it.Attrs[k.Name]) {
			return Item{}, false
		}
	}
	for _, c := range e.Computed {
		want, wok := it.Attrs[c.Attr]
		got, gok := stored[c.Attr]
		gok = gok && got != cty.NilVal && !got.IsNull()
		if wok != gok || wok && !sameStored(got, want) {
			return Item{}, false
		}
	}
	return it, true
}

// Recognize answers "which entity wrote this stored item": the items that
// the entities of table t (StoredEntities: each entity in declaration
// order followed by the guard entities of its unique attributes) compute
// from it and that
// give back its primary key (Entity.Recompute). One item is the answer;
// none means the item is of no entity of the model (written by something
// else, or before a change of the design); several mean the design lets
// two entities compute the same key (lint TD112). verify (for an item it
// did not write) and migrate (for every scanned item) ask it.
func (t *Table) Recognize(stored map[string]cty.Value) []Item {
	var out []Item
	for _, e := range t.StoredEntities() {
		if e == nil || e.Table != t {
			continue
		}
		if it, ok := e.Recompute(stored); ok {
			out = append(out, it)
		}
	}
	return out
}

// sameStored reports whether a stored value equals a computed one: both
// present, of the same type and equal.
func sameStored(stored, computed cty.Value) bool {
	if stored == cty.NilVal || computed == cty.NilVal || stored.IsNull() || computed.IsNull() || !stored.IsKnown() || !computed.IsKnown() {
		return false
	}
	if !stored.Type().Equals(computed.Type()) {
		return false
	}
	return stored.Equals(computed).True()
}

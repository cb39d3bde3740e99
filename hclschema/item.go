package hclschema

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// Item is one DynamoDB item of an entity, with every key attribute computed.
type Item struct {
	Entity *Entity
	// Attrs holds every attribute present on the item: the entity's non-null
	// attributes plus the computed key attributes.
	Attrs map[string]cty.Value
}

// Item computes the DynamoDB item for an entity value: an object (or map)
// with the entity's attributes. It evaluates the primary key templates and,
// for every index the entity takes part in, the sparse condition and the
// index key templates. An index template whose variables are null leaves the
// item out of that index, as DynamoDB does for a missing key attribute.
func (e *Entity) Item(values cty.Value) (Item, error) {
	if e.Table == nil {
		return Item{}, fmt.Errorf("entity %q has no table", e.Name)
	}
	obj, err := convert.Convert(values, e.ObjectType())
	if err != nil {
		return Item{}, fmt.Errorf("entity %q: %s", e.Name, err)
	}
	if !obj.IsWhollyKnown() {
		return Item{}, fmt.Errorf("entity %q: values must be known", e.Name)
	}
	vars := obj.AsValueMap()
	it := Item{Entity: e, Attrs: map[string]cty.Value{}}
	for k, v := range vars {
		if !v.IsNull() {
			it.Attrs[k] = v
		}
	}
	ctx := &hcl.EvalContext{Variables: vars, Functions: functions}
	if vars == nil {
		ctx.Variables = map[string]cty.Value{}
	}
	// Computed attributes: stored on the item, and read by sparse
	// conditions (never by key templates).
	if len(e.Computed) > 0 {
		cv, err := e.computedValues(ctx)
		if err != nil {
			return Item{}, fmt.Errorf("entity %q: %w", e.Name, err)
		}
		vars = make(map[string]cty.Value, len(ctx.Variables)+len(e.Computed))
		for k, v := range ctx.Variables {
			vars[k] = v
		}
		for _, c := range e.Computed {
			vars[c.Attr] = cty.NullVal(c.Type)
			if v, ok := cv[c.Attr]; ok {
				vars[c.Attr] = v
				it.Attrs[c.Attr] = v
			}
		}
		ctx = &hcl.EvalContext{Variables: vars, Functions: functions}
	}
	for _, k := range e.Table.Primary.KeyAttrs() {
		if a := e.Attribute(k.Name); a != nil {
			if vars[k.Name].IsNull() {
				return Item{}, fmt.Errorf("entity %q: key attribute %q is null", e.Name, k.Name)
			}
			continue
		}
		tpl := e.Key.Template(k.Name)
		if tpl == nil {
			return Item{}, fmt.Errorf("entity %q: no template for key attribute %q", e.Name, k.Name)
		}
		v, err := evalKey(tpl, ctx)
		if err != nil {
			return Item{}, fmt.Errorf("entity %q: key %s: %w", e.Name, k.Name, err)
		}
		if v.IsNull() {
			return Item{}, fmt.Errorf("entity %q: key %s: template uses a null attribute", e.Name, k.Name)
		}
		it.Attrs[k.Name] = v
	}
	// by records the index block that wrote each computed index attribute:
	// two blocks that write one attribute must agree (KeyWriterFor).
	var by map[string]*EntityIndex
	for _, ei := range e.Indexes {
		if ei.When != nil {
			w, ds := Eval(ei.When.expr, ctx, CodeInvalidTemplate)
			if ds.HasErrors() {
				return Item{}, fmt.Errorf("entity %q: index %s: when: %s", e.Name, ei.Index.Name, diagText(ds))
			}
			w, err := convert.Convert(w, cty.Bool)
			if err != nil {
				return Item{}, fmt.Errorf("entity %q: index %s: when must be a bool: %s", e.Name, ei.Index.Name, err)
			}
			if w.IsNull() || w.False() {
				continue
			}
		}
		computed := map[string]cty.Value{}
		skip := false
		for _, tpl := range ei.Templates {
			v, err := evalKey(tpl, ctx)
			if err != nil {
				return Item{}, fmt.Errorf("entity %q: index %s: %s: %w", e.Name, ei.Index.Name, tpl.Attr, err)
			}
			if v.IsNull() {
				skip = true
				break
			}
			computed[tpl.Attr] = v
		}
		if skip {
			continue
		}
		for _, tpl := range ei.Templates {
			k, v := tpl.Attr, computed[tpl.Attr]
			if prev, ok := by[k]; ok && !v.RawEquals(it.Attrs[k]) {
				return Item{}, fmt.Errorf("entity %q: the index blocks %s and %s both write %s, with different values (%s and %s); an item stores one value: give both blocks the same template, or conditions that do not both hold",
					e.Name, prev.Index.Name, ei.Index.Name, k, ValueText(it.Attrs[k]), ValueText(v))
			}
			if by == nil {
				by = map[string]*EntityIndex{}
			}
			by[k] = ei
			it.Attrs[k] = v
		}
	}
	return it, nil
}

// evalKey evaluates a key template. It returns a null value (the key
// attribute is absent) when the template yields null, or fails while a
// variable it uses is null; coalesce(nick, "-") still gives a value.
func evalKey(tpl *KeyTemplate, ctx *hcl.EvalContext) (cty.Value, error) {
	usesNull := false
	for _, tr := range tpl.Expr.expr.Variables() {
		if v, ok := ctx.Variables[tr.RootName()]; ok && v.IsNull() {
			usesNull = true
		}
	}
	v, ds := Eval(tpl.Expr.expr, ctx, CodeInvalidTemplate)
	if ds.HasErrors() {
		if usesNull {
			return cty.NullVal(cty.String), nil
		}
		return cty.NilVal, fmt.Errorf("%s", diagText(ds))
	}
	if v.IsNull() {
		return cty.NullVal(cty.String), nil
	}
	switch tpl.Type {
	case TypeN:
		v, err := convert.Convert(v, cty.Number)
		if err != nil {
			return cty.NilVal, fmt.Errorf("not a number: %s", err)
		}
		return v, nil
	default:
		s, err := convert.Convert(v, cty.String)
		if err != nil {
			return cty.NilVal, fmt.Errorf("not a string: %s", err)
		}
		if !s.IsNull() && s.AsString() == "" {
			return cty.NilVal, fmt.Errorf("evaluates to an empty string, which DynamoDB rejects as a key")
		}
		return s, nil
	}
}

// InIndex reports whether the item appears in index ix (Index.Holds).
func (it Item) InIndex(ix *Index) bool { return ix.Holds(it.Attrs) }

// Holds answers "is this stored item in index ix": DynamoDB puts an item in
// an index only when every key attribute of the index (every part of a
// multi-attribute key) is present with the index's declared type; a
// missing part leaves it out. attrs are the item's attribute values as
// stored (a model Item's Attrs, or a scanned item read into cty values).
// The table's own index holds every item that has its key.
func (ix *Index) Holds(attrs map[string]cty.Value) bool {
	if ix == nil {
		return false
	}
	for _, k := range ix.KeyAttrs() {
		v, ok := attrs[k.Name]
		if !ok || v == cty.NilVal || v.IsNull() || !v.IsKnown() || DynamoType(v.Type()) != k.Type {
			return false
		}
	}
	return true
}

// PrimaryKey returns the item's primary key attribute values, in key order.
func (it Item) PrimaryKey() []cty.Value {
	var out []cty.Value
	for _, k := range it.Entity.Table.Primary.KeyAttrs() {
		out = append(out, it.Attrs[k.Name])
	}
	return out
}

// AttrNames returns the item's attribute names, sorted.
func (it Item) AttrNames() []string {
	out := make([]string, 0, len(it.Attrs))
	for k := range it.Attrs {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Project returns the attributes a read of index ix returns for the item.
func (it Item) Project(ix *Index) Item {
	out := Item{Entity: it.Entity, Attrs: map[string]cty.Value{}}
	for k, v := range it.Attrs {
		if ix.Projects(k) {
			out.Attrs[k] = v
		}
	}
	return out
}

// diagText renders the errors of an evaluation for an error message: the
// summary and detail of each, with the line and column of its subject (the
// file is the one of the declaration the message is about).
func diagText(ds hcl.Diagnostics) string {
	var parts []string
	for _, d := range ds {
		if d.Severity != hcl.DiagError {
			continue
		}
		s := d.Summary
		if d.Detail != "" {
			s += ": " + strings.TrimSuffix(d.Detail, ".")
		}
		if d.Subject != nil {
			s = fmt.Sprintf("%s (line %d, column %d)", s, d.Subject.Start.Line, d.Subject.Start.Column)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

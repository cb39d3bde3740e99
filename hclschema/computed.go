package hclschema

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// Computed is an attribute the schema writes on every item of an entity:
// a constant (EntityType = "customer", a discriminator) or a template over
// the entity's attributes (EmailLower = lower(email)), declared in the
// entity's `computed = { ... }`. The item computes it (Entity.Item), so
// every writer stores it (verify, migrate, the generated code) and every
// reader can rely on it: a sparse `when`, a filter, a write condition and
// entity recognition (Entity.Recompute) read it like any attribute.
type Computed struct {
	Attr string
	// Expr is the template; it reads the entity's attributes only (not
	// other computed attributes, not key attributes).
	Expr *Template
	// Type is the value's type: string, number or bool.
	Type cty.Type
	// Range covers the whole assignment; NameRange its name.
	Range, NameRange hcl.Range
}

// Constant returns the value of a computed attribute that reads no
// attribute (EntityType = "customer"), or false.
func (c *Computed) Constant() (cty.Value, bool) {
	if c == nil || c.Expr == nil {
		return cty.NilVal, false
	}
	return c.Expr.Literal()
}

// ComputedAttr returns the entity's computed attribute named name, or nil.
func (e *Entity) ComputedAttr(name string) *Computed {
	if e == nil {
		return nil
	}
	for _, c := range e.Computed {
		if c.Attr == name {
			return c
		}
	}
	return nil
}

// StoredType returns the type of an attribute the entity's items store
// besides their key attributes: a declared attribute's type, or a computed
// one's; cty.NilType for any other name.
func (e *Entity) StoredType(name string) cty.Type {
	if a := e.Attribute(name); a != nil {
		return a.Type
	}
	if c := e.ComputedAttr(name); c != nil {
		return c.Type
	}
	return cty.NilType
}

// StoredNames returns the names of the attributes the entity's items
// store besides their key attributes: the declared ones, then the
// computed ones, each in declaration order.
func (e *Entity) StoredNames() []string {
	out := e.AttributeNames()
	for _, c := range e.Computed {
		out = append(out, c.Attr)
	}
	return out
}

// computedValues evaluates the entity's computed attributes over vars (the
// item's attributes, nulls for absent ones). A computed attribute whose
// template reads a null attribute and fails, or yields null, is absent.
func (e *Entity) computedValues(ctx *hcl.EvalContext) (map[string]cty.Value, error) {
	if len(e.Computed) == 0 {
		return nil, nil
	}
	out := make(map[string]cty.Value, len(e.Computed))
	for _, c := range e.Computed {
		usesNull := false
		for _, tr := range c.Expr.expr.Variables() {
			if v, ok := ctx.Variables[tr.RootName()]; ok && v.IsNull() {
				usesNull = true
			}
		}
		v, ds := Eval(c.Expr.expr, ctx, CodeInvalidTemplate)
		if ds.HasErrors() {
			if usesNull {
				continue
			}
			return nil, fmt.Errorf("computed %s: %s", c.Attr, diagText(ds))
		}
		if v.IsNull() {
			continue
		}
		cv, err := convert.Convert(v, c.Type)
		if err != nil {
			return nil, fmt.Errorf("computed %s: %s", c.Attr, err)
		}
		out[c.Attr] = cv
	}
	return out, nil
}

// computedAttrs decodes an entity's `computed = { NAME = EXPR, ... }`
// (names may be quoted): each expression reads the entity's attributes
// and yields a string, a number or a bool. A name that is an attribute, a
// key attribute of the table or one of its indexes, or repeats is an
// error.
func (d *decoder) computedAttrs(e *Entity, at *hcl.Attribute) {
	if at == nil {
		return
	}
	as, _ := d.objectAssignments(at.Expr, "computed")
	as = d.uniqueAssignments(as)
	for _, a := range as {
		if prev := e.Attribute(a.Name); prev != nil {
			d.errorf(CodeDuplicate, a.NameRange, "Computed attribute is an attribute",
				"%q is declared in attributes at %s; a computed attribute is written from the others, so give it a name of its own or remove one of them.", a.Name, prev.Range)
			continue
		}
		if e.Table != nil {
			if ix := keyIndexOf(e.Table, a.Name); ix != nil {
				d.errorf(CodeInvalidKeyAssignment, a.NameRange, "Computed key attribute",
					"%q is a key attribute of %s; write its template in the entity's %s, where tfdyn knows which index it serves.", a.Name, ixPhrase(ix), keyBlockWord(ix))
				continue
			}
		}
		ok := true
		for _, tr := range a.Expr.Variables() {
			root := tr.RootName()
			if e.Attribute(root) != nil {
				continue
			}
			ok = false
			switch {
			case root == brokenRef || d.isBroken(e, root):
			case e.ComputedAttr(root) != nil || hasAssignment(as, root):
				d.errorf(CodeUnknownVariable, tr.SourceRange(), "Computed attribute reads a computed attribute",
					"The computed attribute %q reads %q, which is computed too; compute both from the entity's attributes.", a.Name, root)
			default:
				d.errorf(CodeUnknownVariable, tr.SourceRange(), "Unknown attribute",
					"The computed attribute %q uses %q, which is not an attribute of entity %q.%s", a.Name, root, e.Name, diag.DidYouMean(root, e.AttributeNames()))
			}
		}
		if !ok {
			d.markBroken(e, a.Name)
			continue
		}
		v, ds := Eval(a.Expr, unknownContext(e), CodeInvalidTemplate)
		if ds.HasErrors() {
			d.add(ds, CodeInvalidTemplate)
			d.markBroken(e, a.Name)
			continue
		}
		ty := v.Type()
		if ty != cty.String && ty != cty.Number && ty != cty.Bool {
			what := ty.FriendlyName()
			if v.IsKnown() && v.IsNull() {
				what = "null"
			}
			d.errorf(CodeInvalidTemplate, a.Expr.Range(), "Invalid computed attribute",
				"The computed attribute %q evaluates to %s; it must be a string, a number or a bool, like \"customer\" or lower(email).", a.Name, what)
			d.markBroken(e, a.Name)
			continue
		}
		e.Computed = append(e.Computed, &Computed{Attr: a.Name, Expr: d.newTemplate(a.Expr), Type: ty, Range: a.Range, NameRange: a.NameRange})
	}
}

func hasAssignment(as []assignment, name string) bool {
	for _, a := range as {
		if a.Name == name {
			return true
		}
	}
	return false
}

// keyIndexOf returns the first index of t (table, GSIs, LSIs) that has
// name as a key attribute, or nil.
func keyIndexOf(t *Table, name string) *Index {
	for _, ix := range t.Indexes() {
		if _, ok := ix.KeyAttr(name); ok {
			return ix
		}
	}
	return nil
}

// keyBlockWord names the block that writes a key attribute of ix.
func keyBlockWord(ix *Index) string {
	if ix.Kind == IndexPrimary {
		return "key block"
	}
	return fmt.Sprintf("index %q block", ix.Name)
}

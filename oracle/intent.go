package oracle

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// IntendedSortKey returns the order a reader of the entity's template
// expects for the index sort key of an item: for a template such as
// "ORDER#${date}#${total}" the tuple ("ORDER#", date, "#", total) with each
// interpolated value in its own type, so numbers compare numerically. A key
// that is not a template (a native attribute, format(...)) is itself the
// tuple. DynamoDB compares the rendered string instead; the two orders differ
// exactly when a number is interpolated without zero padding.
func IntendedSortKey(it hclschema.Item, ix *hclschema.Index) []cty.Value {
	var out []cty.Value
	for _, k := range ix.SortKey {
		out = append(out, intendedParts(it, ix, k.Name)...)
	}
	return out
}

func intendedParts(it hclschema.Item, ix *hclschema.Index, attr string) []cty.Value {
	v := it.Attrs[attr]
	tpl := templateFor(it.Entity, ix, attr)
	if tpl == nil {
		return []cty.Value{v}
	}
	te, ok := tpl.Expr.(*hclsyntax.TemplateExpr)
	if !ok || len(te.Parts) < 2 {
		return []cty.Value{v}
	}
	vars := map[string]cty.Value{}
	for _, a := range it.Entity.Attributes {
		if x, ok := it.Attrs[a.Name]; ok {
			vars[a.Name] = x
		} else {
			vars[a.Name] = cty.NullVal(a.Type)
		}
	}
	ctx := &hcl.EvalContext{Variables: vars, Functions: hclschema.Functions()}
	var parts []cty.Value
	for _, p := range te.Parts {
		pv, ds := p.Value(ctx)
		if ds.HasErrors() || pv.IsNull() || !pv.IsKnown() {
			return []cty.Value{v}
		}
		parts = append(parts, pv)
	}
	return parts
}

func templateFor(e *hclschema.Entity, ix *hclschema.Index, attr string) *hclschema.KeyTemplate {
	if ix.Kind == hclschema.IndexPrimary {
		return e.Key.Template(attr)
	}
	if ei := e.IndexBlock(ix.Name); ei != nil {
		if t := ei.Template(attr); t != nil {
			return t
		}
	}
	if ix.Kind == hclschema.IndexLocal {
		return e.Key.Template(attr)
	}
	return nil
}

// CompareIntended compares two intended sort keys part by part; ok is false
// when a part pair is not comparable (different types: other templates).
func CompareIntended(a, b []cty.Value) (int, bool) {
	for i := 0; i < len(a) && i < len(b); i++ {
		c, ok := Compare(a[i], b[i])
		if !ok {
			return 0, false
		}
		if c != 0 {
			return c, true
		}
	}
	switch {
	case len(a) < len(b):
		return -1, true
	case len(a) > len(b):
		return 1, true
	}
	return 0, true
}

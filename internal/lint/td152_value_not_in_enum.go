package lint

import (
	"fmt"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeValueNotInEnum (TD152): a sparse `when`, a filter or a write
// condition compares an enum attribute with a literal that is not one of
// its values, so the comparison never holds (==) or always holds (!=).
const CodeValueNotInEnum diag.Code = "TD152"

var ruleValueNotInEnum = &rule{code: CodeValueNotInEnum, name: "value-not-in-enum", severity: hcl.DiagError, check: checkValueNotInEnum}

func checkValueNotInEnum(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, e := range a.s.Entities {
		if e == nil {
			continue
		}
		for _, ei := range e.Indexes {
			if ei == nil || ei.When == nil || ei.Index == nil {
				continue
			}
			what := fmt.Sprintf("sparse condition of entity %q in %s %q", e.Name, ei.Index.Kind, ei.Index.Name)
			diags = append(diags, enumComparisons(r, ei.When, []*hclschema.Entity{e}, what)...)
		}
	}
	for _, p := range a.s.Patterns {
		if p == nil || p.Filter == nil {
			continue
		}
		diags = append(diags, enumComparisons(r, p.Filter, p.Entities, fmt.Sprintf("filter of access pattern %q", p.Name))...)
	}
	for _, w := range a.s.WritePatterns {
		if w == nil {
			continue
		}
		for _, wr := range w.Writes {
			if wr == nil || wr.Condition == nil || wr.Entity == nil {
				continue
			}
			what := fmt.Sprintf("condition of the %s of %q in write pattern %q", wr.Op, wr.Entity.Name, w.Name)
			diags = append(diags, enumComparisons(r, wr.Condition, []*hclschema.Entity{wr.Entity}, what)...)
		}
	}
	return diags
}

// enumComparisons reports every == or != in c between an attribute that
// is an enum in entities and a string literal outside the enum.
func enumComparisons(r *rule, c *hclschema.Cond, entities []*hclschema.Entity, what string) hcl.Diagnostics {
	if c == nil {
		return nil
	}
	var diags hcl.Diagnostics
	for _, s := range c.Sub {
		diags = append(diags, enumComparisons(r, s, entities, what)...)
	}
	if c.Kind != hclschema.CondCompare || (c.Op != hclschema.CmpEq && c.Op != hclschema.CmpNe) {
		return diags
	}
	for _, pair := range [][2]*hclschema.Template{{c.Left, c.Right}, {c.Right, c.Left}} {
		attr, ok := pair[0].Path()
		if !ok {
			continue
		}
		values, ok := hclschema.EnumOf(entities, attr)
		if !ok {
			continue
		}
		v, ok := pair[1].Literal()
		if !ok || v.IsNull() || !v.IsWhollyKnown() || v.Type() != cty.String {
			continue
		}
		s := v.AsString()
		if slices.Contains(values, s) {
			continue
		}
		outcome := "never holds: no item matches it"
		if c.Op == hclschema.CmpNe {
			outcome = "always holds: every item matches it"
		}
		diags = append(diags, r.report(pair[1].Range(), "Value not in enum",
			"The %s compares %q with %q, which is not one of its values %s.%s The comparison %s %s.",
			what, attr, s, hclschema.EnumString(values), diag.DidYouMean(s, values), c.Text, outcome))
	}
	return diags
}

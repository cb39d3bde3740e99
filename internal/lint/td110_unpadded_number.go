package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// CodeUnpaddedNumber (TD110): a number attribute is interpolated into a
// string sort key without zero padding, so keys sort lexicographically
// ("10" before "9").
const CodeUnpaddedNumber diag.Code = "TD110"

var ruleUnpaddedNumber = &rule{code: CodeUnpaddedNumber, name: "unpadded-number-in-sort-key", severity: hcl.DiagWarning, check: checkUnpaddedNumber}

func checkUnpaddedNumber(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, t := range a.s.Tables {
		sortKeys := map[string]bool{}
		for _, ix := range indexes(t) {
			for _, k := range ix.SortKey {
				sortKeys[k.Name] = true
			}
		}
		for _, e := range t.Entities {
			var tpls []*hclschema.KeyTemplate
			if e.Key != nil {
				tpls = append(tpls, e.Key.Templates...)
			}
			for _, ei := range e.Indexes {
				if ei != nil {
					tpls = append(tpls, ei.Templates...)
				}
			}
			for _, tpl := range tpls {
				if tpl == nil || !sortKeys[tpl.Attr] || tpl.Type != hclschema.TypeS {
					continue
				}
				if tpl.Expr == nil || !tpl.Expr.Quoted || len(tpl.Expr.Parts) < 2 {
					continue // not a template with literal text: the value sorts as is
				}
				for _, part := range tpl.Expr.Parts {
					if part.Kind != hclschema.PartAttr {
						continue
					}
					at := e.Attribute(part.Name)
					if at == nil || at.Type != cty.Number {
						continue
					}
					diags = append(diags, r.report(part.Range(), "Unpadded number in a sort key",
						"The template for sort key %q of entity %q interpolates the number attribute %q as is; string keys sort byte by byte, so \"10\" sorts before \"9\" and range conditions and order break. "+
							"Pad it to a fixed width: write ${format(\"%%010d\", %s)} in place of ${%s}, or use a number sort key.",
						tpl.Attr, e.Name, at.Name, at.Name, at.Name))
				}
			}
		}
	}
	return diags
}

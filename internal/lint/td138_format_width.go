package lint

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// CodeFormatWidth (TD138): a key template pads a number to a fixed width
// (format("%0Nd", ...)), and an example item gives a value that does not
// have that width: a negative number (a reversed number past its base) or
// one with more than N digits. Fixed-width keys sort like numbers only when
// every value has the width.
const CodeFormatWidth diag.Code = "TD138"

var ruleFormatWidth = &rule{code: CodeFormatWidth, name: "format-width", severity: hcl.DiagError, check: checkFormatWidth}

func checkFormatWidth(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, e := range a.s.Entities {
		if e == nil || e.Table == nil || e.Incomplete {
			continue
		}
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
			for _, call := range tpl.Expr.PaddedNumbers() {
				var bad []string
				for _, ei := range a.exampleItems(e) {
					if !call.Applies(ei.ex.ExampleVars()) {
						continue // a branch of a conditional the item does not take
					}
					v, ok := exampleValue(ei.ex, call.Arg)
					if !ok || v.Type() != cty.Number || !v.AsBigFloat().IsInt() {
						continue
					}
					text := oracle.Render(v)
					if strings.HasPrefix(text, "-") || len(text) > call.Width {
						bad = append(bad, fmt.Sprintf("%s gives %s", ei.ex.Name(), text))
					}
				}
				if len(bad) == 0 {
					continue
				}
				diags = append(diags, r.report(call.Range, "Number does not fit its fixed width",
					"The template for %q of entity %q pads %s to %d digits, but %s. A negative number or one with more than %d digits breaks the fixed width, and string keys then sort in another order than the numbers "+
						"(\"-1\" before \"0\", \"100\" before \"99\"). Widen the format, or change the base of a reversed number so that every value fits.",
					tpl.Attr, e.Name, call.Arg.Text, call.Width, strings.Join(bad, ", "), call.Width))
			}
		}
	}
	return diags
}

// exampleValue evaluates t over the values of example ex.
func exampleValue(ex *hclschema.Example, t *hclschema.Template) (cty.Value, bool) {
	vars := ex.ExampleVars()
	if vars == nil {
		return cty.NilVal, false
	}
	v, ds := t.Eval(vars)
	if ds.HasErrors() || v.IsNull() || !v.IsWhollyKnown() {
		return cty.NilVal, false
	}
	return v, true
}

package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeNumberOutOfRange (TD130): an example item holds a number DynamoDB
// cannot store: more than 38 significant digits, or a magnitude outside
// 1E-130 to 9.9999999999999999999999999999999999999E+125.
const CodeNumberOutOfRange diag.Code = "TD130"

var ruleNumberOutOfRange = &rule{code: CodeNumberOutOfRange, name: "number-out-of-range", severity: hcl.DiagError, check: checkNumberOutOfRange}

func checkNumberOutOfRange(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, e := range a.s.Entities {
		if e == nil || e.Table == nil {
			continue
		}
		for _, x := range a.exampleItems(e) {
			for _, name := range sortedAttrNames(x.item) {
				f, problem := hclschema.BadNumber(x.item.Attrs[name])
				if f == nil {
					continue
				}
				diags = append(diags, r.report(exampleValueRange(x.ex, name), "Number out of range",
					"This example of entity %q gives %q the number %s, which %s, so the write fails with a ValidationException. "+
						"Use a value DynamoDB can store (or a string for exact big values).",
					e.Name, name, numberText(f), problem))
			}
		}
	}
	return diags
}

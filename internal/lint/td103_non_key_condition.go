package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeNonKeyCondition (TD103): a key condition names an attribute that is not
// a key attribute of the pattern's index.
const CodeNonKeyCondition diag.Code = "TD103"

var ruleNonKeyCondition = &rule{code: CodeNonKeyCondition, name: "condition-on-non-key-attribute", severity: hcl.DiagError, check: checkNonKeyCondition}

func checkNonKeyCondition(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		ix := p.Index
		if ix == nil {
			continue
		}
		names := keyNames(ix.KeyAttrs())
		for _, c := range p.Conditions {
			if _, ok := ix.KeyAttr(c.Attr); ok {
				continue
			}
			diags = append(diags, r.report(c.Range, "Condition on a non-key attribute",
				"Access pattern %q has a key condition on %q, which is not a key attribute of %s (its keys: %s).%s "+
					"Condition only key attributes in the key block; to narrow results by another attribute, use filter (it does not reduce read cost) or an index keyed on it.",
				p.Name, c.Attr, displayIndex(ix), quoteList(names), diag.DidYouMean(c.Attr, names)))
		}
	}
	return diags
}

package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"

	"github.com/tfdyn/tfdyn/hclschema"
)

// CodeSortKeyOrder (TD104): conditions on a multi-attribute sort key skip an
// attribute or follow an inequality.
const CodeSortKeyOrder diag.Code = "TD104"

var ruleSortKeyOrder = &rule{code: CodeSortKeyOrder, name: "sort-key-condition-order", severity: hcl.DiagError, check: checkSortKeyOrder}

func checkSortKeyOrder(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		ix := p.Index
		if ix == nil || len(ix.SortKey) < 2 || p.Incomplete {
			continue
		}
		missing := ""    // first sort attribute without a condition
		inequality := "" // first sort attribute with an inequality
		for _, k := range ix.SortKey {
			c := p.Condition(k.Name)
			switch {
			case c == nil:
				if missing == "" {
					missing = k.Name
				}
			case missing != "":
				diags = append(diags, r.report(c.Range, "Sort key attribute skipped",
					"Access pattern %q has a condition on sort key attribute %q of %s but none on %q, which comes before it; "+
						"sort attributes are used left to right without gaps. Add a condition on %q, or drop the one on %q.",
					p.Name, k.Name, displayIndex(ix), missing, missing, k.Name))
			case inequality != "":
				diags = append(diags, r.report(c.Range, "Condition after an inequality",
					"Access pattern %q has a condition on sort key attribute %q of %s after the %s condition on %q; "+
						"only the last sort attribute used may have an inequality (begins_with, between, <, <=, >, >=). "+
						"Compare %q by equality, or drop the condition on %q.",
					p.Name, k.Name, displayIndex(ix), inequalityName(p.Condition(inequality)), inequality, inequality, k.Name))
			default:
				if c.Op != hclschema.OpEq {
					inequality = k.Name
				}
			}
		}
	}
	return diags
}

func inequalityName(c *hclschema.Condition) string {
	if c == nil {
		return "inequality"
	}
	return string(c.Op)
}

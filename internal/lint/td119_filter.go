package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeFilter (TD119): an access pattern uses a filter, which DynamoDB applies
// after reading: filtered-out items still cost read capacity and count
// toward limit.
const CodeFilter diag.Code = "TD119"

var ruleFilter = &rule{code: CodeFilter, name: "filter-expression", severity: hcl.DiagWarning, check: checkFilter}

func checkFilter(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		if p.Filter == nil {
			continue
		}
		diags = append(diags, r.report(p.Filter.Range(), "Filter does not reduce read cost",
			"Access pattern %q filters its results; DynamoDB applies the filter after reading, so filtered-out items still consume read capacity, "+
				"count toward limit (a page can come back short or empty while more items remain), and the pattern is a Query, never a GetItem. "+
				"If the filter is selective, move the condition into a key: a sort key prefix or a sparse index (index block with when).",
			p.Name))
	}
	return diags
}

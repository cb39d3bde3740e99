package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeIndexWithoutPatterns (TD116): no access pattern reads a secondary index.
const CodeIndexWithoutPatterns diag.Code = "TD116"

var ruleIndexWithoutPatterns = &rule{code: CodeIndexWithoutPatterns, name: "index-without-patterns", severity: hcl.DiagWarning, check: checkIndexWithoutPatterns}

func checkIndexWithoutPatterns(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	if a.s.PatternsIncomplete {
		return nil // the pattern that failed to load may read the index
	}
	for _, t := range a.s.Tables {
		for _, ix := range indexes(t) {
			if ix == t.Primary || len(a.patternsOf[ix]) > 0 {
				continue
			}
			diags = append(diags, r.report(ix.DeclRange, "Index without access patterns",
				"No access pattern reads %s of table %q; every write to an indexed item pays for the index anyway. "+
					"Declare the access pattern that needs it (index = %q), or remove the index.",
				displayIndex(ix), t.Label, ix.Name))
		}
	}
	return diags
}

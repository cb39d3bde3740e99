package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeEntityWithoutExamples (TD121): an entity has no example item, so the
// collision proofs (TD112), the documentation and verify have no data for it.
const CodeEntityWithoutExamples diag.Code = "TD121"

var ruleEntityWithoutExamples = &rule{code: CodeEntityWithoutExamples, name: "entity-without-examples", severity: hcl.DiagWarning, check: checkEntityWithoutExamples}

func checkEntityWithoutExamples(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, e := range a.s.Entities {
		if e == nil || e.Table == nil || len(e.Examples) > 0 || e.Incomplete {
			continue // an incomplete entity's examples are not kept
		}
		diags = append(diags, r.report(e.DeclRange, "Entity without examples",
			"Entity %q has no example block, so lint cannot prove key collisions with its items and verify cannot seed it. "+
				"Add an example { ... } block with a realistic item.",
			e.Name))
	}
	return diags
}

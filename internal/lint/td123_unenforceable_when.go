package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeUnenforceableWhen (TD123): an index block has a sparse condition but no
// key template, so the condition cannot keep items out of the index.
const CodeUnenforceableWhen diag.Code = "TD123"

var ruleUnenforceableWhen = &rule{code: CodeUnenforceableWhen, name: "unenforceable-sparse-condition", severity: hcl.DiagError, check: checkUnenforceableWhen}

func checkUnenforceableWhen(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, e := range a.s.Entities {
		if e == nil || e.Incomplete {
			continue // a template of the block may have failed to load
		}
		for _, ei := range e.Indexes {
			if ei == nil || ei.When == nil || len(ei.Templates) > 0 || ei.Index == nil {
				continue
			}
			diags = append(diags, r.report(ei.When.Range(), "Sparse condition cannot be enforced",
				"The index %q block of entity %q has a when condition, but every key attribute of %s comes from the entity's own attributes or its table key, "+
					"which are written whatever the condition says; DynamoDB indexes an item as soon as its key attributes are present, so the condition has no effect. "+
					"Give the index a key attribute the entity writes through a template in this block (for example %s = \"...\"), or remove when.",
				ei.Index.Name, e.Name, displayIndex(ei.Index), firstKey(ei.Index.PartitionKey)))
		}
	}
	return diags
}

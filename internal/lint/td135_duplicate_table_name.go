package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeDuplicateTableName (TD135): two tables of the schema have the same
// DynamoDB table name (a `name` argument, or the label without one).
const CodeDuplicateTableName diag.Code = "TD135"

var ruleDuplicateTableName = &rule{code: CodeDuplicateTableName, name: "duplicate-table-name", severity: hcl.DiagError, check: checkDuplicateTableName}

func checkDuplicateTableName(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	first := map[string]string{} // DynamoDB name -> label of the first table
	for _, t := range a.s.Tables {
		if t == nil || t.Name == "" {
			continue
		}
		prev, dup := first[t.Name]
		if !dup {
			first[t.Name] = t.Label
			continue
		}
		rng := argRange(t.ArgRanges, "name", orRange(t.LabelRange, t.DeclRange))
		diags = append(diags, r.report(rng, "Duplicate table name",
			"Tables %q and %q are both named %q in DynamoDB; table names are unique per account and region, so the second CreateTable fails (ResourceInUseException). "+
				"Give table %q another name.",
			prev, t.Label, shortName(t.Name), t.Label))
	}
	return diags
}

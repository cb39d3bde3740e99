package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"

	"github.com/tfdyn/tfdyn/hclschema"
)

// CodePartitionNotEquality (TD102): a partition key attribute of the index is
// missing from the key conditions or not compared by equality.
const CodePartitionNotEquality diag.Code = "TD102"

var rulePartitionNotEquality = &rule{code: CodePartitionNotEquality, name: "partition-key-not-equality", severity: hcl.DiagError, check: checkPartitionNotEquality}

func checkPartitionNotEquality(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		ix := p.Index
		if ix == nil || p.Incomplete {
			continue // an incomplete pattern's conditions failed to load
		}
		var missing []string
		any := false
		for _, k := range ix.PartitionKey {
			c := p.Condition(k.Name)
			if c == nil {
				missing = append(missing, k.Name)
				continue
			}
			any = true
			if c.Op != hclschema.OpEq {
				diags = append(diags, r.report(c.Range, "Partition key not compared by equality",
					"Access pattern %q uses %s on %q, a partition key attribute of %s; DynamoDB queries a partition key by equality only. "+
						"Write %s = <value>, and move range conditions to a sort key attribute.",
					p.Name, c.Op, k.Name, displayIndex(ix), k.Name))
			}
		}
		if any && len(missing) > 0 { // with no partition condition at all, TD101 reports
			diags = append(diags, r.report(orRange(p.KeyRange, p.DeclRange), "Partition key attribute missing",
				"Access pattern %q has no condition on %s, partition key attribute(s) of %s; every partition attribute needs an equality condition "+
					"(DynamoDB: \"HASH key attributes must have equality conditions\"). Add %s to the key block.",
				p.Name, quoteList(missing), displayIndex(ix), exampleEqNames(missing)))
		}
	}
	return diags
}

func exampleEqNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n + " = ..."
	}
	return out
}

package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeIndexLimit (TD114): a table declares more than 20 GSIs or more than 5
// LSIs.
const CodeIndexLimit diag.Code = "TD114"

var ruleIndexLimit = &rule{code: CodeIndexLimit, name: "index-limit", severity: hcl.DiagError, check: checkIndexLimit}

// DynamoDB limits per table.
const (
	maxGSIs = 20
	maxLSIs = 5
)

func checkIndexLimit(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, t := range a.s.Tables {
		if len(t.GSIs) > maxGSIs && t.GSIs[maxGSIs] != nil {
			diags = append(diags, r.report(t.GSIs[maxGSIs].DeclRange, "Too many global secondary indexes",
				"Table %q declares %d global secondary indexes; DynamoDB allows %d per table (a default quota), so CreateTable fails from %q on. "+
					"Remove indexes, or share one GSI between entities with overloaded keys (GSI1PK/GSI1SK written by several entities).",
				t.Label, len(t.GSIs), maxGSIs, t.GSIs[maxGSIs].Name))
		}
		if len(t.LSIs) > maxLSIs && t.LSIs[maxLSIs] != nil {
			diags = append(diags, r.report(t.LSIs[maxLSIs].DeclRange, "Too many local secondary indexes",
				"Table %q declares %d local secondary indexes; DynamoDB allows %d per table, a hard limit, so CreateTable fails from %q on. "+
					"Remove LSIs, or use a GSI instead.",
				t.Label, len(t.LSIs), maxLSIs, t.LSIs[maxLSIs].Name))
		}
	}
	return diags
}

package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"

	"github.com/tfdyn/tfdyn/hclschema"
)

// CodeScanRequired (TD101): an access pattern has no condition on the
// partition key of its index, so only a Scan could serve it.
const CodeScanRequired diag.Code = "TD101"

var ruleScanRequired = &rule{code: CodeScanRequired, name: "scan-required", severity: hcl.DiagError, check: checkScanRequired}

func checkScanRequired(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		ix := p.Index
		if ix == nil || len(ix.PartitionKey) == 0 || p.Incomplete {
			continue // an incomplete pattern's conditions failed to load
		}
		found := false
		for _, k := range ix.PartitionKey {
			if p.Condition(k.Name) != nil {
				found = true
			}
		}
		if found {
			continue
		}
		diags = append(diags, r.report(orRange(p.KeyRange, p.DeclRange), "Access pattern needs a Scan",
			"Access pattern %q has no condition on the partition key %s of %s, so DynamoDB could only serve it with a Scan, which tfdyn never plans. "+
				"Add %s to the key block with an equality condition, or read another index whose partition key the caller knows.",
			p.Name, quoteList(keyNames(ix.PartitionKey)), displayIndex(ix), exampleEq(ix.PartitionKey)))
	}
	return diags
}

// displayIndex names an index for details: "the table" or "GSI \"NAME\"".
func displayIndex(ix *hclschema.Index) string {
	if ix.Kind == hclschema.IndexPrimary {
		return "the table"
	}
	return ix.Kind.String() + " " + quote(ix.Name)
}

// exampleEq shows equality conditions for key attributes: PK = "...".
func exampleEq(ks []hclschema.KeyAttr) string {
	out := ""
	for i, k := range ks {
		if i > 0 {
			out += ", "
		}
		out += k.Name + " = ..."
	}
	return out
}

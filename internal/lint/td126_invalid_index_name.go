package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeInvalidIndexName (TD126): a GSI or LSI label, which is the DynamoDB
// index name, is not 3 to 255 characters of a-z, A-Z, 0-9, "_", "-" and ".".
const CodeInvalidIndexName diag.Code = "TD126"

var ruleInvalidIndexName = &rule{code: CodeInvalidIndexName, name: "invalid-index-name", severity: hcl.DiagError, check: checkInvalidIndexName}

func checkInvalidIndexName(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, t := range a.s.Tables {
		if t == nil {
			continue
		}
		for _, ix := range indexes(t) {
			if ix == nil || ix.Kind == hclschema.IndexPrimary || validDynamoName(ix.Name) {
				continue
			}
			diags = append(diags, r.report(orRange(ix.LabelRange, ix.DeclRange), "Invalid index name",
				"The label of %s %q is its DynamoDB index name, and %q %s: CreateTable fails with a ValidationException. "+
					"Rename the index to 3 to 255 characters of a-z, A-Z, 0-9, \"_\", \"-\" and \".\" (and the references to it).",
				ix.Kind, ix.Name, ix.Name, dynamoNameProblem(ix.Name)))
		}
	}
	return diags
}

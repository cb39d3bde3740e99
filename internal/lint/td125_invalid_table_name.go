package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeInvalidTableName (TD125): a table without a `name` argument is named
// after its label, and the label is not a valid DynamoDB table name (3 to
// 255 characters of a-z, A-Z, 0-9, "_", "-" and "."). An explicit `name` is
// checked by the loader (TD002).
const CodeInvalidTableName diag.Code = "TD125"

var ruleInvalidTableName = &rule{code: CodeInvalidTableName, name: "invalid-table-name", severity: hcl.DiagError, check: checkInvalidTableName}

func checkInvalidTableName(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, t := range a.s.Tables {
		if t == nil || hasArg(t.ArgRanges, "name") || validDynamoName(t.Name) {
			continue
		}
		diags = append(diags, r.report(orRange(t.LabelRange, t.DeclRange), "Invalid table name",
			"Table %q has no name argument, so its label is the DynamoDB table name, and %q %s: CreateTable fails with a ValidationException. "+
				"Add name = \"...\" with 3 to 255 characters of a-z, A-Z, 0-9, \"_\", \"-\" and \".\", or rename the label.",
			t.Label, t.Name, dynamoNameProblem(t.Name)))
	}
	return diags
}

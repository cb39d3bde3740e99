package lint

import (
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/emit"
)

// CodeTerraformNameCase (TD156): a table label with upper-case letters,
// which tfdyn emit's names carry into Terraform
// (var.dynamodb_OnlineShop_table_name), where names are lower-case by
// convention. A hint: the DynamoDB table name is not concerned.
const CodeTerraformNameCase diag.Code = "TD156"

var ruleTerraformNameCase = &rule{code: CodeTerraformNameCase, name: "terraform-name-case", severity: hcl.DiagWarning, check: checkTerraformNameCase}

func checkTerraformNameCase(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, t := range a.s.Tables {
		if t == nil || strings.ToLower(t.Label) == t.Label {
			continue
		}
		n := emit.NamesFor(t, emit.Options{})
		label := emit.SnakeCase(t.Label)
		renamed := emit.NamesFor(&hclschema.Table{Label: label}, emit.Options{})
		diags = append(diags, r.report(t.LabelRange, "Table label not lower-case",
			"Table %q has upper-case letters in its label, and tfdyn emit names its Terraform after the label: %s, var.%s, output.%s. "+
				"Terraform names are lower-case with underscores by convention. Rename the label to %q (and table.%s references with it); "+
				"the DynamoDB table name (name = ...) does not change. For a table already applied, add "+
				"moved { from = %s, to = %s } so that Terraform moves it instead of replacing it. "+
				"Or keep the label and accept this finding with a reason.",
			t.Label, n.Resource, n.TableNameVar, n.TableARNOutput, label, t.Label, n.Resource, renamed.Resource))
	}
	return diags
}

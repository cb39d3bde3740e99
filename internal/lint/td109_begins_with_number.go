package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"

	"github.com/tfdyn/tfdyn/hclschema"
)

// CodeBeginsWithNumber (TD109): begins_with on a number key attribute;
// DynamoDB applies begins_with to strings and binary values only.
const CodeBeginsWithNumber diag.Code = "TD109"

var ruleBeginsWithNumber = &rule{code: CodeBeginsWithNumber, name: "begins-with-on-number", severity: hcl.DiagError, check: checkBeginsWithNumber}

func checkBeginsWithNumber(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		if p.Index == nil {
			continue
		}
		for _, c := range p.Conditions {
			k, ok := p.Index.KeyAttr(c.Attr)
			if !ok || c.Op != hclschema.OpBeginsWith || k.Type == hclschema.TypeS || k.Type == hclschema.TypeB {
				continue
			}
			diags = append(diags, r.report(c.Range, "begins_with on a number key",
				"Access pattern %q uses begins_with on %q, which is %s; DynamoDB applies begins_with to S and B keys only. "+
					"Use between(low, high) or >= and < for a numeric range, or make %q a string key.",
				p.Name, c.Attr, typeName(k.Type), c.Attr))
		}
	}
	return diags
}

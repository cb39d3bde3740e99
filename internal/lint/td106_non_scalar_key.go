package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeNonScalarKey (TD106): an entity attribute used as a key attribute has a
// type that is not a string or a number (bool, list, map, object).
const CodeNonScalarKey diag.Code = "TD106"

var ruleNonScalarKey = &rule{code: CodeNonScalarKey, name: "non-scalar-key-attribute", severity: hcl.DiagError, check: checkNonScalarKey}

func checkNonScalarKey(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, t := range a.s.Tables {
		keys := tableKeyNames(t)
		for _, e := range t.Entities {
			for _, at := range e.Attributes {
				ix, ok := keys[at.Name]
				if !ok || at.DynamoType() != "" {
					continue
				}
				diags = append(diags, r.report(at.TypeRange, "Key attribute of non-scalar type",
					"Attribute %q of entity %q is %s, but %q is a key attribute of %s, and key attributes must be strings or numbers. "+
						"Change its type to string or number, or rename the attribute and derive the key with a template.",
					at.Name, e.Name, at.Type.FriendlyName(), at.Name, displayIndex(ix)))
			}
		}
	}
	return diags
}

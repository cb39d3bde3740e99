package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"

	"github.com/tfdyn/tfdyn/hclschema"
)

// CodeMultiAttributeKeyLimits (TD105): a GSI key has more than 4 partition or
// 4 sort attributes, or the table or an LSI has a multi-attribute key.
const CodeMultiAttributeKeyLimits diag.Code = "TD105"

var ruleMultiAttributeKeyLimits = &rule{code: CodeMultiAttributeKeyLimits, name: "multi-attribute-key-limits", severity: hcl.DiagError, check: checkMultiAttributeKeyLimits}

// maxKeyParts is the most attributes a GSI partition or sort key can have.
const maxKeyParts = 4

func checkMultiAttributeKeyLimits(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, t := range a.s.Tables {
		for _, ix := range indexes(t) {
			for _, part := range []struct {
				what string
				keys []hclschema.KeyAttr
			}{{"partition", ix.PartitionKey}, {"sort", ix.SortKey}} {
				if ix.Kind == hclschema.IndexGlobal {
					if len(part.keys) > maxKeyParts {
						diags = append(diags, r.report(part.keys[maxKeyParts].Range, "Too many key attributes",
							"The %s key of %s lists %d attributes; a multi-attribute GSI key has at most %d partition and %d sort attributes. "+
								"Remove %q and the attributes after it, or combine attributes into one with a key template.",
							part.what, displayIndex(ix), len(part.keys), maxKeyParts, maxKeyParts, part.keys[maxKeyParts].Name))
					}
					continue
				}
				if ix.Kind == hclschema.IndexLocal && part.what == "partition" {
					continue // an LSI copies the table's partition key
				}
				if len(part.keys) > 1 {
					diags = append(diags, r.report(part.keys[1].Range, "Multi-attribute key outside a GSI",
						"The %s key of %s lists %d attributes; only global secondary indexes support multi-attribute keys, the table and its LSIs take one attribute per key. "+
							"Keep only %q, and compute a composite value with a key template such as \"${a}#${b}\".",
						part.what, displayIndex(ix), len(part.keys), part.keys[0].Name))
				}
			}
		}
	}
	return diags
}

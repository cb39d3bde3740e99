package lint

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeNotProjected (TD117): an access pattern reads an attribute (or a part
// of one: Detail.Payments) that its index does not project.
const CodeNotProjected diag.Code = "TD117"

var ruleNotProjected = &rule{code: CodeNotProjected, name: "attribute-not-projected", severity: hcl.DiagError, check: checkNotProjected}

func checkNotProjected(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		ix := p.Index
		if ix == nil || ix.Table == nil || len(p.Attributes) == 0 {
			continue
		}
		ranges, ok := p.AttributeRanges, len(p.AttributeRanges) == len(p.Attributes)
		for i, name := range p.Attributes {
			root := name
			if i < len(p.AttributePaths) {
				root = p.AttributePaths[i].Attr() // a part of a document: its attribute
			}
			if ix.Table.Primary == nil || ix.Projects(root) {
				continue
			}
			rng := p.AttributesRange
			if ok {
				rng = ranges[i]
			}
			of := ""
			if root != name {
				of = fmt.Sprintf(" (a part of %q)", root)
			}
			diags = append(diags, r.report(rng, "Attribute not projected",
				"Access pattern %q reads %q%s, but %s projects %s and does not include it, so the query returns items without it. "+
					"Add %q to the index's include list (projection = \"INCLUDE\"), project ALL, or fetch the item from the table with GetItem.",
				p.Name, name, of, displayIndex(ix), ix.Projection, root))
		}
	}
	return diags
}

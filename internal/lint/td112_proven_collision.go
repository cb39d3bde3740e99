package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeProvenCollision (TD112): an example item of an entity the access
// pattern does not declare matches the pattern's key conditions.
const CodeProvenCollision diag.Code = "TD112"

var ruleProvenCollision = &rule{code: CodeProvenCollision, name: "proven-collision", severity: hcl.DiagError, check: checkProvenCollision}

func checkProvenCollision(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, c := range a.collisions() {
		if c.proof == nil {
			continue
		}
		pr := c.proof
		diags = append(diags, r.report(c.subject, "Key condition matches another entity",
			"Access pattern %q reads %s with %s, and does not return entity %q, which writes %s. "+
				"Proven with example: the example %s at %s has %s and matches these conditions with inputs %s (from %s), so the query returns it. "+
				"Add entity.%s to the pattern's entities if it should return such items; otherwise make the key prefixes distinct, for example by ending the prefix of the condition with a separator such as \"#\".%s",
			c.p.Name, displayIndex(c.p.Index), a.describeConditions(c.p), c.e.Name, a.describeWriters(c.p, c.e),
			pr.item.ex.Name(), pr.item.ex.DeclRange, describeValues(pr.item.item.Attrs, keyNames(c.p.Index.KeyAttrs())),
			describeValues(pr.inputs.values, nil), pr.inputs.from, c.e.Name, c.moreText()))
	}
	return diags
}

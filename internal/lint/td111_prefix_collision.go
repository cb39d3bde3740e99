package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodePrefixCollision (TD111): by the literal prefixes of the key templates,
// an access pattern's key conditions can also match items of an entity the
// pattern does not declare.
const CodePrefixCollision diag.Code = "TD111"

var rulePrefixCollision = &rule{code: CodePrefixCollision, name: "prefix-collision", severity: hcl.DiagWarning, check: checkPrefixCollision}

func checkPrefixCollision(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, c := range a.collisions() {
		if c.proof != nil || !c.overlap {
			continue // proven collisions are TD112
		}
		diags = append(diags, r.report(c.subject, "Key condition can match another entity",
			"Access pattern %q reads %s with %s. Entity %q, which the pattern does not return, is in the same index and writes %s: "+
				"by their literal prefixes these keys can satisfy the conditions, so the query can return %q items too. "+
				"Add entity.%s to the pattern's entities if it should return them; otherwise make the prefixes distinct, for example by ending the prefix of the condition with a separator such as \"#\".%s",
			c.p.Name, displayIndex(c.p.Index), a.describeConditions(c.p), c.e.Name, a.describeWriters(c.p, c.e), c.e.Name, c.e.Name, c.moreText()))
	}
	return diags
}

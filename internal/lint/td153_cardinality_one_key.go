package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeCardinalityOneKey (TD153): an access pattern declared with
// cardinality = "one" whose key condition cannot guarantee at most one
// item: the attributes it fixes by equality are neither everything the
// entity's primary key is computed from nor an attribute the entity
// declares unique (hclschema.AccessPattern.IdentifiesOne).
const CodeCardinalityOneKey diag.Code = "TD153"

var ruleCardinalityOneKey = &rule{code: CodeCardinalityOneKey, name: "cardinality-one-key", severity: hcl.DiagError, check: checkCardinalityOneKey}

func checkCardinalityOneKey(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		if p == nil || p.Incomplete || p.Cardinality != hclschema.CardinalityOne || p.Table == nil || p.Index == nil {
			continue
		}
		for _, e := range p.Entities {
			if e == nil || e.Incomplete || p.IdentifiesOne(e, e.DeclaredUnique()) {
				continue
			}
			fixed := "no attribute of it"
			if f := p.FixedAttrs(e); len(f) > 0 {
				fixed = quoteList(f)
			}
			hint, normalised := "", ""
			if f := p.FixedAttrs(e); len(f) == 1 && e.Attribute(f[0]) != nil && e.Attribute(f[0]).DynamoType() != "" {
				hint = " (unique = [\"" + f[0] + "\"])"
				if x := p.FixedExprs(e); len(x) == 1 {
					// The key fixes a normalised value (lower(email)): a
					// guard on the raw value lets two values that differ
					// only by the normalisation through, and they share
					// the key.
					hint = " (unique = [" + x[0] + "])"
					normalised = "The key holds " + x[0] + ", not " + quoteList(f) + " as it is: "
					if e.DeclaredUnique()(f[0]) {
						normalised += "unique = [\"" + f[0] + "\"] guards the raw value, so two values that differ only by " + x[0] + " both pass the guard and then share this key. "
					} else {
						normalised += "a unique value must be declared with the same normalisation. "
					}
				}
			}
			diags = append(diags, r.report(p.CardinalityRange, "Lookup key not unique",
				"Access pattern %q is declared cardinality = \"one\", but its key condition fixes only %s of entity %q by equality. "+
					"A key identifies one item only when it fixes %s or a value the entity declares unique; two items can share this one. %s"+
					"Declare the value unique on the entity%s, which adds the guard item that enforces it, "+
					"key the lookup on the primary key, or declare cardinality = \"many\".",
				p.Name, fixed, e.Name, primaryPhrase(e), normalised, hint))
			break // one finding per pattern
		}
	}
	return diags
}

// primaryPhrase names what e's primary key is computed from.
func primaryPhrase(e *hclschema.Entity) string {
	names := e.KeyNames()
	if len(names) == 1 {
		return quoteList(names) + " (what its primary key is computed from)"
	}
	return "all of " + quoteList(names) + " (what its primary key is computed from)"
}

package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeUnknownReadAttribute (TD118): an access pattern's attributes list names
// an attribute that no result entity has and that is not a key attribute.
const CodeUnknownReadAttribute diag.Code = "TD118"

var ruleUnknownReadAttribute = &rule{code: CodeUnknownReadAttribute, name: "unknown-read-attribute", severity: hcl.DiagError, check: checkUnknownReadAttribute}

func checkUnknownReadAttribute(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		if p.Table == nil || len(p.Attributes) == 0 || anyIncomplete(p.Entities) {
			continue // an attribute that failed to load is not unknown
		}
		known := map[string]bool{}
		var cands []string
		for _, e := range p.Entities {
			for _, n := range e.StoredNames() {
				if !known[n] {
					known[n] = true
					cands = append(cands, n)
				}
			}
		}
		for n := range tableKeyNames(p.Table) {
			if !known[n] {
				known[n] = true
				cands = append(cands, n)
			}
		}
		ranges, ok := p.AttributeRanges, len(p.AttributeRanges) == len(p.Attributes)
		for i, name := range p.Attributes {
			if known[name] {
				continue
			}
			rng := p.AttributesRange
			if ok {
				rng = ranges[i]
			}
			diags = append(diags, r.report(rng, "Unknown attribute",
				"Access pattern %q reads %q, which is neither an attribute of %s nor a key attribute of table %q.%s "+
					"Fix the name or remove it from attributes.",
				p.Name, name, entityList(p.Entities), p.Table.Label, diag.DidYouMean(name, sortedCopy(cands))))
		}
	}
	return diags
}

package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeConditionNeverMatches (TD124): a key condition of an access pattern
// can never match the keys that one of its own entities writes, so the
// pattern never returns that entity (a wrong index, a wrong prefix).
const CodeConditionNeverMatches diag.Code = "TD124"

var ruleConditionNeverMatches = &rule{code: CodeConditionNeverMatches, name: "condition-never-matches", severity: hcl.DiagError, check: checkConditionNeverMatches}

func checkConditionNeverMatches(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		ix := p.Index
		if ix == nil || p.Incomplete {
			continue
		}
		for _, e := range p.Entities {
			if e == nil || e.Incomplete || e.Table != ix.Table || !a.inIndex(e, ix) {
				continue // TD120 reports entities that are never in the index
			}
			for _, c := range p.Conditions {
				if _, ok := ix.KeyAttr(c.Attr); !ok {
					continue
				}
				ent, ok := a.writerSet(e, ix, c.Attr)
				if !ok || !ent.evidence() {
					continue
				}
				// Only what the literals prove: an operand built from inputs
				// alone ("any value") can match anything.
				args := make([]valueSet, len(c.Args))
				proven := true
				for i, arg := range c.Args {
					args[i] = setOf(arg)
					proven = proven && args[i].evidence()
				}
				if !proven || mayOverlap(ent, c.Op, args) {
					continue
				}
				w, _ := e.KeyWriterFor(ix, c.Attr)
				written := quote(c.Attr)
				if w.Template != nil {
					written = w.Template.Expr.Text
				}
				diags = append(diags, r.report(c.Range, "Key condition never matches its entity",
					"In access pattern %q, the condition on %q can never match items of entity %q: the entity writes %s as %s (%s), which the condition excludes. The pattern returns no %s items. Fix the condition, or read the index where %s writes a matching key.",
					p.Name, c.Attr, e.Name, c.Attr, written, ent.String(), e.Name, e.Name))
				break
			}
		}
	}
	return diags
}

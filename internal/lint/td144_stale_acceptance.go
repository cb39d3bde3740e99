package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeStaleAcceptance (TD144): an `accept` block matches no finding: the
// finding it accepted is gone (or never was), and the acceptance would
// silently accept a future one.
const CodeStaleAcceptance diag.Code = "TD144"

var ruleStaleAcceptance = &rule{code: CodeStaleAcceptance, name: "stale-acceptance", severity: hcl.DiagError}

// The check runs the other rules, which Rules lists with this one: it is
// set at init to break the initialization cycle.
func init() { ruleStaleAcceptance.check = checkStaleAcceptance }

func checkStaleAcceptance(r *rule, a *analysis) hcl.Diagnostics {
	_, stale := applyAccepts(r, a.s, findingsOf(a))
	return stale
}

// findingsOf runs every rule but TD144.
func findingsOf(a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, r := range Rules() {
		rr := r.(*rule)
		if rr.code == CodeStaleAcceptance {
			continue
		}
		diags = append(diags, rr.check(rr, a)...)
	}
	return diags
}

// applyAccepts removes the findings the schema's `accept` blocks accept (the
// code matches and the finding lies in the target's block) and returns the
// rest, and a TD144 finding (reported by r) for every acceptance that
// matches none.
func applyAccepts(r *rule, s *hclschema.Schema, diags hcl.Diagnostics) (kept, stale hcl.Diagnostics) {
	accepts := s.Accepts()
	if len(accepts) == 0 {
		return diags, nil
	}
	used := make([]bool, len(accepts))
	for _, d := range diags {
		accepted := false
		for i, x := range accepts {
			if string(diag.CodeOf(d)) != x.Code || d.Subject == nil {
				continue
			}
			block, ok := s.BlockRange(x.Target)
			if ok && block.Filename == d.Subject.Filename && block.Start.Byte <= d.Subject.Start.Byte && d.Subject.End.Byte <= block.End.Byte {
				used[i], accepted = true, true
			}
		}
		if !accepted {
			kept = append(kept, d)
		}
	}
	for i, x := range accepts {
		if used[i] {
			continue
		}
		stale = append(stale, r.report(x.CodeRange, "Acceptance matches no finding",
			"The acceptance of %s on %s (reason: %q) matches no finding: the finding is gone or lies elsewhere. Remove the accept block, or point its target at the block that has the finding.",
			x.Code, x.Target, x.Reason))
	}
	return kept, stale
}

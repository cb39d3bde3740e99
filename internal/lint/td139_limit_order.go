package lint

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// CodeLimitOrder (TD139): a pattern with a limit (a "latest" or "top N"
// read) keeps other items than the first ones by the sort attributes' own
// values, proven with the example items: the limit cuts the string order
// of unpadded numbers.
const CodeLimitOrder diag.Code = "TD139"

var ruleLimitOrder = &rule{code: CodeLimitOrder, name: "limit-keeps-wrong-items", severity: hcl.DiagError, check: checkLimitOrder}

func checkLimitOrder(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		if p == nil || p.Incomplete || p.Limit <= 0 || p.Table == nil || p.Index == nil || len(p.Index.SortKey) == 0 || a.tableIncomplete(p.Table) {
			continue
		}
		namer := oracle.NewNamer(p.Table)
		for _, set := range a.inputSets(p) {
			b, err := hclschema.Bind(p, set.values)
			if err != nil {
				continue
			}
			kept, missed, bad := oracle.LimitViolation(b, p.Table.ExampleCandidates(b))
			if !bad {
				continue
			}
			rng := orRange(p.LimitRange, p.DeclRange)
			order := "ascending"
			if p.Descending {
				order = "descending"
			}
			diags = append(diags, r.report(rng, "Limit keeps the wrong items",
				"Access pattern %q reads %d item(s) in %s order. With inputs %s (from %s) it keeps %s and leaves out %s, which comes first by the sort key's own values, %s against %s: %s. "+
					"Pad numbers in the sort key to a fixed width (format(\"%%010d\", n)) or use a number sort key.",
				p.Name, p.Limit, order, InputsString(set.values), set.from, namer.Name(kept), namer.Name(missed),
				tuple(oracle.IntendedSortKey(missed, p.Index)), tuple(oracle.IntendedSortKey(kept, p.Index)),
				oracle.OrderReason(p.Index, p.Descending, kept, missed, namer)))
			break // one finding per pattern
		}
	}
	return diags
}

// tuple renders an intended sort key: ("v", 10).
func tuple(vs []cty.Value) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = oracle.Render(v)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

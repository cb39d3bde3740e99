package lint

import (
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// CodeLimitCutsTie (TD158): an access pattern's limit ends the read inside
// a run of example items whose index sort keys are equal. DynamoDB leaves
// the order of equal sort keys unspecified, so which of them the read
// returns is not determined by the design (the oracle, verify and the
// generated contract tests accept any choice the limit allows).
const CodeLimitCutsTie diag.Code = "TD158"

var ruleLimitCutsTie = &rule{code: CodeLimitCutsTie, name: "limit-cuts-equal-sort-keys", severity: hcl.DiagWarning, check: checkLimitCutsTie}

func checkLimitCutsTie(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		if p == nil || p.Incomplete || p.Limit <= 0 || p.Table == nil || p.Index == nil || a.tableIncomplete(p.Table) {
			continue
		}
		for _, set := range a.inputSets(p) {
			b, err := hclschema.Bind(p, set.values)
			if err != nil {
				continue
			}
			res := oracle.Run(b, p.Table.ExampleCandidates(b))
			if res.Cut == nil {
				continue
			}
			namer := oracle.NewNamer(p.Table)
			run := make([]string, 0, len(res.Cut.Candidates))
			for _, it := range res.Cut.Candidates {
				run = append(run, namer.Name(it))
			}
			what := "their sort keys (" + sortKeyNames(p.Index) + ") are equal"
			if len(p.Index.SortKey) == 0 {
				what = p.Index.DisplayName() + " has no sort key, so a partition's items have no order"
			}
			filtered := ""
			if res.Cut.Dropped > 0 {
				filtered = " (and items the filter drops)"
			}
			diags = append(diags, r.report(orRange(p.LimitRange, p.DeclRange), "Limit ends inside items of equal sort key",
				"Access pattern %q reads %d item(s). With inputs %s (from %s) the limit ends the read inside a run of items whose order DynamoDB leaves unspecified: %s. "+
					"The read takes %d of them, any of %s%s, so which ones it returns can differ from one call, table or DynamoDB implementation to another. "+
					"Make the sort key unique among the items the pattern reads (a sort key template that ends in a unique attribute, such as \"${score}#${id}\"), raise the limit past the run, or accept the finding when any of them will do.",
				p.Name, p.Limit, InputsString(set.values), set.from, what, res.Cut.Take, strings.Join(run, ", "), filtered))
			break // one finding per pattern
		}
	}
	return diags
}

// sortKeyNames lists an index's sort key attributes: "score" or
// "round, bracket".
func sortKeyNames(ix *hclschema.Index) string {
	names := make([]string, len(ix.SortKey))
	for i, k := range ix.SortKey {
		names[i] = k.Name
	}
	return strings.Join(names, ", ")
}

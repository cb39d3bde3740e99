package lint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// CodeExpectedResult (TD136): an access pattern's input set declares what
// it returns (returns or returns_count), and the oracle, run over every
// example item of the table, returns something else.
const CodeExpectedResult diag.Code = "TD136"

var ruleExpectedResult = &rule{code: CodeExpectedResult, name: "expected-result", severity: hcl.DiagError, check: checkExpectedResult}

func checkExpectedResult(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		if p == nil || p.Incomplete || p.Table == nil || p.Index == nil || a.tableIncomplete(p.Table) {
			continue // a missing condition or example item would make the check wrong
		}
		all := p.Table.ExampleItems()
		var namer *oracle.Namer
		for _, x := range p.Examples {
			if x == nil || !x.HasExpectation() {
				continue
			}
			b, err := hclschema.Bind(p, x.Inputs)
			if err != nil {
				continue // TD108 and the loader report operands that do not bind
			}
			res := oracle.Run(b, p.Table.ExampleCandidates(b))
			if namer == nil {
				namer = oracle.NewNamer(p.Table)
			}
			msg := oracle.Mismatch(b, x, res, res.Items, all, namer)
			if msg == "" {
				continue
			}
			summary := "Access pattern does not return the expected items"
			if !x.HasReturns {
				summary = "Access pattern does not return the expected number of items"
			}
			diags = append(diags, r.report(x.ExpectationRange(), summary,
				"Access pattern %q with inputs %s, run over the example items of every entity: %s",
				p.Name, InputsString(x.Inputs), msg))
		}
	}
	return diags
}

// InputsString renders an input set: {doc = "readme", version = 2}.
func InputsString(in map[string]cty.Value) string {
	names := make([]string, 0, len(in))
	for n := range in {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s = %s", n, oracle.Render(in[n]))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// CodePrefixBoundary (TD154): a begins_with key condition ends with an
// input named like an attribute of the returned entity, nothing ends the
// value in the operand, and the example items prove that the prefix also
// matches items with a longer value ("ISSUE#1" reads issue 10's comments).
const CodePrefixBoundary diag.Code = oracle.CodePrefixBoundary

var rulePrefixBoundary = &rule{code: CodePrefixBoundary, name: "prefix-boundary", severity: hcl.DiagError, check: checkPrefixBoundary}

func checkPrefixBoundary(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		if p == nil || p.Incomplete || p.Table == nil || p.Index == nil || a.tableIncomplete(p.Table) {
			continue
		}
		all := p.Table.ExampleItems()
		for _, set := range a.inputSets(p) {
			b, err := hclschema.Bind(p, set.values)
			if err != nil {
				continue
			}
			bd, bad := oracle.PrefixBoundary(b, all)
			if !bad {
				continue
			}
			diags = append(diags, r.report(bd.Cond.Args[0].Range(), "Prefix matches longer values",
				"Access pattern %q with inputs %s (from %s): %s. "+
					"End the prefix with a delimiter (begins_with(\"...${%s}#\")), pad numbers to a fixed width, or use = when the pattern reads one value.",
				p.Name, InputsString(set.values), set.from, oracle.BoundaryReason(bd, set.values[bd.Attr], oracle.NewNamer(p.Table)), bd.Attr))
			break // one finding per pattern
		}
	}
	return diags
}

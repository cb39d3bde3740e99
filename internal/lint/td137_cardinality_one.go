package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// CodeCardinalityOne (TD137): an access pattern declared with
// cardinality = "one" returns more than one item for an input set, run
// over the example items of the table.
const CodeCardinalityOne diag.Code = "TD137"

var ruleCardinalityOne = &rule{code: CodeCardinalityOne, name: "cardinality-one", severity: hcl.DiagError, check: checkCardinalityOne}

func checkCardinalityOne(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		if p == nil || p.Incomplete || p.Cardinality != hclschema.CardinalityOne || p.Table == nil || p.Index == nil || a.tableIncomplete(p.Table) {
			continue
		}
		namer := oracle.NewNamer(p.Table)
		for _, set := range a.inputSets(p) {
			b, err := hclschema.Bind(p, set.values)
			if err != nil {
				continue
			}
			// Without the limit: limit = 1 hides a second item, it does
			// not make the key unique.
			limit := p.Limit
			p.Limit = 0
			res := oracle.Run(b, p.Table.ExampleCandidates(b))
			p.Limit = limit
			if len(res.Items) < 2 {
				continue
			}
			diags = append(diags, r.report(p.CardinalityRange, "Lookup returns more than one item",
				"Access pattern %q is declared cardinality = \"one\", but with inputs %s (from %s) its key matches %d items: %s. "+
					"Its key %s is not unique for these items: key the lookup on an attribute that is unique per item, "+
					"or declare cardinality = \"many\" if several items are meant.",
				p.Name, InputsString(set.values), set.from, len(res.Items), namer.NamesOf(res.Items), b.KeyConditionString(oracle.Render)))
			break // one finding per pattern: the first input set that shows it
		}
	}
	return diags
}

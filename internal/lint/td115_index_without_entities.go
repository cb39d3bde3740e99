package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeIndexWithoutEntities (TD115): no entity writes every key attribute of a
// secondary index, so the index stays empty.
const CodeIndexWithoutEntities diag.Code = "TD115"

var ruleIndexWithoutEntities = &rule{code: CodeIndexWithoutEntities, name: "index-without-entities", severity: hcl.DiagWarning, check: checkIndexWithoutEntities}

func checkIndexWithoutEntities(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, t := range a.s.Tables {
		if a.tableIncomplete(t) {
			continue // the entity that failed to load may write the index keys
		}
		for _, ix := range indexes(t) {
			if ix == t.Primary || len(a.members[ix]) > 0 {
				continue
			}
			diags = append(diags, r.report(ix.DeclRange, "Index without entities",
				"No entity of table %q writes every key attribute of %s (%s), so the index stays empty while it costs storage and a write per indexed item. "+
					"Add an index %q block to the entities it should hold, or remove the index.",
				t.Label, displayIndex(ix), quoteList(keyNames(ix.KeyAttrs())), ix.Name))
		}
	}
	return diags
}

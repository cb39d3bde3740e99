package lint

import (
	"sort"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeIncludeLimit (TD132): the INCLUDE projections of a table's secondary
// indexes list more than 100 non-key attributes in total (an attribute
// projected into two indexes counts twice).
const CodeIncludeLimit diag.Code = "TD132"

var ruleIncludeLimit = &rule{code: CodeIncludeLimit, name: "include-projection-limit", severity: hcl.DiagError, check: checkIncludeLimit}

func checkIncludeLimit(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, t := range a.s.Tables {
		if t == nil {
			continue
		}
		type entry struct {
			name string
			ix   *hclschema.Index
			rng  hcl.Range
		}
		var all []entry
		for _, ix := range indexes(t) {
			if ix.Kind == hclschema.IndexPrimary || ix.Projection != hclschema.ProjectInclude {
				continue
			}
			ranges, ok := ix.IncludeRanges, len(ix.IncludeRanges) == len(ix.Include)
			for i, n := range ix.Include {
				rng := ix.DeclRange
				if ok {
					rng = ranges[i]
				}
				all = append(all, entry{n, ix, rng})
			}
		}
		if len(all) <= maxIncludeAttrs {
			continue
		}
		sort.SliceStable(all, func(i, j int) bool {
			if all[i].rng.Filename != all[j].rng.Filename {
				return all[i].rng.Filename < all[j].rng.Filename
			}
			return all[i].rng.Start.Byte < all[j].rng.Start.Byte
		})
		over := all[maxIncludeAttrs]
		diags = append(diags, r.report(over.rng, "Too many projected attributes",
			"The INCLUDE projections of table %q list %d non-key attributes in total; DynamoDB allows %d summed over all secondary indexes (an attribute projected into two indexes counts twice), so CreateTable fails from %q of %s %q on. "+
				"Project ALL or KEYS_ONLY on some indexes, or include fewer attributes.",
			t.Label, len(all), maxIncludeAttrs, over.name, over.ix.Kind, over.ix.Name))
	}
	return diags
}

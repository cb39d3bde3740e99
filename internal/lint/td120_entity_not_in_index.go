package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"

	"github.com/tfdyn/tfdyn/hclschema"
)

// CodeEntityNotInIndex (TD120): an access pattern returns an entity whose
// items are never in the index it reads.
const CodeEntityNotInIndex diag.Code = "TD120"

var ruleEntityNotInIndex = &rule{code: CodeEntityNotInIndex, name: "entity-not-in-index", severity: hcl.DiagError, check: checkEntityNotInIndex}

func checkEntityNotInIndex(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		ix := p.Index
		if ix == nil || len(ix.PartitionKey) == 0 {
			continue
		}
		for _, e := range p.Entities {
			if e == nil || e.Incomplete || e.Table != ix.Table || a.inIndex(e, ix) {
				continue // an incomplete entity's templates failed to load
			}
			var missing []string
			for _, k := range ix.KeyAttrs() {
				if _, ok := e.KeyWriterFor(ix, k.Name); !ok {
					missing = append(missing, k.Name)
				}
			}
			fix := "Read the index that holds the entity"
			if ix.Kind != hclschema.IndexPrimary {
				fix = "Add an index " + quote(ix.Name) + " block with " + exampleEqNames(missing) + " to entity " + quote(e.Name) + ", or read another index"
			}
			diags = append(diags, r.report(entityRefRange(p, e), "Entity never in the index",
				"Access pattern %q reads %s for entity %q, but the entity never writes %s, so none of its items is in that index and the query always returns nothing for it. %s.",
				p.Name, displayIndex(ix), e.Name, quoteList(missing), fix))
		}
	}
	return diags
}

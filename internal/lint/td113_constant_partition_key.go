package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"

	"github.com/tfdyn/tfdyn/hclschema"
)

// CodeConstantPartitionKey (TD113): an entity's partition key template has no
// variables, so every item of the entity lands in one partition.
const CodeConstantPartitionKey diag.Code = "TD113"

var ruleConstantPartitionKey = &rule{code: CodeConstantPartitionKey, name: "constant-partition-key", severity: hcl.DiagWarning, check: checkConstantPartitionKey}

func checkConstantPartitionKey(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	seen := map[*hclschema.KeyTemplate]bool{}
	for _, t := range a.s.Tables {
		for _, ix := range indexes(t) {
			if ix.Kind == hclschema.IndexLocal {
				continue // an LSI shares the table's partition key
			}
			for _, e := range a.members[ix] {
				if singleton(e, ix) {
					continue
				}
				for _, k := range ix.PartitionKey {
					w, ok := e.KeyWriterFor(ix, k.Name)
					if !ok || w.Template == nil || w.Template.Expr == nil || len(w.Template.Expr.Names()) > 0 || seen[w.Template] {
						continue
					}
					seen[w.Template] = true
					diags = append(diags, r.report(w.Template.Expr.Range(), "Constant partition key",
						"Entity %q writes the same value %s to %q, the partition key of %s, so all its items share one partition: "+
							"a hot partition limited to about 1,000 writes and 3,000 reads per second. "+
							"Put an attribute into the template, or shard writes with a suffix such as \"%s#${shard}\" (a small number of shards queried in parallel).",
						e.Name, w.Template.Expr.Text, k.Name, displayIndex(ix), constText(w.Template)))
				}
			}
		}
	}
	return diags
}

// singleton reports whether every key attribute of ix is a constant template
// for e: the entity has one item in the index, which is deliberate.
func singleton(e *hclschema.Entity, ix *hclschema.Index) bool {
	for _, k := range ix.KeyAttrs() {
		w, ok := e.KeyWriterFor(ix, k.Name)
		if !ok || w.Template == nil || w.Template.Expr == nil || len(w.Template.Expr.Names()) > 0 {
			return false
		}
	}
	return true
}

func constText(tpl *hclschema.KeyTemplate) string {
	if s, ok := setOf(tpl.Expr).str(); ok {
		return s
	}
	return "VALUE"
}

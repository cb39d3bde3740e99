package lint

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeSparseFlip (TD151): an update changes an attribute a sparse index's
// `when` reads, but does not know what the writer needs to follow the
// flip: the other attributes of `when` (to tell whether the item is in the
// index afterwards), or, when the item can enter the index, the attributes
// its index key templates are computed from (to set the index keys).
const CodeSparseFlip diag.Code = "TD151"

var ruleSparseFlip = &rule{code: CodeSparseFlip, name: "sparse-condition-flipped", severity: hcl.DiagWarning, check: checkSparseFlip}

func checkSparseFlip(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, w := range a.writes() {
		wr := w.wr
		if wr.Op != hclschema.WriteUpdate {
			continue
		}
		e := wr.Entity
		f := factsOf(wr)
		for _, ei := range e.Indexes {
			if ei == nil || ei.Index == nil || ei.When == nil {
				continue
			}
			ix := ei.Index
			when := attrNames(e, ei.When.Names())
			n, rng, ok := f.firstChanged(when)
			if !ok {
				continue
			}
			if miss := f.unknown(when); len(miss) > 0 {
				diags = append(diags, r.report(rng, "Update can flip a sparse condition",
					"Write pattern %q changes %q, which the sparse condition of %s reads (when = %s), but the update does not know %s after it%s, so its writer cannot tell whether the item is in %s afterwards without reading it first. "+
						"A writer that guesses leaves the index keys of an item that no longer matches (reads of %s return it) or does not set them on an item that now matches (reads miss it). "+
						"Set %s in the update too, or pin %s with an equality in the condition.",
					w.wp.Name, n, ix.DisplayName(), ei.When.Text, quoteList(miss), addedNote(f, miss), ix.DisplayName(), ix.DisplayName(), quoteList(miss), quoteList(miss)))
				continue
			}
			if leaves(e, ei, f, when) {
				continue // the item leaves the index: removing its keys needs nothing more
			}
			var keyNames []string
			var keys []string
			for _, t := range ei.Templates {
				if t.Expr != nil {
					keyNames = append(keyNames, attrNames(e, t.Expr.Names())...)
					keys = append(keys, t.Attr)
				}
			}
			miss := f.unknown(keyNames)
			if len(miss) == 0 {
				continue
			}
			diags = append(diags, r.report(rng, "Update can flip a sparse condition",
				"Write pattern %q changes %q, which the sparse condition of %s reads (when = %s): the item can enter the index, and then the writer must set %s, computed from %s, which the update does not know%s. "+
					"Without reading the item first it cannot set them, and reads of %s miss the item. "+
					"Set %s in the update too, or pin %s with an equality in the condition.",
				w.wp.Name, n, ix.DisplayName(), ei.When.Text, quoteList(keys), quoteList(miss), addedNote(f, miss), ix.DisplayName(), quoteList(miss), quoteList(miss)))
		}
	}
	return diags
}

// leaves reports whether the update sets every attribute the sparse
// condition reads to a literal (or removes it) and the condition is then
// false: the item is out of the index afterwards, whatever it was.
func leaves(e *hclschema.Entity, ei *hclschema.EntityIndex, f updateFacts, when []string) bool {
	it := hclschema.Item{Entity: e, Attrs: map[string]cty.Value{}}
	for _, n := range when {
		v, set := f.values[n]
		switch {
		case set:
			lit, ok := v.Literal()
			if !ok {
				return false
			}
			it.Attrs[n] = lit
		case f.known[n] && !f.added[n]:
			if _, changed := f.changed[n]; !changed {
				return false // known as an input, not as a value
			}
			// removed: absent
		default:
			return false
		}
	}
	holds, ok := ei.WhenHolds(it)
	return ok && !holds
}

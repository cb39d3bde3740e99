package lint

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeIndexKeyHalfSet (TD150): an update changes some of the attributes a
// secondary index key is made of but does not know the others: a key
// template's other attributes (GSI1SK = "${status}#${orderDate}" with only
// status set), whose new value an UpdateItem cannot compute without
// reading the item, or an optional part of a multi-attribute key set
// without another optional part the item may lack, which keeps it out of
// the index.
const CodeIndexKeyHalfSet diag.Code = "TD150"

var ruleIndexKeyHalfSet = &rule{code: CodeIndexKeyHalfSet, name: "index-key-half-set", severity: hcl.DiagWarning, check: checkIndexKeyHalfSet}

func checkIndexKeyHalfSet(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, w := range a.writes() {
		wr := w.wr
		if wr.Op != hclschema.WriteUpdate {
			continue
		}
		e := wr.Entity
		f := factsOf(wr)
		for _, ei := range e.Indexes {
			if ei == nil || ei.Index == nil {
				continue
			}
			ix := ei.Index
			for _, t := range ei.Templates {
				if t.Expr == nil {
					continue
				}
				names := attrNames(e, t.Expr.Names())
				n, rng, ok := f.firstChanged(names)
				if !ok {
					continue
				}
				miss := f.unknown(names)
				if len(miss) == 0 || removesAny(wr, names) {
					continue
				}
				diags = append(diags, r.report(rng, "Update leaves an index key half-set",
					"Write pattern %q changes %q, which %q of %s is computed from (%s = %s), but the update does not know %s after it%s. "+
						"UpdateItem does not compute %q: the writer must set it in the same call from every attribute of the template, so it reads the item first or leaves %q computed from old values, and reads of %s by the new value miss the item. "+
						"Set %s in the update too, pin %s with an equality in the condition, or build %q only from attributes the update sets or its key gives.",
					w.wp.Name, n, t.Attr, ix.DisplayName(), t.Attr, t.Expr.Text, quoteList(miss), addedNote(f, miss),
					t.Attr, t.Attr, ix.DisplayName(), quoteList(miss), quoteList(miss), t.Attr))
			}
		}
		for _, ix := range e.Table.GSIs {
			if ix == nil || !ix.MultiAttribute() {
				continue
			}
			var parts []string
			for _, k := range ix.KeyAttrs() {
				if e.Attribute(k.Name) != nil {
					parts = append(parts, k.Name)
				}
			}
			var set []string
			for _, p := range parts {
				// Setting a required part keeps the membership as it was;
				// setting an optional one gives the item that part of the
				// key, meant to put it in the index.
				if _, ok := f.changed[p]; ok && !removed(wr, p) && e.Attribute(p).Optional {
					set = append(set, p)
				}
			}
			if len(set) == 0 {
				continue
			}
			var optional []string
			for _, p := range parts {
				if _, ok := f.changed[p]; !ok && e.Attribute(p).Optional && !f.known[p] {
					optional = append(optional, p)
				}
			}
			if len(optional) == 0 {
				continue
			}
			n, rng, _ := f.firstChanged(set)
			diags = append(diags, r.report(rng, "Update leaves an index key half-set",
				"Write pattern %q sets %q, an optional part of the multi-attribute key of %s, but not %s, which entity %q also declares optional. "+
					"An item is in %s only when every part of the key is present: an item without %s keeps a half-set key and stays out of the index, and reads of %s miss it. "+
					"Set %s in the same update, or declare %s required.",
				w.wp.Name, n, ix.DisplayName(), quoteList(optional), e.Name, ix.DisplayName(), quoteList(optional), ix.DisplayName(), quoteList(optional), quoteList(optional)))
		}
	}
	return diags
}

// removed reports whether update wr removes attribute n.
func removed(wr *hclschema.Write, n string) bool {
	for _, ua := range wr.Remove {
		if ua.Attr == n {
			return true
		}
	}
	return false
}

// removesAny reports whether update wr removes one of names: the template
// then has no value and the writer removes the key attribute, which needs
// none of the others.
func removesAny(wr *hclschema.Write, names []string) bool {
	for _, n := range names {
		if removed(wr, n) {
			return true
		}
	}
	return false
}

// addedNote says which of names the update adds to (their new value is
// the stored one plus the increment), or "".
func addedNote(f updateFacts, names []string) string {
	var added []string
	for _, n := range names {
		if f.added[n] {
			added = append(added, n)
		}
	}
	if len(added) == 0 {
		return ""
	}
	return fmt.Sprintf(" (it adds to %s: the new value is the stored one plus the increment)", quoteList(added))
}

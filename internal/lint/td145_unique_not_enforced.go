package lint

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeUniqueNotEnforced (TD145): a value meant to be unique across the
// table is written without the guard item that enforces it: an update
// changes an attribute the entity declares unique (the guard of the new
// value is not put, the old one not deleted), or a write stores an
// attribute a cardinality "one" lookup is keyed on while nothing declares
// it unique and it is not part of the primary key (a put, or an update of
// it).
const CodeUniqueNotEnforced diag.Code = "TD145"

var ruleUniqueNotEnforced = &rule{code: CodeUniqueNotEnforced, name: "unique-not-enforced", severity: hcl.DiagError, check: checkUniqueNotEnforced}

func checkUniqueNotEnforced(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	lookups := uniqueLookups(a.s)
	for _, w := range a.writes() {
		wr := w.wr
		if wr.Guard != nil {
			continue
		}
		e := wr.Entity
		if wr.Op == hclschema.WriteUpdate {
			for _, u := range e.Unique {
				if swaps(w.wp, u) {
					continue
				}
				for _, x := range keyActions(wr, u.Attr) {
					diags = append(diags, r.report(x.ua.Range, "Update bypasses a unique guard",
						"Write pattern %q %s %q, which entity %q declares unique, without swapping its guard item %q. "+
							"The update puts no guard for the new value, so another %s can already hold it, and it leaves the guard of the old value behind, so that value stays taken. "+
							"Set %q from an input and pin its current value in the condition (%s == input.current_%s): the update then deletes the current value's guard and puts the new value's in one transaction. Or keep %q unchanged once written.",
						w.wp.Name, x.verb, u.Attr, e.Name, u.Guard.Name, e.Name, u.Attr, u.Attr, u.Attr, u.Attr))
				}
			}
		}
		for _, lk := range lookups[e] {
			switch wr.Op {
			case hclschema.WritePut:
				diags = append(diags, r.report(wr.EntityRange, "Lookup key not kept unique",
					"Write pattern %q puts %q, and access pattern %q looks it up by %s with cardinality = \"one\", but nothing keeps %s unique: DynamoDB enforces uniqueness only on the primary key, so a put with another key and the same %s stores a second item the lookup returns. "+
						"Declare %s on entity %q (a guard item put in the same transaction), or declare the lookup cardinality = \"many\".",
					w.wp.Name, e.Name, lk.p.Name, quoteList(lk.attrs), quoteList(lk.attrs), quoteList(lk.attrs), uniqueDecl(lk.attrs), e.Name))
			case hclschema.WriteUpdate:
				for _, n := range lk.attrs {
					for _, x := range keyActions(wr, n) {
						diags = append(diags, r.report(x.ua.Range, "Lookup key not kept unique",
							"Write pattern %q %s %q, which access pattern %q looks %q up by with cardinality = \"one\", but nothing keeps %q unique: the new value can be another item's, and the lookup then returns both. "+
								"Declare unique = [%q] on entity %q and keep it unchanged once written, or declare the lookup cardinality = \"many\".",
							w.wp.Name, x.verb, n, lk.p.Name, e.Name, n, n, e.Name))
					}
				}
			}
		}
	}
	return diags
}

// uniqueDecl suggests the unique declaration for attrs.
func uniqueDecl(attrs []string) string {
	if len(attrs) == 1 {
		return fmt.Sprintf("unique = [%q]", attrs[0])
	}
	return "one of " + quoteList(attrs) + " unique (unique = [...])"
}

// lookup is a cardinality "one" access pattern that relies on attributes
// of an entity that nothing declares unique.
type lookup struct {
	p     *hclschema.AccessPattern
	attrs []string
}

// uniqueLookups returns, per entity, the cardinality "one" access patterns
// whose key is computed only from entity attributes outside its primary
// key that it does not declare unique (keyedUniquely).
func uniqueLookups(s *hclschema.Schema) map[*hclschema.Entity][]lookup {
	out := map[*hclschema.Entity][]lookup{}
	for _, p := range s.Patterns {
		if p == nil || p.Incomplete || p.Cardinality != hclschema.CardinalityOne || p.Index == nil {
			continue
		}
		for _, e := range p.Entities {
			if e == nil || e.Table == nil || e.Incomplete {
				continue
			}
			var names []string
			for _, c := range p.Conditions {
				w, ok := e.KeyWriterFor(p.Index, c.Attr)
				switch {
				case !ok:
				case w.Attribute != nil:
					names = append(names, w.Attribute.Name)
				case w.Template != nil && w.Template.Expr != nil:
					names = append(names, w.Template.Expr.Names()...)
				}
			}
			names = dedupe(attrNames(e, names))
			if len(names) == 0 || keyedUniquely(e, names) {
				continue
			}
			out[e] = append(out[e], lookup{p: p, attrs: names})
		}
	}
	return out
}

// keyedUniquely reports whether a lookup by names is not reported: one of
// them is declared unique, or one of them is an attribute the primary key
// is computed from (an id that is part of the item's key, like orderId in
// "ORDER#${orderDate}#${orderId}", is generated unique per item by its
// application; values from outside, like an email, are what `unique` is
// for).
func keyedUniquely(e *hclschema.Entity, names []string) bool {
	has := map[string]bool{}
	for _, n := range names {
		has[n] = true
	}
	for _, u := range e.Unique {
		if has[u.Attr] {
			return true
		}
	}
	for _, n := range e.KeyNames() {
		if has[n] {
			return true
		}
	}
	return false
}

// dedupe returns names without repeats, in order.
func dedupe(names []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// swaps reports whether write pattern w swaps the guard item of unique
// attribute u (an update that sets it from an input and pins its current
// value: hclschema's expansion adds the guard's delete and put).
func swaps(w *hclschema.WritePattern, u *hclschema.Unique) bool {
	for _, wr := range w.Writes {
		if wr.Swap != nil && wr.Swap.Unique == u {
			return true
		}
	}
	return false
}

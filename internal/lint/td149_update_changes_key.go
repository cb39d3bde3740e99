package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeUpdateChangesKey (TD149): an update sets, adds to or removes an
// attribute the item's primary key is computed from (username in
// PK = "CUSTOMER#${username}"). DynamoDB keeps the stored key, so the item
// no longer sits where its template puts it. An action on a key attribute
// itself (PK) is a loader error (TD008): DynamoDB rejects it.
const CodeUpdateChangesKey diag.Code = "TD149"

var ruleUpdateChangesKey = &rule{code: CodeUpdateChangesKey, name: "update-changes-key", severity: hcl.DiagError, check: checkUpdateChangesKey}

func checkUpdateChangesKey(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, w := range a.writes() {
		wr := w.wr
		if wr.Op != hclschema.WriteUpdate {
			continue
		}
		e := wr.Entity
		for _, k := range e.Table.Primary.KeyAttrs() {
			tpl := e.Key.Template(k.Name)
			if tpl == nil || tpl.Expr == nil {
				continue
			}
			for _, n := range tpl.Expr.Names() {
				for _, x := range keyActions(wr, n) {
					diags = append(diags, r.report(x.ua.Range, "Update changes a key's source attribute",
						"Write pattern %q %s %q, which the primary key attribute %q of entity %q is computed from (%s = %s). "+
							"DynamoDB cannot change a key: UpdateItem leaves %s as it was, so the stored item keeps its old key while %q changes, and reads that compute the key from the new value miss it. "+
							"Move the item instead: in a transaction, delete it and put it with the new value (with attribute_not_exists(%s) on the put).",
						w.wp.Name, x.verb, n, k.Name, e.Name, k.Name, tpl.Expr.Text, k.Name, n, e.Table.Primary.PartitionKey[0].Name))
				}
			}
		}
	}
	return diags
}

// keyAction is an update action on an attribute and what it does.
type keyAction struct {
	ua   *hclschema.UpdateAction
	verb string
}

// keyActions returns the actions of update wr that change attribute n: a
// set (but, for an attribute the key is computed from, not to input.n, the
// value that found the item), an add, a remove.
func keyActions(wr *hclschema.Write, n string) []keyAction {
	fromKey := false
	for _, k := range wr.Entity.KeyNames() {
		fromKey = fromKey || k == n
	}
	var out []keyAction
	for _, ua := range wr.Set {
		if ua.Attr != n {
			continue
		}
		if fromKey && len(ua.Value.Parts) == 1 && ua.Value.Parts[0].Kind == hclschema.PartInput && ua.Value.Parts[0].Name == n && !ua.Value.Quoted {
			continue // sets the value the key was computed from: no change
		}
		out = append(out, keyAction{ua, "sets"})
	}
	for _, ua := range wr.Add {
		if ua.Attr == n {
			out = append(out, keyAction{ua, "adds to"})
		}
	}
	for _, ua := range wr.Remove {
		if ua.Attr == n {
			out = append(out, keyAction{ua, "removes"})
		}
	}
	return out
}

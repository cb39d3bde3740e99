package lint

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodePutConditionNotOnKey (TD147): a put's condition tests that a non-key
// attribute is absent (attribute_not_exists(email)), which DynamoDB checks
// on the one stored item with the same primary key only: it never stops a
// second item with the same email, and it lets the put replace an existing
// item that lacks the attribute.
const CodePutConditionNotOnKey diag.Code = "TD147"

var rulePutConditionNotOnKey = &rule{code: CodePutConditionNotOnKey, name: "put-condition-not-on-key", severity: hcl.DiagError, check: checkPutConditionNotOnKey}

func checkPutConditionNotOnKey(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, w := range a.writes() {
		wr := w.wr
		if wr.Op != hclschema.WritePut || wr.Guard != nil || wr.Condition == nil {
			continue
		}
		e := wr.Entity
		pk := e.Table.Primary.PartitionKey[0].Name
		keyNames := map[string]bool{}
		for _, n := range e.KeyNames() {
			keyNames[n] = true
		}
		for _, c := range absenceTests(wr.Condition) {
			if _, key := e.Table.Primary.KeyAttr(c.Attr); key {
				continue
			}
			at := e.Attribute(c.Attr)
			if at != nil && !at.Optional && keyNames[c.Attr] {
				continue // present on every item at this key: as good as the key
			}
			unique := ""
			for _, u := range e.Unique {
				if u.Attr == c.Attr {
					unique = u.Attr
				}
			}
			var what string
			switch {
			case at == nil:
				what = "%[2]q is a key attribute of a secondary index, not an attribute of %[1]q: a stored item at the key that is not in that index lacks it, and the put replaces it silently."
			case at.Optional:
				what = "Entity %q declares %q optional, so the put silently replaces an existing item that lacks it."
			default:
				what = "Entity %q requires %q, so the test refuses an existing item of the entity at the same key, but nothing more."
			}
			what = fmt.Sprintf(what, e.Name, c.Attr)
			fix := fmt.Sprintf("To keep %q unique across items, declare unique = [%q] on entity %q (a guard item put in the same transaction).", c.Attr, c.Attr, e.Name)
			if unique != "" {
				fix = fmt.Sprintf("%q is already kept unique by the guard item of entity %q's unique = [...].", c.Attr, e.Name)
			}
			diags = append(diags, r.report(c.Range(), "Put condition does not test the key",
				"Write pattern %q puts %q only if %s, but DynamoDB evaluates a put's condition on the one stored item with the same primary key: it never sees another item with the same %s. %s "+
					"To refuse a duplicate key, test the partition key: attribute_not_exists(%s). %s",
				w.wp.Name, e.Name, c.Text, c.Attr, what, pk, fix))
		}
	}
	return diags
}

// absenceTests returns the attribute_not_exists(NAME) and NAME == null
// tests a condition requires: itself or its && conjuncts.
func absenceTests(c *hclschema.Cond) []*hclschema.Cond {
	switch c.Kind {
	case hclschema.CondNotExists:
		return []*hclschema.Cond{c}
	case hclschema.CondAnd:
		var out []*hclschema.Cond
		for _, s := range c.Sub {
			out = append(out, absenceTests(s)...)
		}
		return out
	}
	return nil
}

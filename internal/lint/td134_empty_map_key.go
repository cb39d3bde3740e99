package lint

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeEmptyMapKey (TD134): an example item holds a map (or object) with an
// empty key; DynamoDB stores map keys as attribute names, which cannot be
// empty.
const CodeEmptyMapKey diag.Code = "TD134"

var ruleEmptyMapKey = &rule{code: CodeEmptyMapKey, name: "empty-map-key", severity: hcl.DiagError, check: checkEmptyMapKey}

// hasEmptyKey reports whether v holds, at any depth, a map or object with a
// non-null member under the key "".
func hasEmptyKey(v cty.Value) bool {
	if v.IsNull() || !v.IsKnown() {
		return false
	}
	ty := v.Type()
	if !(ty.IsCollectionType() || ty.IsTupleType() || ty.IsObjectType()) {
		return false
	}
	keyed := ty.IsMapType() || ty.IsObjectType()
	for it := v.ElementIterator(); it.Next(); {
		k, e := it.Element()
		if keyed && !e.IsNull() && k.AsString() == "" {
			return true
		}
		if hasEmptyKey(e) {
			return true
		}
	}
	return false
}

func checkEmptyMapKey(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, e := range a.s.Entities {
		if e == nil || e.Table == nil {
			continue
		}
		for _, x := range a.exampleItems(e) {
			for _, name := range sortedAttrNames(x.item) {
				if !hasEmptyKey(x.item.Attrs[name]) {
					continue
				}
				diags = append(diags, r.report(exampleValueRange(x.ex, name), "Empty map key",
					"This example of entity %q gives %q a map with an empty key; DynamoDB stores map keys as attribute names, which cannot be empty, so the write fails with a ValidationException (\"Empty attribute name\"). "+
						"Give the entry a key or leave it out.",
					e.Name, name))
			}
		}
	}
	return diags
}

package lint

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeKeyValueSize (TD128): an example item has a key value DynamoDB
// rejects: an empty string, a partition key value over 2048 bytes or a sort
// key value over 1024 bytes, in the table or in an index the item is in.
const CodeKeyValueSize diag.Code = "TD128"

var ruleKeyValueSize = &rule{code: CodeKeyValueSize, name: "key-value-size", severity: hcl.DiagError, check: checkKeyValueSize}

// keyLimit is the tightest limit on one key attribute of an item.
type keyLimit struct {
	max  int
	role string
	ix   *hclschema.Index
}

func checkKeyValueSize(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, e := range a.s.Entities {
		if e == nil || e.Table == nil {
			continue
		}
		for _, x := range a.exampleItems(e) {
			limits := map[string]keyLimit{}
			for _, ix := range indexes(e.Table) {
				if !x.item.InIndex(ix) {
					continue
				}
				for _, part := range []struct {
					keys []hclschema.KeyAttr
					max  int
					role string
				}{{ix.PartitionKey, maxPartitionKeyBytes, "partition"}, {ix.SortKey, maxSortKeyBytes, "sort"}} {
					for _, k := range part.keys {
						if l, ok := limits[k.Name]; !ok || part.max < l.max {
							limits[k.Name] = keyLimit{max: part.max, role: part.role, ix: ix}
						}
					}
				}
			}
			for _, name := range sortedAttrNames(x.item) {
				l, ok := limits[name]
				v := x.item.Attrs[name]
				if !ok || v.IsNull() || v.Type() != cty.String {
					continue
				}
				n := len(v.AsString())
				rng := exampleValueRange(x.ex, name)
				switch {
				case n == 0:
					diags = append(diags, r.report(rng, "Empty key value",
						"This example of entity %q has an empty string as %q, a %s key attribute of the %s; DynamoDB rejects empty key values, so the write fails with a ValidationException. "+
							"Give it a value, or leave the attribute out (null) to keep the item out of a secondary index.",
						e.Name, name, l.role, l.ix.DisplayName()))
				case n > l.max:
					diags = append(diags, r.report(rng, "Key value too large",
						"This example of entity %q gives %q, a %s key attribute of the %s, a value of %d bytes; DynamoDB allows at most %d bytes for a %s key value, so the write fails with a ValidationException. "+
							"Shorten the value or the key template (keep long text in non-key attributes).",
						e.Name, name, l.role, l.ix.DisplayName(), n, l.max, l.role))
				}
			}
		}
	}
	return diags
}

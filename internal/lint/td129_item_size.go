package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeItemSize (TD129): an example item, with its computed key attributes,
// is larger than DynamoDB's 400 KB item size limit.
const CodeItemSize diag.Code = "TD129"

var ruleItemSize = &rule{code: CodeItemSize, name: "item-too-large", severity: hcl.DiagError, check: checkItemSize}

func checkItemSize(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, e := range a.s.Entities {
		if e == nil || e.Table == nil {
			continue
		}
		for _, x := range a.exampleItems(e) {
			n := hclschema.ItemSize(x.item)
			if n <= maxItemBytes {
				continue
			}
			largest, lsize := "", -1
			for _, name := range sortedAttrNames(x.item) {
				if s := len(name) + hclschema.ValueSize(x.item.Attrs[name]); s > lsize {
					largest, lsize = name, s
				}
			}
			diags = append(diags, r.report(x.ex.DeclRange, "Item too large",
				"This example of entity %q makes an item of %d bytes (attribute names and values, key attributes included); DynamoDB allows at most %d bytes (400 KB) per item, so the write fails with a ValidationException. "+
					"The largest attribute is %q (%d bytes): keep large values in S3 and store a reference, or split the item.",
				e.Name, n, maxItemBytes, largest, lsize))
		}
	}
	return diags
}

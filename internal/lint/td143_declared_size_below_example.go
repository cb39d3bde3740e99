package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeDeclaredSizeBelowExample (TD143): an entity's workload declares a
// max_item_size smaller than one of its example items.
const CodeDeclaredSizeBelowExample diag.Code = "TD143"

var ruleDeclaredSizeBelowExample = &rule{code: CodeDeclaredSizeBelowExample, name: "declared-size-below-example", severity: hcl.DiagWarning, check: checkDeclaredSizeBelowExample}

func checkDeclaredSizeBelowExample(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, e := range a.s.Entities {
		w := a.s.EntityWorkload(e)
		if w == nil || !w.HasMaxItemSize {
			continue
		}
		var largest *hclschema.Example
		size := 0
		for _, ex := range e.Examples {
			it, ok := ex.Item()
			if !ok {
				continue
			}
			if n := hclschema.ItemSize(it); n > size {
				largest, size = ex, n
			}
		}
		if largest == nil || int64(size) <= w.MaxItemSize {
			continue
		}
		diags = append(diags, r.report(w.MaxItemSizeRange, "Declared size below an example",
			"Entity %q declares max_item_size = %d bytes, but its example %s is %d bytes as DynamoDB counts it (attribute names and values, key attributes included). "+
				"Estimates of read and write units and of item collections use the declared size: raise max_item_size to at least %d, or correct the example.",
			e.Name, w.MaxItemSize, largest.Name(), size, size))
	}
	return diags
}

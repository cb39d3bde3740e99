package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/zclconf/go-cty/cty"
)

// CodeTTLNotNumber (TD122): the table's TTL attribute is not a number
// attribute of any entity, or an entity declares it with another type.
const CodeTTLNotNumber diag.Code = "TD122"

var ruleTTLNotNumber = &rule{code: CodeTTLNotNumber, name: "ttl-attribute-not-number", severity: hcl.DiagWarning, check: checkTTLNotNumber}

func checkTTLNotNumber(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, t := range a.s.Tables {
		name := t.TTLAttribute
		if name == "" {
			continue
		}
		numbers := 0
		for _, e := range t.Entities {
			at := e.Attribute(name)
			if at == nil {
				continue
			}
			if at.Type == cty.Number {
				numbers++
				continue
			}
			diags = append(diags, r.report(at.TypeRange, "TTL attribute is not a number",
				"Entity %q declares %q, the TTL attribute of table %q, as %s; DynamoDB only expires items whose TTL attribute is a number of epoch seconds, so its items never expire. "+
					"Declare it as number (or optional(number)).",
				e.Name, name, t.Label, at.Type.FriendlyName()))
		}
		if numbers > 0 || a.tableIncomplete(t) {
			continue // the attribute may be one that failed to load
		}
		rng := argRange(t.ArgRanges, "ttl", t.DeclRange)
		diags = append(diags, r.report(rng, "TTL attribute never written",
			"Table %q expires items by %q, but no entity has a number attribute of that name, so no item ever expires. "+
				"Add %s = optional(number) (epoch seconds) to the entities that should expire, or fix the attribute name.",
			t.Label, name, name))
	}
	return diags
}

package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// CodeConditionType (TD108): a key condition operand has another type than
// the key attribute it is compared with.
const CodeConditionType diag.Code = "TD108"

var ruleConditionType = &rule{code: CodeConditionType, name: "condition-type-mismatch", severity: hcl.DiagError, check: checkConditionType}

func checkConditionType(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, p := range a.s.Patterns {
		ix := p.Index
		if ix == nil {
			continue
		}
		types := inputTypes(p)
		for _, c := range p.Conditions {
			k, ok := ix.KeyAttr(c.Attr)
			if !ok || (c.Op == hclschema.OpBeginsWith && k.Type == hclschema.TypeN) {
				continue // not a key (TD103), or begins_with on a number (TD109)
			}
			for _, arg := range c.Args {
				if arg == nil {
					continue
				}
				ty, ok := arg.TypeWith(types)
				if !ok {
					continue
				}
				got := hclschema.DynamoType(ty)
				if got == k.Type {
					continue
				}
				diags = append(diags, r.report(arg.Range(), "Operand type does not match the key",
					"Access pattern %q compares key attribute %q, which is %s, with a value of type %s; DynamoDB rejects a key condition whose value has another type than the key. "+
						"Pass a %s here, for example with %s.",
					p.Name, c.Attr, typeName(k.Type), ty.FriendlyName(), friendly(k.Type), conversionHint(k.Type)))
			}
		}
	}
	return diags
}

// inputTypes maps every input of p to its type.
func inputTypes(p *hclschema.AccessPattern) map[string]cty.Type {
	out := map[string]cty.Type{}
	for _, in := range p.Inputs {
		if in != nil {
			out[in.Name] = in.Type
		}
	}
	return out
}

func friendly(t string) string {
	if t == hclschema.TypeN {
		return "number"
	}
	return "string"
}

func conversionHint(t string) string {
	if t == hclschema.TypeN {
		return "a number input (inputs = { x = number }) or a number attribute"
	}
	return "a template such as \"${x}\" or format(\"%08d\", x)"
}

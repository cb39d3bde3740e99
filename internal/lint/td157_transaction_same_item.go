package lint

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeTransactionSameItem (TD157): two writes of a transaction touch the
// same item for every input: their key templates give the same primary
// key. DynamoDB rejects every such TransactWriteItems ("Transaction request
// cannot include multiple operations on one item"); the oracle does too.
const CodeTransactionSameItem diag.Code = "TD157"

var ruleTransactionSameItem = &rule{code: CodeTransactionSameItem, name: "transaction-same-item", severity: hcl.DiagError, check: checkTransactionSameItem}

func checkTransactionSameItem(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, wp := range a.s.WritePatterns {
		if wp == nil || wp.Incomplete || !wp.Transaction || len(wp.Writes) > hclschema.WriteTransactionLimit {
			continue
		}
		// Two sets of inputs, each value different from the other set's:
		// keys equal under both are equal for every input (templates that
		// could meet only for some values stay silent).
		sets := []map[string]cty.Value{sampleInputs(wp, 1), sampleInputs(wp, 2)}
		keys := make([][]string, len(wp.Writes))
		for i, wr := range wp.Writes {
			if wr.Entity == nil || wr.Entity.Table == nil || wr.Entity.Incomplete {
				continue
			}
			for _, in := range sets {
				k, err := wr.TargetKey(in)
				if err != nil {
					keys[i] = nil
					break
				}
				keys[i] = append(keys[i], keyText(k))
			}
		}
	next:
		for j := 1; j < len(wp.Writes); j++ {
			for i := 0; i < j; i++ {
				if len(keys[i]) != len(sets) || len(keys[j]) != len(sets) || strings.Join(keys[i], "\x00") != strings.Join(keys[j], "\x00") {
					continue
				}
				first, second := wp.Writes[i], wp.Writes[j]
				diags = append(diags, r.report(second.DeclRange, "Transaction writes one item twice",
					"Write %d of write pattern %q (%s of %s) touches the item that write %d (%s of %s) touches: their key templates give the same primary key for every input (%s). "+
						"DynamoDB rejects a transaction with two operations on one item (ValidationException: Transaction request cannot include multiple operations on one item), so every call fails. "+
						"Merge the two into one write (an update can set, add and remove together), or key one of them to another item.",
					j+1, wp.Name, second.Op.APIName(), second.Entity.Name, i+1, first.Op.APIName(), first.Entity.Name, templatesText(first.Entity)))
				continue next
			}
		}
	}
	return diags
}

// sampleInputs gives every input of the write pattern a value of its type
// that differs from one n to another: strings "<name>-<n>" (or the n-th
// value of an enum attribute), numbers 1000 n plus the input's position,
// booleans alternating, collections empty.
func sampleInputs(wp *hclschema.WritePattern, n int) map[string]cty.Value {
	var written []*hclschema.Entity
	for _, wr := range wp.Writes {
		if wr.Entity != nil {
			written = append(written, wr.Entity)
		}
	}
	in := map[string]cty.Value{}
	var sample func(name string, t cty.Type, i int) cty.Value
	sample = func(name string, t cty.Type, i int) cty.Value {
		switch {
		case t == cty.String:
			if enum, _ := hclschema.EnumOf(written, name); len(enum) > 0 {
				return cty.StringVal(enum[n%len(enum)])
			}
			return cty.StringVal(fmt.Sprintf("%s-%d", name, n))
		case t == cty.Number:
			return cty.NumberIntVal(int64(1000*n + i))
		case t == cty.Bool:
			return cty.BoolVal(n%2 == 0)
		case t.IsListType():
			return cty.ListValEmpty(t.ElementType())
		case t.IsSetType():
			return cty.SetValEmpty(t.ElementType())
		case t.IsMapType():
			return cty.MapValEmpty(t.ElementType())
		case t.IsObjectType():
			// A labelled write's own inputs: each attribute a value of
			// its own, named after the label (input.first.id differs from
			// input.second.id).
			attrs := map[string]cty.Value{}
			j := 0
			for an, at := range t.AttributeTypes() {
				attrs[an] = sample(name+"."+an, at, 100*i+j)
				j++
			}
			return cty.ObjectVal(attrs)
		}
		return cty.NilVal
	}
	for i, x := range wp.Inputs {
		if v := sample(x.Name, x.Type, i); v != cty.NilVal {
			in[x.Name] = v
		}
	}
	return in
}

// keyText renders a primary key's values for comparison.
func keyText(k []cty.Value) string {
	parts := make([]string, len(k))
	for i, v := range k {
		parts[i] = v.GoString()
	}
	return strings.Join(parts, ", ")
}

// templatesText renders an entity's key templates: PK = "USER#${id}", ...
func templatesText(e *hclschema.Entity) string {
	var parts []string
	for _, k := range e.Table.Primary.KeyAttrs() {
		if t := e.Key.Template(k.Name); t != nil {
			parts = append(parts, k.Name+" = "+t.Expr.Text)
		} else {
			parts = append(parts, k.Name+" = "+k.Name)
		}
	}
	return strings.Join(parts, ", ")
}

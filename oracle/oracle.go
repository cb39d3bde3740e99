package oracle

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfdyn/tfdyn/hclschema"
)

// Bound is an access pattern's key conditions with their operands evaluated
// for one set of inputs.
type Bound struct {
	Pattern *hclschema.AccessPattern
	// Inputs are the input values the operands were evaluated with.
	Inputs map[string]cty.Value
	// Operands holds, per condition (same order as Pattern.Conditions), the
	// evaluated operands (one, or two for between).
	Operands [][]cty.Value
}

// Bind evaluates the pattern's key condition operands with inputs.
func Bind(p *hclschema.AccessPattern, inputs map[string]cty.Value) (*Bound, error) {
	vars := map[string]cty.Value{}
	for _, in := range p.Inputs {
		v, ok := inputs[in.Name]
		if !ok || v.IsNull() {
			return nil, fmt.Errorf("access pattern %q: input %q is not set", p.Name, in.Name)
		}
		cv, err := convert.Convert(v, in.Type)
		if err != nil {
			return nil, fmt.Errorf("access pattern %q: input %q: %s", p.Name, in.Name, err)
		}
		vars[in.Name] = cv
	}
	ctx := &hcl.EvalContext{Variables: vars, Functions: hclschema.Functions()}
	b := &Bound{Pattern: p, Inputs: vars}
	for _, c := range p.Conditions {
		var ops []cty.Value
		for _, arg := range c.Args {
			v, ds := arg.Value(ctx)
			if ds.HasErrors() {
				return nil, fmt.Errorf("access pattern %q: condition on %s: %s", p.Name, c.Attr, ds.Error())
			}
			if v.IsNull() || !v.IsKnown() {
				return nil, fmt.Errorf("access pattern %q: condition on %s evaluates to null", p.Name, c.Attr)
			}
			if k, ok := p.Index.KeyAttr(c.Attr); ok {
				want := cty.String
				if k.Type == hclschema.TypeN {
					want = cty.Number
				}
				if cv, err := convert.Convert(v, want); err == nil {
					v = cv
				}
			}
			ops = append(ops, v)
		}
		b.Operands = append(b.Operands, ops)
	}
	return b, nil
}

// Matches reports whether item satisfies every key condition (the item must
// also be in the pattern's index; see Run).
func (b *Bound) Matches(item hclschema.Item) bool {
	for i, c := range b.Pattern.Conditions {
		v, ok := item.Attrs[c.Attr]
		if !ok || v.IsNull() {
			return false
		}
		if !matchOp(c.Op, v, b.Operands[i]) {
			return false
		}
	}
	return true
}

func matchOp(op hclschema.ConditionOp, v cty.Value, args []cty.Value) bool {
	switch op {
	case hclschema.OpBeginsWith:
		if v.Type() != cty.String || args[0].Type() != cty.String {
			return false
		}
		return bytes.HasPrefix([]byte(v.AsString()), []byte(args[0].AsString()))
	case hclschema.OpBetween:
		lo, ok1 := Compare(v, args[0])
		hi, ok2 := Compare(v, args[1])
		return ok1 && ok2 && lo >= 0 && hi <= 0
	}
	c, ok := Compare(v, args[0])
	return ok && op.Holds(c)
}

// Compare orders two scalar values as DynamoDB does: strings by unsigned
// UTF-8 bytes, numbers numerically. ok is false when the types differ or are
// not comparable.
func Compare(a, b cty.Value) (c int, ok bool) {
	if a.IsNull() || b.IsNull() || !a.Type().Equals(b.Type()) {
		return 0, false
	}
	switch a.Type() {
	case cty.String:
		return bytes.Compare([]byte(a.AsString()), []byte(b.AsString())), true
	case cty.Number:
		return a.AsBigFloat().Cmp(b.AsBigFloat()), true
	}
	return 0, false
}

// Result is what a pattern returns: the items in order, projected, plus the
// sort key of each item so that runs of equal sort keys (whose order
// DynamoDB leaves unspecified) can be compared as sets.
type Result struct {
	Items []hclschema.Item
	// SortKeys[i] holds the index sort key values of Items[i].
	SortKeys [][]cty.Value
	// Read is the number of items read before the filter (what Limit counts).
	Read int
}

// Run computes the result of the bound pattern over items (the whole table).
func Run(b *Bound, items []hclschema.Item) (Result, error) {
	p := b.Pattern
	ix := p.Index
	var hits []hclschema.Item
	for _, it := range items {
		if it.InIndex(ix) && b.Matches(it) {
			hits = append(hits, it)
		}
	}
	sortItems(hits, ix, p.Descending)
	if p.Limit > 0 && int64(len(hits)) > p.Limit {
		hits = hits[:p.Limit]
	}
	res := Result{Read: len(hits)}
	for _, it := range hits {
		keep, err := b.filter(it)
		if err != nil {
			return Result{}, err
		}
		if !keep {
			continue
		}
		res.Items = append(res.Items, it.Project(ix))
		res.SortKeys = append(res.SortKeys, sortKey(it, ix))
	}
	return res, nil
}

func sortKey(it hclschema.Item, ix *hclschema.Index) []cty.Value {
	var out []cty.Value
	for _, k := range ix.SortKey {
		out = append(out, it.Attrs[k.Name])
	}
	return out
}

// sortItems orders items by the index sort key (a tuple for multi-attribute
// keys), breaking ties by primary key so the oracle itself is deterministic.
func sortItems(items []hclschema.Item, ix *hclschema.Index, desc bool) {
	primary := ix.Table.Primary.KeyAttrs()
	sort.SliceStable(items, func(i, j int) bool {
		c := compareKeys(items[i], items[j], ix.SortKey)
		if c == 0 {
			return compareKeys(items[i], items[j], primary) < 0
		}
		if desc {
			return c > 0
		}
		return c < 0
	})
}

func compareKeys(a, b hclschema.Item, keys []hclschema.KeyAttr) int {
	for _, k := range keys {
		c, ok := Compare(a.Attrs[k.Name], b.Attrs[k.Name])
		if ok && c != 0 {
			return c
		}
	}
	return 0
}

// filter evaluates the pattern's filter on an item: bare names are item
// attributes (null when absent), input.NAME the inputs.
func (b *Bound) filter(it hclschema.Item) (bool, error) {
	p := b.Pattern
	if p.Filter == nil {
		return true, nil
	}
	vars := map[string]cty.Value{}
	for _, e := range p.Entities {
		for _, a := range e.Attributes {
			vars[a.Name] = cty.NullVal(a.Type)
		}
	}
	for k, v := range it.Attrs {
		vars[k] = v
	}
	if len(b.Inputs) > 0 {
		vars["input"] = cty.ObjectVal(b.Inputs)
	} else {
		vars["input"] = cty.EmptyObjectVal
	}
	v, ds := p.Filter.Value(&hcl.EvalContext{Variables: vars, Functions: hclschema.Functions()})
	if ds.HasErrors() {
		// DynamoDB treats a comparison with a missing or mistyped attribute as false.
		return false, nil
	}
	v, err := convert.Convert(v, cty.Bool)
	if err != nil {
		return false, fmt.Errorf("access pattern %q: filter is not a bool: %s", p.Name, err)
	}
	return !v.IsNull() && v.True(), nil
}

// Undeclared returns the items of entities the pattern does not declare.
func Undeclared(p *hclschema.AccessPattern, items []hclschema.Item) []hclschema.Item {
	var out []hclschema.Item
	for _, it := range items {
		if !p.ReturnsEntity(it.Entity) {
			out = append(out, it)
		}
	}
	return out
}

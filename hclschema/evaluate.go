package hclschema

import (
	"bytes"
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// The one evaluator of the language: binding a pattern's inputs, evaluating
// templates and key conditions, sparse conditions and filters on items, and
// comparing values in DynamoDB's order. lint, the oracle, verify and doc
// call it; no other package builds an hcl.EvalContext.

// evalContext returns an evaluation context with vars and the schema
// functions.
func evalContext(vars map[string]cty.Value) *hcl.EvalContext {
	if vars == nil {
		vars = map[string]cty.Value{}
	}
	return &hcl.EvalContext{Variables: vars, Functions: functions}
}

// Eval evaluates the template with vars bound to names (attributes or
// inputs), with Eval's bounds; diagnostics carry CodeInvalidTemplate.
func (t *Template) Eval(vars map[string]cty.Value) (cty.Value, hcl.Diagnostics) {
	return Eval(t.expr, evalContext(vars), CodeInvalidTemplate)
}

// Eval evaluates one part of a template with vars bound to names.
func (p *Part) Eval(vars map[string]cty.Value) (cty.Value, hcl.Diagnostics) {
	return Eval(p.expr, evalContext(vars), CodeInvalidTemplate)
}

// TypeWith evaluates the template with every name in types bound to an
// unknown value of its type; it returns the result type, or false when
// the evaluation fails or the type is not known.
func (t *Template) TypeWith(types map[string]cty.Type) (cty.Type, bool) {
	vars := map[string]cty.Value{}
	for n, ty := range types {
		vars[n] = cty.UnknownVal(ty)
	}
	v, ds := t.Eval(vars)
	if ds.HasErrors() || v.Type() == cty.DynamicPseudoType {
		return cty.NilType, false
	}
	return v.Type(), true
}

// Bound is an access pattern's key conditions with their operands evaluated
// for one set of inputs.
type Bound struct {
	Pattern *AccessPattern
	// Inputs are the input values the operands were evaluated with.
	Inputs map[string]cty.Value
	// Operands holds, per condition (same order as Pattern.Conditions), the
	// evaluated operands (one, or two for between), converted to the key
	// attribute's type when they convert.
	Operands [][]cty.Value
}

// Bind evaluates the pattern's key condition operands with inputs; every
// input of the pattern must be set (not null).
func Bind(p *AccessPattern, inputs map[string]cty.Value) (*Bound, error) {
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
	b := &Bound{Pattern: p, Inputs: vars}
	for _, c := range p.Conditions {
		var ops []cty.Value
		for _, arg := range c.Args {
			v, ds := arg.Eval(vars)
			if ds.HasErrors() {
				return nil, fmt.Errorf("access pattern %q: condition on %s: %s", p.Name, c.Attr, ds.Error())
			}
			if v.IsNull() || !v.IsKnown() {
				return nil, fmt.Errorf("access pattern %q: condition on %s evaluates to null", p.Name, c.Attr)
			}
			if k, ok := p.Index.KeyAttr(c.Attr); ok {
				want := cty.String
				if k.Type == TypeN {
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
// also be in the pattern's index: Item.InIndex).
func (b *Bound) Matches(item Item) bool {
	for i, c := range b.Pattern.Conditions {
		v, ok := item.Attrs[c.Attr]
		if !ok || v.IsNull() {
			return false
		}
		if !c.Op.Match(v, b.Operands[i]) {
			return false
		}
	}
	return true
}

// Match reports whether a key attribute value v satisfies the operator with
// the operands args, as DynamoDB evaluates a key condition.
func (op ConditionOp) Match(v cty.Value, args []cty.Value) bool {
	if len(args) == 0 {
		return false
	}
	switch op {
	case OpBeginsWith:
		if v.IsNull() || !v.IsKnown() || args[0].IsNull() || !args[0].IsKnown() || v.Type() != cty.String || args[0].Type() != cty.String {
			return false
		}
		return bytes.HasPrefix([]byte(v.AsString()), []byte(args[0].AsString()))
	case OpBetween:
		if len(args) < 2 {
			return false
		}
		lo, ok1 := Compare(v, args[0])
		hi, ok2 := Compare(v, args[1])
		return ok1 && ok2 && lo >= 0 && hi <= 0
	}
	c, ok := Compare(v, args[0])
	return ok && op.Holds(c)
}

// Compare orders two scalar values as DynamoDB does: strings by unsigned
// UTF-8 bytes, numbers numerically. ok is false when the types differ, a
// value is null or unknown, or the type is not comparable.
func Compare(a, b cty.Value) (c int, ok bool) {
	if a == cty.NilVal || b == cty.NilVal || a.IsNull() || b.IsNull() || !a.IsKnown() || !b.IsKnown() || !a.Type().Equals(b.Type()) {
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

// Filter evaluates the pattern's filter on an item (true without a
// filter). Bare names are the item's attributes, input.NAME the bound
// inputs. As in DynamoDB (checked live by TestVerifyFilterSemantics): a
// comparison with a missing attribute holds for != only, also when both
// sides are missing attributes (nick != alias); attr == null holds when
// attr is missing; a comparison that fails (mistyped values) does not
// hold; &&, || and ! combine the results (!(age > 3) holds without age).
func (b *Bound) Filter(it Item) bool {
	p := b.Pattern
	if p.Filter == nil {
		return true
	}
	vars := map[string]cty.Value{}
	for _, e := range p.Entities {
		for k, v := range nullVars(e) {
			vars[k] = v
		}
	}
	for k, v := range it.Attrs {
		vars[k] = v
	}
	vars["input"] = cty.EmptyObjectVal
	if len(b.Inputs) > 0 {
		vars["input"] = cty.ObjectVal(b.Inputs)
	}
	return p.Filter.holds(vars)
}

func (c *Cond) holds(vars map[string]cty.Value) bool {
	h, known := c.eval(vars)
	return known && h
}

// eval evaluates the condition as DynamoDB does, in three states: known is
// false when the outcome depends on an unknown value (an input bound to
// cty.DynamicVal); an evaluation error is a known false.
func (c *Cond) eval(vars map[string]cty.Value) (holds, known bool) {
	present := func(p Path) bool {
		_, ok := PathValue(vars, p)
		return ok
	}
	switch c.Kind {
	case CondAnd:
		a, ka := c.Sub[0].eval(vars)
		b, kb := c.Sub[1].eval(vars)
		if (ka && !a) || (kb && !b) {
			return false, true
		}
		return a && b, ka && kb
	case CondOr:
		a, ka := c.Sub[0].eval(vars)
		b, kb := c.Sub[1].eval(vars)
		if (ka && a) || (kb && b) {
			return true, true
		}
		return false, ka && kb
	case CondNot:
		a, ka := c.Sub[0].eval(vars)
		return !a, ka
	case CondExists:
		return present(c.TestedPath()), true
	case CondNotExists:
		return !present(c.TestedPath()), true
	case CondCompare:
		// DynamoDB: a comparison with a missing attribute (or part of
		// one) holds for <> only (also when both are missing).
		for _, t := range []*Template{c.Left, c.Right} {
			if p, ok := t.DocPath(); ok && !present(p) {
				return c.Op == CmpNe, true
			}
		}
	case CondAttr:
		if c.Path.Nested() && !present(c.Path) {
			return false, true
		}
	}
	v, ds := Eval(c.expr, evalContext(vars), CodeInvalidCondition)
	if ds.HasErrors() {
		return false, true
	}
	v, err := convert.Convert(v, cty.Bool)
	if err != nil {
		return false, true
	}
	if !v.IsKnown() {
		return false, false
	}
	return !v.IsNull() && v.True(), true
}

// WhenHolds evaluates the sparse condition of an index block on an item's
// attributes (absent attributes are null), as the writer of the item does
// (HCL semantics). ok is false when the block has no condition or it cannot
// be evaluated.
func (ei *EntityIndex) WhenHolds(it Item) (holds, ok bool) {
	if ei == nil || ei.When == nil || it.Entity == nil {
		return false, false
	}
	vars := it.ItemVars()
	v, ds := Eval(ei.When.expr, evalContext(vars), CodeInvalidTemplate)
	if ds.HasErrors() {
		return false, false
	}
	v, err := convert.Convert(v, cty.Bool)
	if err != nil || !v.IsKnown() {
		return false, false
	}
	return !v.IsNull() && v.True(), true
}

// ItemVars binds every attribute of the item's entity, computed ones
// included: its value, or a typed null when the item does not have it.
func (it Item) ItemVars() map[string]cty.Value {
	vars := map[string]cty.Value{}
	if it.Entity != nil {
		for _, a := range it.Entity.Attributes {
			if x, ok := it.Attrs[a.Name]; ok {
				vars[a.Name] = x
			} else {
				vars[a.Name] = cty.NullVal(a.Type)
			}
		}
		for _, c := range it.Entity.Computed {
			if x, ok := it.Attrs[c.Attr]; ok {
				vars[c.Attr] = x
			} else {
				vars[c.Attr] = cty.NullVal(c.Type)
			}
		}
	}
	return vars
}

// ExampleVars returns the attribute values of an example as variables, or
// nil when the example has none.
func (ex *Example) ExampleVars() map[string]cty.Value {
	if ex == nil || ex.Values == cty.NilVal || !ex.Values.Type().IsObjectType() || !ex.Values.IsKnown() || ex.Values.IsNull() {
		return nil
	}
	vars := ex.Values.AsValueMap()
	if vars == nil {
		vars = map[string]cty.Value{}
	}
	return vars
}

// InputSet is one set of input values of an access pattern.
type InputSet struct {
	// Values holds a value for every input of the pattern.
	Values map[string]cty.Value
	// Pattern is the pattern example (explicit input set) the values come
	// from, or nil.
	Pattern *PatternExample
	// Example is the example item of a result entity whose attributes gave
	// the values, or nil.
	Example *Example
}

// Explicit reports whether the set is one of the pattern's own example
// blocks: the author says what the pattern finds for it.
func (s InputSet) Explicit() bool { return s.Pattern != nil }

// InputSets returns the input sets the checks run a pattern with: the
// pattern's explicit examples in order, then, per result entity in order,
// one set per example item that has a non-null value for every input (for
// a pattern without inputs, one empty set per example item). Sets are not
// deduplicated. They are computed once per pattern and shared: callers
// must not modify them.
func InputSets(p *AccessPattern) []InputSet {
	return p.inputSets.get(func() []InputSet { return inputSets(p) })
}

func inputSets(p *AccessPattern) []InputSet {
	var out []InputSet
	for _, ex := range p.Examples {
		out = append(out, InputSet{Values: ex.Inputs, Pattern: ex})
	}
	for _, e := range p.Entities {
		for _, ex := range e.Examples {
			vals := ex.ExampleVars()
			if vals == nil {
				continue
			}
			m := map[string]cty.Value{}
			ok := true
			for _, in := range p.Inputs {
				v, has := vals[in.Name]
				if !has || v.IsNull() {
					ok = false
					break
				}
				m[in.Name] = v
			}
			if ok {
				out = append(out, InputSet{Values: m, Example: ex})
			}
		}
	}
	return out
}

// FilterValue evaluates a value operand of the pattern's filter (a literal,
// input.NAME, a function of inputs) with the bound inputs.
func (b *Bound) FilterValue(t *Template) (cty.Value, error) {
	in := cty.EmptyObjectVal
	if len(b.Inputs) > 0 {
		in = cty.ObjectVal(b.Inputs)
	}
	v, ds := t.Eval(map[string]cty.Value{"input": in})
	if ds.HasErrors() {
		return cty.NilVal, fmt.Errorf("%s: %s", t.Range(), diagText(ds))
	}
	return v, nil
}

// TestedPath is the path a CondAttr, CondExists or CondNotExists tests:
// the attribute, or a part of it (attribute_exists(Detail.Payments)).
func (c *Cond) TestedPath() Path {
	if len(c.Path) > 0 {
		return c.Path
	}
	return AttrPath(c.Attr)
}

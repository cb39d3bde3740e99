package hclschema

import (
	"fmt"
	"math/big"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// The evaluator of write patterns: the item a write targets, its
// condition on the stored item, and the item it leaves.

// CheckInputs converts inputs to the write pattern's input types; every
// input a write needs to identify its item must be set.
func (w *WritePattern) CheckInputs(inputs map[string]cty.Value) (map[string]cty.Value, error) {
	out := map[string]cty.Value{}
	for _, in := range w.Inputs {
		v, ok := inputs[in.Name]
		if !ok || v == cty.NilVal {
			continue
		}
		cv, err := convert.Convert(v, in.Type)
		if err != nil {
			return nil, fmt.Errorf("write pattern %q: input %q: %s", w.Name, in.Name, err)
		}
		out[in.Name] = cv
	}
	return out, nil
}

// values returns the values a write takes its item (a put) or its key (an
// update, a delete) from: its label's object input (input.order_item) for
// a labelled write, else the pattern's shared inputs.
func (wr *Write) values(inputs map[string]cty.Value) map[string]cty.Value {
	if wr.Label == "" {
		if wr.Pattern != nil {
			return wr.Pattern.Scope(inputs)
		}
		return inputs
	}
	out := map[string]cty.Value{}
	v, ok := inputs[wr.Label]
	if !ok || v == cty.NilVal || v.IsNull() || !v.IsKnown() || !(v.Type().IsObjectType() || v.Type().IsMapType()) {
		return out
	}
	for k, x := range v.AsValueMap() {
		if x != cty.NilVal && !x.IsNull() {
			out[k] = x
		}
	}
	return out
}

// Values returns the values the write takes its item or key from (its
// label's object input, or the shared inputs): the attributes Names
// lists, as given.
func (wr *Write) Values(inputs map[string]cty.Value) map[string]cty.Value {
	return wr.values(inputs)
}

// Scope returns the object expressions read as input: every input, plus
// each shared name that stands for one labelled write's input
// (input.Quantity for input.order_item.Quantity).
func (w *WritePattern) Scope(inputs map[string]cty.Value) map[string]cty.Value {
	if len(w.aliases) == 0 {
		return inputs
	}
	out := make(map[string]cty.Value, len(inputs)+len(w.aliases))
	for k, v := range inputs {
		out[k] = v
	}
	for n, r := range w.aliases {
		obj, ok := inputs[r.Label]
		if !ok || obj == cty.NilVal || obj.IsNull() || !obj.IsKnown() || !obj.Type().IsObjectType() || !obj.Type().HasAttribute(r.Attr) {
			continue
		}
		out[n] = obj.GetAttr(r.Attr)
	}
	return out
}

// inputObject is the "input" variable of the write's expressions.
func (wr *Write) inputObject(inputs map[string]cty.Value) cty.Value {
	if wr.Pattern != nil {
		inputs = wr.Pattern.Scope(inputs)
	}
	if len(inputs) == 0 {
		return cty.EmptyObjectVal
	}
	return cty.ObjectVal(inputs)
}

// entityValues returns an object of the entity's attributes taken from
// inputs (null when not given).
func entityValues(e *Entity, inputs map[string]cty.Value) cty.Value {
	m := map[string]cty.Value{}
	for _, a := range e.Attributes {
		m[a.Name] = cty.NullVal(a.Type)
		if v, ok := inputs[a.Name]; ok && !v.IsNull() {
			if cv, err := convert.Convert(v, a.Type); err == nil {
				m[a.Name] = cv
			}
		}
	}
	return cty.ObjectVal(m)
}

// TargetKey returns the primary key of the item the write touches for the
// inputs, in the table's key order: the new item's for a put (Apply), the
// one Key computes for an update or delete.
func (wr *Write) TargetKey(inputs map[string]cty.Value) ([]cty.Value, error) {
	if wr.Op == WritePut {
		it, _, err := wr.Apply(nil, inputs)
		if err != nil {
			return nil, err
		}
		return it.PrimaryKey(), nil
	}
	return wr.Key(inputs)
}

// Key returns the primary key of the item the write targets, computed from
// the inputs, in the table's key order.
func (wr *Write) Key(inputs map[string]cty.Value) ([]cty.Value, error) {
	vals := map[string]cty.Value{}
	own := wr.values(inputs)
	for _, n := range wr.Entity.KeyNames() {
		v, ok := own[wr.InputFor(n)]
		if !ok || v.IsNull() {
			if wr.Label != "" {
				return nil, fmt.Errorf("%s of %s: input %s.%s is not set", wr.Op, wr.Entity.Name, wr.Label, wr.InputFor(n))
			}
			return nil, fmt.Errorf("%s of %s: input %q is not set", wr.Op, wr.Entity.Name, wr.InputFor(n))
		}
		vals[n] = v
	}
	it, err := wr.Entity.Item(entityValues(wr.Entity, vals))
	if err != nil {
		return nil, fmt.Errorf("%s of %s: %w", wr.Op, wr.Entity.Name, err)
	}
	return it.PrimaryKey(), nil
}

// ConditionHolds evaluates the write's condition on the stored item (nil
// when there is none) with the inputs, as DynamoDB does: a missing item has
// no attributes, so attribute_not_exists(PK) holds and a comparison with
// one of its attributes fails. A write without a condition always holds.
func (wr *Write) ConditionHolds(stored *Item, inputs map[string]cty.Value) bool {
	if wr.Condition == nil {
		return true
	}
	vars := nullVars(wr.Entity)
	if stored != nil {
		for k, v := range stored.Attrs {
			vars[k] = v
		}
	}
	vars["input"] = wr.inputObject(inputs)
	return wr.Condition.holds(vars)
}

// ConditionOn evaluates the write's condition on a stored item without the
// caller's inputs: known is false when the outcome depends on an input
// (version == input.expected_version). A write without a condition holds.
// Estimates use it to count only the stored items a successful call can
// have written (an update conditioned on status == "DRAFT" never succeeds
// on an OPEN item).
func (wr *Write) ConditionOn(stored Item) (holds, known bool) {
	if wr.Condition == nil {
		return true, true
	}
	vars := nullVars(wr.Entity)
	for k, v := range stored.Attrs {
		vars[k] = v
	}
	vars["input"] = cty.DynamicVal
	return wr.Condition.eval(vars)
}

// Apply returns the item the write leaves when its condition holds: the
// new item of a put, the updated item of an update (created from the key
// when nothing is stored, as UpdateItem does), and ok false for a delete.
// Index keys are recomputed from the new attributes, as the writer does.
func (wr *Write) Apply(stored *Item, inputs map[string]cty.Value) (it Item, ok bool, err error) {
	e := wr.Entity
	switch wr.Op {
	case WriteDelete:
		return Item{}, false, nil
	case WritePut:
		it, err := e.Item(entityValues(e, wr.itemInputs(wr.values(inputs))))
		if err != nil {
			return Item{}, false, fmt.Errorf("put of %s: %w", e.Name, err)
		}
		return it, true, nil
	}
	own := wr.values(inputs)
	vals := map[string]cty.Value{}
	if stored != nil {
		for _, a := range e.Attributes {
			if v, ok := stored.Attrs[a.Name]; ok {
				vals[a.Name] = v
			}
		}
	} else {
		for _, n := range e.KeyNames() {
			if v, ok := own[wr.InputFor(n)]; ok {
				vals[n] = v
			}
		}
	}
	// Every value reads the item as it was before the update.
	orig := vals
	if stored != nil {
		orig = stored.Attrs
	}
	scope := map[string]cty.Value{"input": wr.inputObject(inputs)}
	next := make(map[string]cty.Value, len(vals))
	for k, v := range vals {
		next[k] = v
	}
	for _, ua := range wr.Set {
		v, err := evalUpdate(e, ua.Expr, orig, scope)
		if err != nil {
			return Item{}, false, fmt.Errorf("update of %s: set %s: %w", e.Name, ua.Path, err)
		}
		if err := setPath(e, next, ua.Path, v); err != nil {
			return Item{}, false, err
		}
	}
	for _, ua := range wr.Add {
		v, ds := ua.Value.Eval(scope)
		if ds.HasErrors() {
			return Item{}, false, fmt.Errorf("update of %s: add %s: %s", e.Name, ua.Attr, diagText(ds))
		}
		n, err := convert.Convert(v, cty.Number)
		if err != nil || n.IsNull() {
			return Item{}, false, fmt.Errorf("update of %s: add %s: not a number", e.Name, ua.Attr)
		}
		if old, ok := next[ua.Attr]; ok && !old.IsNull() {
			sum := new(big.Float).Add(old.AsBigFloat(), n.AsBigFloat())
			n = cty.NumberVal(sum)
		}
		next[ua.Attr] = n
	}
	for _, ua := range wr.Remove {
		if err := setPath(e, next, ua.Path, cty.NilVal); err != nil {
			return Item{}, false, err
		}
	}
	it, err = e.Item(entityValues(e, next))
	if err != nil {
		return Item{}, false, fmt.Errorf("update of %s: %w", e.Name, err)
	}
	return it, true, nil
}

// setPath sets (or, with cty.NilVal, removes) the part of the attributes
// vals that path p names, as DynamoDB updates a document; a path whose
// parent the item lacks is an InvalidUpdateError.
func setPath(e *Entity, vals map[string]cty.Value, p Path, v cty.Value) error {
	root := p.Attr()
	if !p.Nested() {
		if v == cty.NilVal {
			delete(vals, root)
		} else {
			vals[root] = v
		}
		return nil
	}
	cur, ok := vals[root]
	if !ok {
		cur = cty.NilVal
	}
	nv, err := withPath(cur, p[1:], v)
	if err != nil {
		return &InvalidUpdateError{Entity: e.Name, Detail: fmt.Sprintf("%s: %s", p, err)}
	}
	if nv != cty.NilVal {
		vals[root] = nv
	}
	return nil
}

// ApplyKnown returns the item an update leaves on stored as far as it is
// known without the caller's inputs: a set to a literal, an add of a
// literal to a stored number (or to an absent one, from 0) and a remove are
// applied; an attribute whose new value comes from an input keeps its
// stored value and is listed in unknown. A put or delete returns stored
// unchanged.
func (wr *Write) ApplyKnown(stored Item) (it Item, unknown []string, err error) {
	e := wr.Entity
	if wr.Op != WriteUpdate {
		return stored, nil, nil
	}
	vals := map[string]cty.Value{}
	for _, a := range e.Attributes {
		if v, ok := stored.Attrs[a.Name]; ok {
			vals[a.Name] = v
		}
	}
	orig := stored.Attrs
	for _, ua := range wr.Set {
		known := ua.Expr != nil
		for _, o := range ua.Expr.Operands() {
			if _, ok := o.Operand.Literal(); !ok {
				known = false
			}
		}
		if known {
			if v, err := evalUpdate(e, ua.Expr, orig, map[string]cty.Value{"input": cty.EmptyObjectVal}); err == nil && setPath(e, vals, ua.Path, v) == nil {
				continue
			}
		}
		unknown = append(unknown, ua.Attr)
	}
	for _, ua := range wr.Add {
		v, ok := ua.Value.Literal()
		if !ok {
			unknown = append(unknown, ua.Attr)
			continue
		}
		n, cerr := convert.Convert(v, cty.Number)
		if cerr != nil || n.IsNull() {
			return Item{}, nil, fmt.Errorf("update of %s: add %s: not a number", e.Name, ua.Attr)
		}
		if old, ok := vals[ua.Attr]; ok && !old.IsNull() {
			n = cty.NumberVal(new(big.Float).Add(old.AsBigFloat(), n.AsBigFloat()))
		}
		vals[ua.Attr] = n
	}
	for _, ua := range wr.Remove {
		if err := setPath(e, vals, ua.Path, cty.NilVal); err != nil {
			return Item{}, nil, err
		}
	}
	it, err = e.Item(entityValues(e, vals))
	if err != nil {
		return Item{}, nil, fmt.Errorf("update of %s: %w", e.Name, err)
	}
	return it, unknown, nil
}

// Touched returns the attributes an update sets, adds to or removes (the
// attribute a nested path changes), in that order; nil for a put or
// delete.
func (wr *Write) Touched() []string {
	var out []string
	for _, list := range [][]*UpdateAction{wr.Set, wr.Add, wr.Remove} {
		for _, ua := range list {
			out = append(out, ua.Attr)
		}
	}
	return out
}

// nullVars binds every attribute of e, computed ones included, to a typed
// null: the variables of a condition on an item that lacks them.
func nullVars(e *Entity) map[string]cty.Value {
	vars := map[string]cty.Value{}
	for _, a := range e.Attributes {
		vars[a.Name] = cty.NullVal(a.Type)
	}
	for _, c := range e.Computed {
		vars[c.Attr] = cty.NullVal(c.Type)
	}
	return vars
}

// Pin is an attribute a write's condition requires to equal a value the
// writer has: `orderDate == input.orderDate`.
type Pin struct {
	Attr string
	// Value is the value's template: a literal, input.NAME or a function
	// of those (never an attribute).
	Value *Template
}

// Pinned returns the attributes the write's condition requires to equal a
// value the writer has (a literal, an input or a function of those): the
// conjuncts `attr == value` of the condition, in its order. The writer
// knows these attributes of the stored item once the condition holds:
// lint's rules on what an update knows (TD150, TD151) and the generated
// writers ask it.
func (wr *Write) Pinned() []Pin {
	return wr.Condition.pinned()
}

func (c *Cond) pinned() []Pin {
	if c == nil {
		return nil
	}
	switch c.Kind {
	case CondAnd:
		var out []Pin
		for _, s := range c.Sub {
			out = append(out, s.pinned()...)
		}
		return out
	case CondCompare:
		if c.Op != CmpEq {
			return nil
		}
		l, lok := c.Left.Path()
		r, rok := c.Right.Path()
		switch {
		case lok && !rok && !c.Right.UsesAttrs():
			return []Pin{{Attr: l, Value: c.Right}}
		case rok && !lok && !c.Left.UsesAttrs():
			return []Pin{{Attr: r, Value: c.Left}}
		}
	}
	return nil
}

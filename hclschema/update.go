package hclschema

import (
	"fmt"
	"math/big"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// The value of an update's SET action, in the grammar DynamoDB runs: an
// operand, or two joined by + or -; an operand is a value the caller gives
// (a literal, input.NAME or a function of those), a path of the stored
// item (SET a = b, Detail.Payments), if_not_exists(path, operand) or
// list_append(operand, operand). Every path reads the item as it was
// before the update.

// UpdateValueKind tells the kinds of update values apart.
type UpdateValueKind int

// Update value kinds.
const (
	// ValueOperand is a value the caller gives: Operand, a template over
	// literals and inputs.
	ValueOperand UpdateValueKind = iota
	// ValuePath is the value at Path in the stored item (SET a = b).
	ValuePath
	// ValueIfNotExists is the value at Path, or Args[0] when the item has
	// none.
	ValueIfNotExists
	// ValueListAppend is the list Args[0] followed by the list Args[1].
	ValueListAppend
	// ValuePlus and ValueMinus add and subtract two numbers.
	ValuePlus
	ValueMinus
)

// UpdateValue is the value of a SET action.
type UpdateValue struct {
	Kind UpdateValueKind
	// Operand is a ValueOperand's template.
	Operand *Template
	// Path is the path a ValuePath or ValueIfNotExists reads.
	Path Path
	// Args are the arguments of if_not_exists (the default), list_append,
	// + and -.
	Args []*UpdateValue
	// Text is the source text, on one line.
	Text string
	rng  hcl.Range
}

// Range returns the value's source range.
func (u *UpdateValue) Range() hcl.Range { return u.rng }

// Paths returns every path the value reads, in source order.
func (u *UpdateValue) Paths() []Path {
	if u == nil {
		return nil
	}
	var out []Path
	if u.Kind == ValuePath || u.Kind == ValueIfNotExists {
		out = append(out, u.Path)
	}
	for _, a := range u.Args {
		out = append(out, a.Paths()...)
	}
	return out
}

// ReadsItem reports whether the value reads the stored item (a path).
func (u *UpdateValue) ReadsItem() bool { return len(u.Paths()) > 0 }

// Operands returns the ValueOperand leaves of the value, in source order:
// the values the caller gives.
func (u *UpdateValue) Operands() []*UpdateValue {
	if u == nil {
		return nil
	}
	if u.Kind == ValueOperand {
		return []*UpdateValue{u}
	}
	var out []*UpdateValue
	for _, a := range u.Args {
		out = append(out, a.Operands()...)
	}
	return out
}

// updateFuncs are the functions of DynamoDB's SET grammar.
const (
	fnListAppend  = "list_append"
	fnIfNotExists = "if_not_exists"
)

// updateValue decodes the value of a SET action; top is false inside a
// function (where + and - are not allowed). It reports what DynamoDB
// cannot run (TD009) at its position and returns nil then.
func (d *decoder) updateValue(expr hcl.Expression, top bool) *UpdateValue {
	u := &UpdateValue{Text: d.source(expr.Range()), rng: expr.Range()}
	x := expr
	for {
		p, ok := x.(*hclsyntax.ParenthesesExpr)
		if !ok {
			break
		}
		x = p.Expression
	}
	if p, ok := exprPath(x); ok {
		u.Kind, u.Path = ValuePath, p
		return u
	}
	switch e := x.(type) {
	case *hclsyntax.FunctionCallExpr:
		switch e.Name {
		case fnListAppend, fnIfNotExists:
			if len(e.Args) != 2 || e.ExpandFinal {
				d.errorf(CodeInvalidCondition, e.Range(), "Wrong number of arguments",
					"%s takes two arguments: %s.", e.Name, updateFuncForm[e.Name])
				return nil
			}
			if e.Name == fnIfNotExists {
				p, ok := exprPath(e.Args[0])
				if !ok {
					d.errorf(CodeInvalidCondition, e.Args[0].Range(), "if_not_exists needs a path",
						"The first argument of if_not_exists names the attribute (or path) of the stored item it tests, like if_not_exists(createdAt, input.now).")
					return nil
				}
				def := d.updateValue(e.Args[1], false)
				if def == nil {
					return nil
				}
				u.Kind, u.Path, u.Args = ValueIfNotExists, p, []*UpdateValue{def}
				return u
			}
			a, b := d.updateValue(e.Args[0], false), d.updateValue(e.Args[1], false)
			if a == nil || b == nil {
				return nil
			}
			u.Kind, u.Args = ValueListAppend, []*UpdateValue{a, b}
			return u
		}
	case *hclsyntax.BinaryOpExpr:
		if e.Op == hclsyntax.OpAdd || e.Op == hclsyntax.OpSubtract {
			a, b := d.updateValue(e.LHS, false), d.updateValue(e.RHS, false)
			if a == nil || b == nil {
				return nil
			}
			if a.ReadsItem() || b.ReadsItem() {
				if !top {
					d.errorf(CodeInvalidCondition, e.Range(), "Arithmetic inside a function",
						"DynamoDB adds or subtracts only at the top of a SET value (SET a = b + :v), not inside list_append or if_not_exists.")
					return nil
				}
				u.Kind, u.Args = ValuePlus, []*UpdateValue{a, b}
				if e.Op == hclsyntax.OpSubtract {
					u.Kind = ValueMinus
				}
				return u
			}
			// Arithmetic over the caller's values only: one operand.
		}
	}
	t := d.newTemplate(expr)
	if t.UsesAttrs() {
		d.errorf(CodeInvalidCondition, expr.Range(), "Value computed from an attribute",
			"DynamoDB cannot compute %s from the stored item. A SET value is a value the caller gives (a literal, input.NAME or a function of those), a path of the item (SET a = b), if_not_exists(path, value), list_append(a, b), or two of those joined by + or -.", u.Text)
		return nil
	}
	u.Kind, u.Operand = ValueOperand, t
	return u
}

var updateFuncForm = map[string]string{
	fnListAppend:  "list_append(list, list), like list_append(Detail.Payments, [input.payment])",
	fnIfNotExists: "if_not_exists(path, value), like if_not_exists(createdAt, input.now)",
}

// updateType returns the static type of an update value, with types
// giving the types of the stored item's paths and the inputs (the
// evaluation scope's "input" object); it reports a mismatch at its
// position and returns false.
func (d *decoder) updateType(u *UpdateValue, pathType func(Path, hcl.Range) (cty.Type, bool), inputs cty.Value) (cty.Type, bool) {
	switch u.Kind {
	case ValueOperand:
		v, ds := Eval(u.Operand.expr, evalContext(map[string]cty.Value{"input": inputs}), CodeInvalidTemplate)
		if ds.HasErrors() {
			d.add(ds, CodeInvalidTemplate)
			return cty.NilType, false
		}
		return v.Type(), true
	case ValuePath:
		return pathType(u.Path, u.rng)
	case ValueIfNotExists:
		pt, ok := pathType(u.Path, u.rng)
		if !ok {
			return cty.NilType, false
		}
		dt, ok := d.updateType(u.Args[0], pathType, inputs)
		if !ok {
			return cty.NilType, false
		}
		if !convertible(dt, pt) {
			d.errorf(CodeInvalidType, u.Args[0].rng, "Default of another type",
				"The default of if_not_exists(%s, ...) is %s; %s is %s.", u.Path, friendly(dt), u.Path, friendly(pt))
			return cty.NilType, false
		}
		return pt, true
	case ValueListAppend:
		var elem cty.Type
		for _, a := range u.Args {
			t, ok := d.updateType(a, pathType, inputs)
			if !ok {
				return cty.NilType, false
			}
			switch {
			case t == cty.DynamicPseudoType:
			case t.IsListType():
				elem = unify(elem, t.ElementType())
			case t.IsTupleType():
				for _, et := range t.TupleElementTypes() {
					elem = unify(elem, et)
				}
			default:
				d.errorf(CodeInvalidType, a.rng, "list_append of a non-list",
					"list_append joins two lists; %s is %s.", a.Text, friendly(t))
				return cty.NilType, false
			}
		}
		if elem == cty.NilType {
			elem = cty.DynamicPseudoType
		}
		return cty.List(elem), true
	case ValuePlus, ValueMinus:
		for _, a := range u.Args {
			t, ok := d.updateType(a, pathType, inputs)
			if !ok {
				return cty.NilType, false
			}
			if t != cty.Number && t != cty.DynamicPseudoType {
				d.errorf(CodeInvalidType, a.rng, "Arithmetic on a non-number",
					"DynamoDB adds and subtracts numbers; %s is %s.", a.Text, friendly(t))
				return cty.NilType, false
			}
		}
		return cty.Number, true
	}
	return cty.NilType, false
}

// unify returns the element type two list parts share: the first one
// known, or DynamicPseudoType when they differ (the conversion to the
// target type decides).
func unify(a, b cty.Type) cty.Type {
	switch {
	case a == cty.NilType:
		return b
	case a.Equals(b):
		return a
	}
	return cty.DynamicPseudoType
}

// convertible reports whether a value of type from can be stored where
// type to is declared.
func convertible(from, to cty.Type) bool {
	if from == cty.DynamicPseudoType || to == cty.DynamicPseudoType || from.Equals(to) {
		return true
	}
	return convert.GetConversionUnsafe(from, to) != nil
}

// InvalidUpdateError is an update DynamoDB rejects for the stored item
// with a ValidationException: a path it reads that the item lacks (SET a
// = b without b, list_append of an absent list, arithmetic on an absent
// number), or a document path whose parent does not exist. The oracle
// reports it as DynamoDB does.
type InvalidUpdateError struct {
	Entity, Detail string
}

func (e *InvalidUpdateError) Error() string {
	return fmt.Sprintf("update of %s: %s (DynamoDB rejects it with a ValidationException)", e.Entity, e.Detail)
}

// evalUpdate evaluates a SET value over the stored item's attributes
// (before the update) and the inputs scope.
func evalUpdate(e *Entity, u *UpdateValue, stored map[string]cty.Value, scope map[string]cty.Value) (cty.Value, error) {
	switch u.Kind {
	case ValueOperand:
		v, ds := u.Operand.Eval(scope)
		if ds.HasErrors() {
			return cty.NilVal, fmt.Errorf("%s: %s", u.Text, diagText(ds))
		}
		return v, nil
	case ValuePath:
		v, ok := PathValue(stored, u.Path)
		if !ok {
			return cty.NilVal, &InvalidUpdateError{Entity: e.Name, Detail: fmt.Sprintf("the value reads %s, which the item does not have (the provided expression refers to an attribute that does not exist in the item)", u.Path)}
		}
		return v, nil
	case ValueIfNotExists:
		if v, ok := PathValue(stored, u.Path); ok {
			return v, nil
		}
		return evalUpdate(e, u.Args[0], stored, scope)
	case ValueListAppend:
		var elems []cty.Value
		for _, a := range u.Args {
			v, err := evalUpdate(e, a, stored, scope)
			if err != nil {
				return cty.NilVal, err
			}
			if v.IsNull() || !(v.Type().IsListType() || v.Type().IsTupleType()) {
				return cty.NilVal, &InvalidUpdateError{Entity: e.Name, Detail: fmt.Sprintf("list_append of %s, which is not a list", a.Text)}
			}
			elems = append(elems, v.AsValueSlice()...)
		}
		return cty.TupleVal(elems), nil
	case ValuePlus, ValueMinus:
		var ns [2]*big.Float
		for i, a := range u.Args {
			v, err := evalUpdate(e, a, stored, scope)
			if err != nil {
				return cty.NilVal, err
			}
			n, cerr := convert.Convert(v, cty.Number)
			if cerr != nil || n.IsNull() {
				return cty.NilVal, &InvalidUpdateError{Entity: e.Name, Detail: fmt.Sprintf("%s is not a number", a.Text)}
			}
			ns[i] = n.AsBigFloat()
		}
		if u.Kind == ValueMinus {
			return cty.NumberVal(new(big.Float).Sub(ns[0], ns[1])), nil
		}
		return cty.NumberVal(new(big.Float).Add(ns[0], ns[1])), nil
	}
	return cty.NilVal, fmt.Errorf("%s: not an update value", u.Text)
}

// pathTypeIn returns a function typing the paths of entity e's items:
// a declared or computed attribute, then its parts; a name that is no
// attribute, or a step its type does not have, is reported (TD006).
func (d *decoder) pathTypeIn(e *Entity) func(Path, hcl.Range) (cty.Type, bool) {
	return func(p Path, rng hcl.Range) (cty.Type, bool) {
		t := e.StoredType(p.Attr())
		if t == cty.NilType {
			if !d.isBroken(e, p.Attr()) {
				d.errorf(CodeUnknownVariable, rng, "Unknown attribute",
					"%s reads %q, which is not an attribute of %q.%s", p, p.Attr(), e.Name, diag.DidYouMean(p.Attr(), e.StoredNames()))
			}
			return cty.NilType, false
		}
		pt, err := TypeAt(t, p)
		if err != nil {
			d.errorf(CodeUnknownVariable, rng, "Invalid document path", "%s: %s.", p, err)
			return cty.NilType, false
		}
		return pt, true
	}
}

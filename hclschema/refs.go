package hclschema

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// reference decodes a reference like table.app or entity.Order: a traversal
// of exactly two steps whose root is root and whose second step is an
// attribute name. Any other expression (an index step entity[0], a number
// step entity.0, a third step table.a.b, a splat, a function call, a
// literal) is reported as TD002 on the tightest range that is wrong, and ok
// is false. what names the argument in the message ("table", "entity").
func (d *decoder) reference(expr hcl.Expression, root, what string) (name string, rng hcl.Range, ok bool) {
	example := root + ".NAME"
	tr, ds := hcl.AbsTraversalForExpr(expr)
	if ds.HasErrors() || len(tr) == 0 {
		hint := ""
		if v, vds := Eval(expr, nil, CodeInvalidValue); !vds.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() && validName(v.AsString()) {
			hint = " Did you mean " + root + "." + v.AsString() + "?"
		}
		d.errorf(CodeInvalidValue, expr.Range(), "Invalid "+what+" reference",
			"The %s must be a reference like %s, not an expression.%s", what, example, hint)
		return "", expr.Range(), false
	}
	if tr.RootName() != root {
		r := tr[0].SourceRange()
		d.errorf(CodeInvalidValue, r, "Invalid "+what+" reference",
			"%s %s reference starts with %q, like %s; got %q.", article(what), what, root, example, tr.RootName())
		return "", r, false
	}
	if len(tr) < 2 {
		d.errorf(CodeInvalidValue, expr.Range(), "Incomplete "+what+" reference",
			"The reference %q names no %s: write %s.", root, what, example)
		return "", expr.Range(), false
	}
	step := tr[1]
	attr, isAttr := step.(hcl.TraverseAttr)
	if !isAttr {
		r := step.SourceRange()
		hint := ""
		if ix, isIndex := step.(hcl.TraverseIndex); isIndex && ix.Key.Type() == cty.String && !ix.Key.IsNull() && ix.Key.IsKnown() {
			if s := ix.Key.AsString(); validName(s) {
				hint = " Did you mean " + root + "." + s + "?"
			}
		}
		d.errorf(CodeInvalidValue, r, "Invalid "+what+" reference",
			"%s %s is referred to by its name, like %s; an index or a number cannot name it.%s", article(what), what, example, hint)
		return "", r, false
	}
	if len(tr) > 2 {
		r := hcl.RangeBetween(tr[2].SourceRange(), tr[len(tr)-1].SourceRange())
		d.errorf(CodeInvalidValue, r, "Invalid "+what+" reference",
			"%s %s reference has two parts, like %s; remove the rest.", article(what), what, example)
		return "", r, false
	}
	return attr.Name, expr.Range(), true
}

// article returns "An" before a vowel, else "A".
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "An"
	}
	return "A"
}

// exampleRefForm is the form of a reference to an example item.
const exampleRefForm = `entity.NAME.example["LABEL"]`

// exampleReference decodes a reference to an example item:
// entity.NAME.example["LABEL"]. Any other form (a string, a number or a
// name as the label, a missing or extra step, a function call) is reported
// as TD002 on the tightest range that is wrong, and ok is false. It returns
// the entity name, the label, and the range of the label step.
func (d *decoder) exampleReference(expr hcl.Expression) (entity, label string, labelRange hcl.Range, ok bool) {
	tr, ds := hcl.AbsTraversalForExpr(expr)
	if ds.HasErrors() || len(tr) == 0 {
		hint := ""
		if v, vds := Eval(expr, nil, CodeInvalidValue); !vds.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
			hint = fmt.Sprintf(" A string cannot name an example: write entity.NAME.example[%q].", v.AsString())
		}
		d.errorf(CodeInvalidValue, expr.Range(), "Invalid example reference",
			"An expected item is a reference to an example item, like %s.%s", exampleRefForm, hint)
		return "", "", expr.Range(), false
	}
	bad := func(r hcl.Range, detail string, args ...any) (string, string, hcl.Range, bool) {
		d.errorf(CodeInvalidValue, r, "Invalid example reference", detail, args...)
		return "", "", r, false
	}
	if tr.RootName() != "entity" {
		return bad(tr[0].SourceRange(), "An example reference starts with \"entity\", like %s; got %q.", exampleRefForm, tr.RootName())
	}
	if len(tr) < 2 {
		return bad(expr.Range(), "The reference names no entity: write %s.", exampleRefForm)
	}
	ent, isAttr := tr[1].(hcl.TraverseAttr)
	if !isAttr {
		return bad(tr[1].SourceRange(), "An entity is referred to by its name, like %s; an index or a number cannot name it.", exampleRefForm)
	}
	if len(tr) < 3 {
		return bad(expr.Range(), "The reference names entity %q but no example: write entity.%s.example[\"LABEL\"].", ent.Name, ent.Name)
	}
	ex, isAttr := tr[2].(hcl.TraverseAttr)
	if !isAttr || ex.Name != "example" {
		hint := ""
		if isAttr {
			hint = diag.DidYouMean(ex.Name, []string{"example"})
		}
		return bad(tr[2].SourceRange(), "After the entity comes \"example\", like entity.%s.example[\"LABEL\"].%s", ent.Name, hint)
	}
	if len(tr) < 4 {
		return bad(expr.Range(), "The reference names no example of entity %q: write entity.%s.example[\"LABEL\"] with the example's label.", ent.Name, ent.Name)
	}
	switch step := tr[3].(type) {
	case hcl.TraverseIndex:
		if step.Key.Type() == cty.String && step.Key.IsKnown() && !step.Key.IsNull() {
			label = step.Key.AsString()
			break
		}
		what := "this value"
		if step.Key.Type() == cty.Number {
			what = "a number"
		}
		return bad(step.SourceRange(), "An example is named by its label, a string like entity.%s.example[\"o1\"]; %s cannot name it. Give the example a label: example \"o1\" { ... }.", ent.Name, what)
	case hcl.TraverseAttr:
		return bad(step.SourceRange(), "An example label is written as a string index: entity.%s.example[%q].", ent.Name, step.Name)
	default:
		return bad(step.SourceRange(), "An example is named by its label, like entity.%s.example[\"o1\"].", ent.Name)
	}
	if len(tr) > 4 {
		r := hcl.RangeBetween(tr[4].SourceRange(), tr[len(tr)-1].SourceRange())
		return bad(r, "An example reference ends with the label, like %s; remove the rest.", exampleRefForm)
	}
	return ent.Name, label, tr[3].SourceRange(), true
}

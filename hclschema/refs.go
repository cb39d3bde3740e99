package hclschema

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
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

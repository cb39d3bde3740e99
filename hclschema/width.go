package hclschema

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// PaddedNumber is a format("%0Nd", Arg) call in a template: a number padded
// to a fixed width, so that its text sorts like the number while every
// value has Width digits.
type PaddedNumber struct {
	// Arg is the formatted value (an attribute, or a reversed number such
	// as 9999999 - number).
	Arg *Template
	// Width is N.
	Width int
	// Text is the call's source text.
	Text string
	// Range is the call's source range.
	Range hcl.Range
	// guards are the conditions of the conditional expressions the call is
	// a result of, with the branch that holds it.
	guards []guard
}

// guard is the condition of a conditional expression and the value it has
// when the branch holding a call is taken.
type guard struct {
	cond *Template
	want bool
}

// Applies reports whether the call takes part in the value of its template
// for an item with vars: true unless the call is in a branch of a
// conditional expression (status == "OPEN" ? "...${format(...)}" : "...")
// that the item's values do not take, or whose condition does not evaluate
// to a known bool.
func (c PaddedNumber) Applies(vars map[string]cty.Value) bool {
	for _, g := range c.guards {
		v, ds := g.cond.Eval(vars)
		if ds.HasErrors() || v.IsNull() || !v.IsKnown() || v.Type() != cty.Bool || v.True() != g.want {
			return false
		}
	}
	return true
}

// PaddedNumbers returns the format calls of t whose format string is
// exactly one zero-padded integer verb, %0Nd, nested calls and the results
// of conditional expressions included (see Applies).
func (t *Template) PaddedNumbers() []PaddedNumber {
	var out []PaddedNumber
	var walk func(x *Template, guards []guard)
	walk = func(x *Template, guards []guard) {
		if x == nil {
			return
		}
		for _, p := range x.Parts {
			if p.cond != nil {
				walk(p.then, append(guards[:len(guards):len(guards)], guard{cond: p.cond, want: true}))
				walk(p.els, append(guards[:len(guards):len(guards)], guard{cond: p.cond, want: false}))
				continue
			}
			if p.Kind != PartCall {
				continue
			}
			if w := paddedCall(p); w > 0 {
				out = append(out, PaddedNumber{Arg: p.Args[1], Width: w, Text: p.Text, Range: p.Range(), guards: guards})
			}
			for _, a := range p.Args {
				walk(a, guards)
			}
		}
	}
	walk(t, nil)
	return out
}

// paddedCall returns N for a call format("%0Nd", arg), else 0.
func paddedCall(call *Part) int {
	if call.Name != "format" || len(call.Args) != 2 {
		return 0
	}
	f, ok := call.Args[0].Literal()
	if !ok || f.Type() != cty.String || f.IsNull() {
		return 0
	}
	return paddedWidth(f.AsString())
}

// paddedWidth returns N for the format string "%0Nd", else 0.
func paddedWidth(f string) int {
	if len(f) < 4 || f[0] != '%' || f[1] != '0' || f[len(f)-1] != 'd' {
		return 0
	}
	n := 0
	for _, c := range f[2 : len(f)-1] {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
		if n > 400 {
			return 0
		}
	}
	return n
}

// Names returns the root names the part refers to, in source order, each
// once.
func (p *Part) Names() []string {
	if p == nil || p.expr == nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, tr := range p.expr.Variables() {
		if n := tr.RootName(); !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

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
}

// PaddedNumbers returns the format calls of t whose format string is
// exactly one zero-padded integer verb, %0Nd, nested calls included.
func (t *Template) PaddedNumbers() []PaddedNumber {
	var out []PaddedNumber
	for _, call := range t.Calls() {
		if call.Name != "format" || len(call.Args) != 2 {
			continue
		}
		f, ok := call.Args[0].Literal()
		if !ok || f.Type() != cty.String || f.IsNull() {
			continue
		}
		if w := paddedWidth(f.AsString()); w > 0 {
			out = append(out, PaddedNumber{Arg: call.Args[1], Width: w, Text: call.Text, Range: call.Range()})
		}
	}
	return out
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

package hclschema

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// The language's expressions decoded at load time. A key template, a key
// condition operand and the value side of a filter comparison are a
// Template (its parts); a sparse `when` condition and a filter are a Cond
// tree. Every node keeps its source range and text; consumers read the
// parts and evaluate them here (eval.go, evaluate.go), never the HCL syntax.

// PartKind tells the kinds of template parts apart.
type PartKind int

// Template part kinds.
const (
	// PartLiteral is a constant: Value.
	PartLiteral PartKind = iota
	// PartAttr is a bare name: an item attribute in a key template or a
	// filter, a pattern input in a key condition operand.
	PartAttr
	// PartInput is input.NAME in a filter.
	PartInput
	// PartCall is a function call: Name and Args.
	PartCall
	// PartOther is any other expression (conditional, arithmetic, for,
	// collection): evaluated, not inspected.
	PartOther
)

// Template is a value expression decoded into parts whose values are
// concatenated: "USER#${username}" is the literal "USER#" and the attribute
// username; an expression that is not a quoted template is one part.
type Template struct {
	// Parts are the template's pieces in source order.
	Parts []*Part
	// Quoted is true for a quoted string template ("...").
	Quoted bool
	// Text is the source text as written, on one line.
	Text string
	rng  hcl.Range
	expr hcl.Expression
	// src is the text of the file the template is written in.
	src []byte
}

// Part is one piece of a template.
type Part struct {
	Kind PartKind
	// Value is the constant of a PartLiteral.
	Value cty.Value
	// Name is the attribute or input of PartAttr and PartInput, the
	// function of PartCall.
	Name string
	// Field is the attribute of an object input a PartInput reads
	// (input.order_item.Quantity: Name order_item, Field Quantity, a
	// labelled write's own input), "" for a whole input.
	Field string
	// Args are the arguments of a PartCall, each a template.
	Args []*Template
	// Text is the part's source text.
	Text string
	rng  hcl.Range
	expr hcl.Expression
	// cond, then and els are the condition and the results of a
	// conditional expression (cond ? then : els), a PartOther that is
	// evaluated whole; PaddedNumbers looks into its results.
	cond, then, els *Template
	// op and operands are the operator and operands of an operator
	// expression (a + b, -a, a == b, a && b, !a), a PartOther.
	op       string
	operands []*Template
	// path is the document path of a reference to an item attribute or
	// a part of one (a PartAttr, or a PartOther for Detail.Payments).
	path Path
	// elems are the elements of a list constructor ([input.payment]), a
	// PartOther; tuple is true for one (elems may then be empty).
	elems []*Template
	tuple bool
}

// DocPath returns the document path a part reads when it is a reference
// to an attribute (status) or a part of one (Detail.Payments[0]), or
// false.
func (p *Part) DocPath() (Path, bool) {
	if p == nil || len(p.path) == 0 {
		return nil, false
	}
	return p.path, true
}

// Conditional returns the condition and the two results of a conditional
// part (cond ? then : els), a PartOther; ok is false for any other part.
// Readers that translate a template (the generators) walk them; the
// evaluator still evaluates the part whole.
func (p *Part) Conditional() (cond, then, els *Template, ok bool) {
	if p == nil || p.cond == nil {
		return nil, nil, nil, false
	}
	return p.cond, p.then, p.els, true
}

// Operator returns the operator and operands of an operator part, a
// PartOther: "+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=",
// "&&" and "||" with two operands, "!" and "-" (negation) with one. ok is
// false for any other part.
func (p *Part) Operator() (op string, operands []*Template, ok bool) {
	if p == nil || p.op == "" {
		return "", nil, false
	}
	return p.op, p.operands, true
}

// Elements returns the elements of a list constructor part
// ([input.payment, "x"]), a PartOther, each a template; ok is false for
// any other part. Readers that translate a value (the generators) walk
// them; the evaluator still evaluates the part whole.
func (p *Part) Elements() (elems []*Template, ok bool) {
	if p == nil || !p.tuple {
		return nil, false
	}
	return p.elems, true
}

// operatorNames names hclsyntax's operations as Part.Operator does.
var operatorNames = map[*hclsyntax.Operation]string{
	hclsyntax.OpAdd: "+", hclsyntax.OpSubtract: "-", hclsyntax.OpMultiply: "*",
	hclsyntax.OpDivide: "/", hclsyntax.OpModulo: "%",
	hclsyntax.OpEqual: "==", hclsyntax.OpNotEqual: "!=",
	hclsyntax.OpLessThan: "<", hclsyntax.OpLessThanOrEqual: "<=",
	hclsyntax.OpGreaterThan: ">", hclsyntax.OpGreaterThanOrEqual: ">=",
	hclsyntax.OpLogicalAnd: "&&", hclsyntax.OpLogicalOr: "||",
	hclsyntax.OpLogicalNot: "!", hclsyntax.OpNegate: "-",
}

// Range returns the template's source range.
func (t *Template) Range() hcl.Range { return t.rng }

// Range returns the part's source range.
func (p *Part) Range() hcl.Range { return p.rng }

// Inner returns the text of a quoted template without its quotes
// (USER#${username}), any other template as written.
func (t *Template) Inner() string {
	if t.Quoted && len(t.Text) >= 2 && strings.HasPrefix(t.Text, `"`) && strings.HasSuffix(t.Text, `"`) {
		return t.Text[1 : len(t.Text)-1]
	}
	return t.Text
}

// Names returns the root names the template refers to (attributes, inputs,
// "input" for input.NAME), in source order, each once.
func (t *Template) Names() []string {
	if t == nil || t.expr == nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, tr := range t.expr.Variables() {
		if n := tr.RootName(); !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// InputNames returns the inputs the template refers to as input.NAME, in
// source order, each once.
func (t *Template) InputNames() []string {
	if t == nil || t.expr == nil {
		return nil
	}
	return inputNames(t.expr)
}

// InputNames returns the inputs the condition refers to as input.NAME, in
// source order, each once; nil for a nil condition.
func (c *Cond) InputNames() []string {
	if c == nil || c.expr == nil {
		return nil
	}
	return inputNames(c.expr)
}

func inputNames(expr hcl.Expression) []string {
	var out []string
	seen := map[string]bool{}
	for _, tr := range expr.Variables() {
		if tr.RootName() != "input" {
			continue
		}
		if n := traversalAttr(tr); n != "" && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// NameRanges returns the source range of every reference to a root name,
// in source order.
func (t *Template) NameRanges() []NameRef {
	if t == nil || t.expr == nil {
		return nil
	}
	var out []NameRef
	for _, tr := range t.expr.Variables() {
		out = append(out, NameRef{Name: tr.RootName(), Range: tr.SourceRange()})
	}
	return out
}

// NameRef is a reference to a name in an expression.
type NameRef struct {
	Name  string
	Range hcl.Range
}

// Literal returns the constant value of a template without references, or
// false.
func (t *Template) Literal() (cty.Value, bool) {
	if t == nil || t.expr == nil || len(t.expr.Variables()) > 0 {
		return cty.NilVal, false
	}
	v, ds := Eval(t.expr, evalContext(nil), CodeInvalidTemplate)
	if ds.HasErrors() || !v.IsWhollyKnown() {
		return cty.NilVal, false
	}
	return v, true
}

// Calls returns every function call in the template, nested calls
// included, in source order.
func (t *Template) Calls() []*Part {
	var out []*Part
	var walk func(*Template)
	walk = func(x *Template) {
		for _, p := range x.Parts {
			if p.Kind == PartCall {
				out = append(out, p)
				for _, a := range p.Args {
					walk(a)
				}
			}
		}
	}
	if t != nil {
		walk(t)
	}
	return out
}

// source returns the text of rng in the schema's files, on one line.
func (d *decoder) source(rng hcl.Range) string {
	src, ok := d.src[rng.Filename]
	if !ok || rng.Start.Byte < 0 || rng.End.Byte > len(src) || rng.Start.Byte > rng.End.Byte {
		return ""
	}
	return oneLine(string(rng.SliceBytes(src)))
}

// oneLine joins the lines of s with single spaces.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.Trim(l, " \t")
	}
	if len(lines) > 0 {
		lines[0] = strings.TrimRight(lines[0], " \t")
	}
	return strings.Join(lines, " ")
}

// newTemplate decodes a value expression into a template.
func (d *decoder) newTemplate(expr hcl.Expression) *Template {
	t := &Template{rng: expr.Range(), expr: expr, Text: d.source(expr.Range()), src: d.src[expr.Range().Filename]}
	switch x := expr.(type) {
	case *hclsyntax.TemplateWrapExpr:
		t.Quoted = true
		t.Parts = []*Part{d.newPart(x.Wrapped)}
	case *hclsyntax.TemplateExpr:
		t.Quoted = true
		for _, p := range x.Parts {
			t.Parts = append(t.Parts, d.newPart(p))
		}
	default:
		t.Parts = []*Part{d.newPart(expr)}
	}
	return t
}

func (d *decoder) newPart(expr hcl.Expression) *Part {
	p := &Part{Kind: PartOther, rng: expr.Range(), expr: expr, Text: d.source(expr.Range())}
	switch x := expr.(type) {
	case *hclsyntax.ParenthesesExpr:
		inner := d.newPart(x.Expression)
		inner.rng, inner.Text, inner.expr = p.rng, p.Text, expr
		return inner
	case *hclsyntax.LiteralValueExpr:
		p.Kind, p.Value = PartLiteral, x.Val
	case *hclsyntax.TemplateExpr:
		if x.IsStringLiteral() {
			if v, ds := x.Value(nil); !ds.HasErrors() {
				p.Kind, p.Value = PartLiteral, v
			}
		}
	case *hclsyntax.ScopeTraversalExpr:
		switch tr := x.Traversal; {
		case len(tr) == 1:
			p.Kind, p.Name = PartAttr, tr.RootName()
		case len(tr) == 2 && tr.RootName() == "input":
			if ta, ok := tr[1].(hcl.TraverseAttr); ok {
				p.Kind, p.Name = PartInput, ta.Name
			}
		case len(tr) == 3 && tr.RootName() == "input":
			ta, ok1 := tr[1].(hcl.TraverseAttr)
			tf, ok2 := tr[2].(hcl.TraverseAttr)
			if ok1 && ok2 {
				p.Kind, p.Name, p.Field = PartInput, ta.Name, tf.Name
			}
		}
		if tr := x.Traversal; tr.RootName() != "input" {
			p.path, _ = traversalPath(tr)
		}
	case *hclsyntax.ConditionalExpr:
		p.cond, p.then, p.els = d.newTemplate(x.Condition), d.newTemplate(x.TrueResult), d.newTemplate(x.FalseResult)
	case *hclsyntax.BinaryOpExpr:
		if op, ok := operatorNames[x.Op]; ok {
			p.op, p.operands = op, []*Template{d.newTemplate(x.LHS), d.newTemplate(x.RHS)}
		}
	case *hclsyntax.UnaryOpExpr:
		if op, ok := operatorNames[x.Op]; ok {
			p.op, p.operands = op, []*Template{d.newTemplate(x.Val)}
		}
	case *hclsyntax.TupleConsExpr:
		p.tuple = true
		for _, e := range x.Exprs {
			p.elems = append(p.elems, d.newTemplate(e))
		}
	case *hclsyntax.FunctionCallExpr:
		if !x.ExpandFinal {
			p.Kind, p.Name = PartCall, x.Name
			for _, a := range x.Args {
				p.Args = append(p.Args, d.newTemplate(a))
			}
		}
	}
	return p
}

// CondKind tells the kinds of condition nodes apart.
type CondKind int

// Condition node kinds.
const (
	// CondAnd holds when both Sub conditions hold (&&).
	CondAnd CondKind = iota
	// CondOr holds when one of the two Sub conditions holds (||).
	CondOr
	// CondNot holds when its one Sub condition does not (!).
	CondNot
	// CondCompare compares Left and Right with Op.
	CondCompare
	// CondAttr is a bare bool attribute: it holds when Attr is true.
	CondAttr
	// CondExists holds when Attr is present (attr != null).
	CondExists
	// CondNotExists holds when Attr is absent (attr == null).
	CondNotExists
	// CondOther is any other boolean expression; it is accepted in a
	// sparse condition (evaluated by the writer), never in a filter.
	CondOther
)

// CompareOp is a comparison operator of a condition.
type CompareOp string

// Comparison operators, as written in HCL.
const (
	CmpEq CompareOp = "=="
	CmpNe CompareOp = "!="
	CmpLT CompareOp = "<"
	CmpLE CompareOp = "<="
	CmpGT CompareOp = ">"
	CmpGE CompareOp = ">="
)

// Cond is a boolean condition on an item: a sparse `when` or a filter.
type Cond struct {
	Kind CondKind
	// Op is the operator of a CondCompare.
	Op CompareOp
	// Left and Right are the operands of a CondCompare.
	Left, Right *Template
	// Attr is the attribute of CondAttr, CondExists and CondNotExists
	// (the first step of Path).
	Attr string
	// Path is what CondAttr, CondExists and CondNotExists test: the
	// attribute, or a part of its document (attribute_exists(Detail.Payments)).
	Path Path
	// Sub holds the operands of CondAnd, CondOr (two) and CondNot (one).
	Sub []*Cond
	// Text is the source text as written, on one line.
	Text string
	rng  hcl.Range
	expr hcl.Expression
	// src is the text of the file the condition is written in.
	src []byte
}

// Range returns the condition's source range.
func (c *Cond) Range() hcl.Range { return c.rng }

// Names returns the root names the condition refers to, each once.
func (c *Cond) Names() []string {
	return (&Template{expr: c.expr}).Names()
}

var compareOps = map[*hclsyntax.Operation]CompareOp{
	hclsyntax.OpEqual:              CmpEq,
	hclsyntax.OpNotEqual:           CmpNe,
	hclsyntax.OpLessThan:           CmpLT,
	hclsyntax.OpLessThanOrEqual:    CmpLE,
	hclsyntax.OpGreaterThan:        CmpGT,
	hclsyntax.OpGreaterThanOrEqual: CmpGE,
}

// newCond decodes a boolean expression.
func (d *decoder) newCond(expr hcl.Expression) *Cond {
	c := &Cond{Kind: CondOther, rng: expr.Range(), expr: expr, Text: d.source(expr.Range()), src: d.src[expr.Range().Filename]}
	switch x := expr.(type) {
	case *hclsyntax.ParenthesesExpr:
		inner := d.newCond(x.Expression)
		inner.rng, inner.Text, inner.expr, inner.src = c.rng, c.Text, expr, c.src
		return inner
	case *hclsyntax.UnaryOpExpr:
		if x.Op == hclsyntax.OpLogicalNot {
			c.Kind, c.Sub = CondNot, []*Cond{d.newCond(x.Val)}
		}
	case *hclsyntax.ScopeTraversalExpr:
		if p, ok := exprPath(x); ok {
			c.Kind, c.Attr, c.Path = CondAttr, p.Attr(), p
		}
	case *hclsyntax.FunctionCallExpr:
		// attribute_exists(a) and attribute_not_exists(a), DynamoDB's
		// names for a != null and a == null (write conditions); a may be a
		// path (Detail.Payments).
		if len(x.Args) == 1 && !x.ExpandFinal {
			if p, ok := exprPath(x.Args[0]); ok {
				switch x.Name {
				case "attribute_exists":
					c.Kind, c.Attr, c.Path = CondExists, p.Attr(), p
				case "attribute_not_exists":
					c.Kind, c.Attr, c.Path = CondNotExists, p.Attr(), p
				}
			}
		}
	case *hclsyntax.BinaryOpExpr:
		switch x.Op {
		case hclsyntax.OpLogicalAnd:
			c.Kind, c.Sub = CondAnd, []*Cond{d.newCond(x.LHS), d.newCond(x.RHS)}
			return c
		case hclsyntax.OpLogicalOr:
			c.Kind, c.Sub = CondOr, []*Cond{d.newCond(x.LHS), d.newCond(x.RHS)}
			return c
		}
		op, ok := compareOps[x.Op]
		if !ok {
			return c
		}
		c.Kind, c.Op, c.Left, c.Right = CondCompare, op, d.newTemplate(x.LHS), d.newTemplate(x.RHS)
		if op == CmpEq || op == CmpNe {
			var path Path
			null := false
			if p, ok := c.Left.DocPath(); ok && c.Right.isNull() {
				path, null = p, true
			} else if p, ok := c.Right.DocPath(); ok && c.Left.isNull() {
				path, null = p, true
			}
			if null {
				c.Kind, c.Attr, c.Path, c.Left, c.Right = CondExists, path.Attr(), path, nil, nil
				if op == CmpEq {
					c.Kind = CondNotExists
				}
			}
		}
	}
	return c
}

// path returns the attribute a template names when it is a bare attribute
// reference, else "".
func (t *Template) path() string {
	if t == nil || t.Quoted || len(t.Parts) != 1 || t.Parts[0].Kind != PartAttr {
		return ""
	}
	return t.Parts[0].Name
}

// Path returns the attribute an operand names when it is a bare attribute
// reference, or false (also for a part of one: DocPath).
func (t *Template) Path() (string, bool) {
	p := t.path()
	return p, p != ""
}

// DocPath returns the document path an operand names when it is a bare
// reference to an attribute or a part of one (status, Detail.Status,
// Items[0].Sku), or false.
func (t *Template) DocPath() (Path, bool) {
	if t == nil || t.Quoted || len(t.Parts) != 1 {
		return nil, false
	}
	return t.Parts[0].DocPath()
}

func (t *Template) isNull() bool {
	if t == nil || t.Quoted || len(t.Parts) != 1 || t.Parts[0].Kind != PartLiteral {
		return false
	}
	return t.Parts[0].Value.IsNull()
}

// UsesAttrs reports whether the template refers to an item attribute (a
// bare name other than input) anywhere; an operand that does not is known
// before the item is read (a literal or an input).
func (t *Template) UsesAttrs() bool {
	for _, n := range t.Names() {
		if n != "input" {
			return true
		}
	}
	return false
}

// LiteralPrefix returns what every value of the template starts with, read
// from its literal text: the whole value of a constant string (exact is
// then true); the literal parts of a quoted template before its first
// interpolation ("CUSTOMER#" for "CUSTOMER#${customer}"), followed by the
// text before the first verb when that interpolation is a format call with
// a constant format string ("ORDER#" for "ORDER#${format("%08d", n)}" and
// for format("ORDER#%08d", n)); "" when the text says nothing (a bare
// attribute, a number, another expression). Lint (TD111's value sets) and
// migrate (finding an entity's items in a Scan) and Entity.Recompute read
// it.
func (t *Template) LiteralPrefix() (prefix string, exact bool) {
	if t == nil || len(t.Parts) == 0 {
		return "", false
	}
	if !t.Quoted || len(t.Parts) == 1 && t.Parts[0].Kind != PartLiteral {
		// One expression ("${x}" or x): a constant, or a format call.
		if v, ok := t.Literal(); ok {
			if v.IsNull() || v.Type() != cty.String {
				return "", false
			}
			return v.AsString(), true
		}
		return formatPrefix(t.Parts[0]), false
	}
	var b strings.Builder
	for _, part := range t.Parts {
		v := part.Value
		if part.Kind != PartLiteral || v.IsNull() || !v.IsKnown() || v.Type() != cty.String {
			b.WriteString(formatPrefix(part))
			return b.String(), false
		}
		b.WriteString(v.AsString())
	}
	return b.String(), true
}

// formatPrefix returns the literal text before the first verb of a format
// call with a constant format string ("%%" is a literal percent sign), or
// "" for any other part.
func formatPrefix(p *Part) string {
	prefix, _ := formatText(p)
	return prefix
}

// MinLen returns a length in bytes that every string value of the template
// has at least, read from its literal text: the bytes of a constant
// string; for a template, the bytes of its literal parts plus, for each
// format call with a constant format string, the bytes of its literal text
// and what each verb writes at least (its width, and one digit for a
// number: format("%010d", n) writes ten bytes or more). Any other part
// counts zero. Lint's TD111 reads it: the constant "v0" is not a value of
// "v${format("%010d", n)}", whose values have eleven bytes or more.
func (t *Template) MinLen() int {
	if t == nil || len(t.Parts) == 0 {
		return 0
	}
	if !t.Quoted || len(t.Parts) == 1 && t.Parts[0].Kind != PartLiteral {
		// One expression: a name says nothing, a constant its bytes.
		if k := t.Parts[0].Kind; k == PartAttr || k == PartInput {
			return 0
		}
		if v, ok := t.Literal(); ok {
			if v.IsNull() || v.Type() != cty.String {
				return 0
			}
			return len(v.AsString())
		}
	}
	n := 0
	for _, part := range t.Parts {
		v := part.Value
		if part.Kind == PartLiteral && !v.IsNull() && v.IsKnown() && v.Type() == cty.String {
			n += len(v.AsString())
			continue
		}
		_, m := formatText(part)
		n += m
	}
	return n
}

// formatText reads a format call with a constant format string: the
// literal text before its first verb, and the bytes every value of the
// call has at least (MinLen). It returns "", 0 for any other part.
func formatText(p *Part) (prefix string, minLen int) {
	if p.Kind != PartCall || p.Name != "format" || len(p.Args) < 2 {
		return "", 0
	}
	fv, ok := p.Args[0].Literal()
	if !ok || fv.IsNull() || fv.Type() != cty.String {
		return "", 0
	}
	f := fv.AsString()
	var b strings.Builder
	verbs := false // a verb was read: the prefix is complete
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			if !verbs {
				b.WriteByte(f[i])
			}
			minLen++
			continue
		}
		if i+1 < len(f) && f[i+1] == '%' {
			if !verbs {
				b.WriteByte('%')
			}
			minLen++
			i++
			continue
		}
		verbs = true
		n, next, ok := verbMinLen(f, i+1)
		if !ok {
			break // not a verb tfdyn reads: what follows counts nothing
		}
		minLen += n
		i = next - 1
	}
	return b.String(), minLen
}

// verbMinLen reads the verb of a format string that starts after its '%'
// at f[i:] ([flags][[n]][width][.precision]verb) and returns what it
// writes at least, in bytes, and the index after the verb.
func verbMinLen(f string, i int) (n, next int, ok bool) {
	for i < len(f) && strings.IndexByte("+-# 0", f[i]) >= 0 {
		i++
	}
	if i < len(f) && f[i] == '[' { // an argument index, %[2]d
		j := strings.IndexByte(f[i:], ']')
		if j < 0 {
			return 0, 0, false
		}
		i += j + 1
	}
	width := 0
	for i < len(f) && f[i] >= '0' && f[i] <= '9' {
		if width < 1<<16 {
			width = width*10 + int(f[i]-'0')
		}
		i++
	}
	if i < len(f) && f[i] == '.' {
		i++
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			i++
		}
	}
	if i >= len(f) {
		return 0, 0, false
	}
	least := 0
	switch f[i] {
	case 'd', 'b', 'o', 'e', 'E', 'f', 'F', 'g', 'G':
		least = 1 // a number has a digit
	case 't':
		least = 4 // true
	case 'q':
		least = 2 // ""
	case 's', 'v', 'x', 'X': // %x of "" is empty
	default:
		return 0, 0, false
	}
	return max(width, least), i + 1, true
}

// ParseTemplate parses src, one expression in HCL native syntax, into a
// template; filename names it in ranges. It is for tools and tests that
// build templates outside a schema file.
func ParseTemplate(src, filename string) (*Template, hcl.Diagnostics) {
	expr, ds := hclsyntax.ParseExpression([]byte(src), filename, hcl.InitialPos)
	if ds.HasErrors() {
		return nil, diag.WithCode(ds, CodeSyntax)
	}
	rewritten, ds := rewriteExprAttrRefs(expr)
	if ds.HasErrors() {
		return nil, ds
	}
	d := &decoder{schema: &Schema{}, src: map[string][]byte{filename: []byte(src)}}
	return d.newTemplate(rewritten), nil
}

package gen

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// ValueType is the static type of an expression's value.
type ValueType int

// Value types. TypeNull is the type of the literal null, which converts to
// any other.
const (
	TypeString ValueType = iota
	TypeNumber
	TypeBool
	TypeNull
)

func (t ValueType) String() string {
	switch t {
	case TypeNumber:
		return "number"
	case TypeBool:
		return "bool"
	case TypeNull:
		return "null"
	}
	return "string"
}

// Op is the operation of an expression node.
type Op string

// Expression operations: the schema language (HCL with go-cty's functions)
// as far as the generators reproduce it. Each back end implements every
// one with the language's semantics, null and errors included: an
// operation on null fails unless said otherwise, and a failure makes the
// whole template fail (hclschema's evaluator then leaves the key attribute
// out when the template reads a null attribute, and fails otherwise).
const (
	// OpString, OpNumber, OpBool and OpNull are literals (Str, Num, Bool).
	OpString Op = "string"
	OpNumber Op = "number"
	OpBool   Op = "bool"
	OpNull   Op = "null"
	// OpField is an attribute (Field): null when an optional one is absent.
	OpField Op = "field"
	// OpConcat is a string template: every argument converted to a string
	// (a number as its shortest decimal, a bool as true/false; null fails).
	OpConcat Op = "concat"
	// OpToString converts its argument to a string as OpConcat does.
	OpToString Op = "tostring"
	// OpCall calls function Fn: lower, upper, trimspace, trimprefix,
	// trimsuffix, replace (plain substrings) or coalesce (the first
	// argument that is not null).
	OpCall Op = "call"
	// OpFormat is format(Format, Args...) with the verbs %d (an integer),
	// %s and %%.
	OpFormat Op = "format"
	// OpCond is Args[0] ? Args[1] : Args[2]; a null or failing condition
	// fails; the branch not taken does not matter.
	OpCond Op = "cond"
	// Arithmetic over numbers (arbitrary precision, as go-cty).
	OpAdd Op = "+"
	OpSub Op = "-"
	OpMul Op = "*"
	OpDiv Op = "/"
	OpMod Op = "%"
	OpNeg Op = "neg"
	// Comparisons: == and != of two values of one type (null equals only
	// null); <, <=, >, >= of numbers.
	OpEq Op = "=="
	OpNe Op = "!="
	OpLt Op = "<"
	OpLe Op = "<="
	OpGt Op = ">"
	OpGe Op = ">="
	// Logic with HCL's rules: && is false when either side is false or
	// null, || true when either side is true, a null side fails otherwise,
	// ! of null fails.
	OpAnd Op = "&&"
	OpOr  Op = "||"
	OpNot Op = "!"
)

// Expr is a translated expression.
type Expr struct {
	Op   Op
	Type ValueType
	// Str is the value of OpString.
	Str string
	// Num is the value of OpNumber as decimal text that parses back to
	// the same number at go-cty's precision (512 bits).
	Num string
	// Bool is the value of OpBool.
	Bool bool
	// Field is the attribute of OpField.
	Field *Field
	// Fn is the function of OpCall.
	Fn string
	// Format is the format string of OpFormat.
	Format string
	Args   []*Expr
}

// Fields returns the fields the expression reads, each once, in the order
// of first use.
func (e *Expr) Fields() []*Field {
	var out []*Field
	seen := map[*Field]bool{}
	var walk func(*Expr)
	walk = func(x *Expr) {
		if x == nil {
			return
		}
		if x.Op == OpField && !seen[x.Field] {
			seen[x.Field] = true
			out = append(out, x.Field)
		}
		for _, a := range x.Args {
			walk(a)
		}
	}
	walk(e)
	return out
}

// Fallible reports whether evaluating the expression can fail for some
// values of its fields (an optional field read where null fails, a
// format of a number that is not an integer, arithmetic, a comparison).
func (e *Expr) Fallible() bool {
	switch e.Op {
	case OpString, OpNumber, OpBool, OpNull:
		return false
	case OpField:
		return false
	case OpConcat, OpToString:
		for _, a := range e.Args {
			if a.Fallible() || a.Type == TypeNull || a.Op == OpField && a.Field.Optional || a.Type == TypeNumber {
				return true
			}
		}
		return false
	case OpCall:
		for _, a := range e.Args {
			if a.Fallible() || e.Fn != "coalesce" && (a.Op == OpField && a.Field.Optional || a.Type == TypeNumber) {
				return true
			}
		}
		return e.Fn == "coalesce"
	}
	return true
}

// functions lists the functions the generators reproduce: their parameter
// types (variadic for coalesce and format).
var functions = map[string][]ValueType{
	"lower":      {TypeString},
	"upper":      {TypeString},
	"trimspace":  {TypeString},
	"trimprefix": {TypeString, TypeString},
	"trimsuffix": {TypeString, TypeString},
	"replace":    {TypeString, TypeString, TypeString},
	"coalesce":   nil,
	"format":     nil,
}

// supportedFunctions is the list for messages.
const supportedFunctions = "lower, upper, trimspace, trimprefix, trimsuffix, replace, coalesce and format (with %d, %s and %%)"

// translator translates templates and conditions of one entity.
type translator struct {
	fields map[string]*Field
	// computed are the entity's computed attributes: a sparse condition
	// that reads one reads its template (when it cannot fail: the value
	// is then the same, never absent through a failure).
	computed map[string]*Computed
	// inputs are the parameters input.NAME refers to (a filter's, a write
	// pattern's values and conditions); nil for an entity's templates.
	inputs map[string]*Field
	// alias gives the labelled write's input a shared name stands for
	// (input.Quantity for input.order_item.Quantity); nil outside a write
	// pattern.
	alias func(string) (hclschema.InputRef, bool)
	// what names the construct in messages ("the key template of PK").
	diags hcl.Diagnostics
}

func (tr *translator) refuse(code diag.Code, rng hcl.Range, summary, detail string, args ...any) *Expr {
	tr.diags = append(tr.diags, diag.Errorf(code, &rng, summary, detail, args...))
	return nil
}

// template translates a key template or an operand.
func (tr *translator) template(t *hclschema.Template) *Expr {
	if t == nil {
		return nil
	}
	if !t.Quoted || len(t.Parts) == 1 && t.Parts[0].Kind != hclschema.PartLiteral {
		// An unquoted expression, or "${x}" alone: the value as it is.
		if len(t.Parts) != 1 {
			return tr.refuse(CodeExpression, t.Range(), "Expression not reproducible",
				"tfdyn gen cannot translate %s: %s.", t.Text, fixExpression)
		}
		return tr.part(t.Parts[0])
	}
	out := &Expr{Op: OpConcat, Type: TypeString}
	literal, text := true, ""
	for _, p := range t.Parts {
		x := tr.part(p)
		if x == nil {
			return nil
		}
		if x.Op == OpString {
			text += x.Str
		} else {
			literal = false
		}
		out.Args = append(out.Args, x)
	}
	if literal {
		// "ORDER#" or "": a constant string.
		return &Expr{Op: OpString, Type: TypeString, Str: text}
	}
	return out
}

const fixExpression = "the generators reproduce string templates over attributes, literals, the functions " + supportedFunctions +
	", conditionals (c ? a : b), arithmetic (+ - * / %) and comparisons of numbers, == and != of values of one type, and && || !. Rewrite the template with these (docs/gen-codes/GN102.md)"

func (tr *translator) part(p *hclschema.Part) *Expr {
	switch p.Kind {
	case hclschema.PartLiteral:
		return tr.literal(p.Value, p.Range())
	case hclschema.PartAttr:
		f := tr.fields[p.Name]
		if f == nil {
			if x := tr.computedRef(p.Name, p.Range(), CodeExpression); x != nil || tr.computed[p.Name] != nil {
				return x
			}
			return tr.refuse(CodeExpression, p.Range(), "Expression not reproducible",
				"%s is not an attribute of the entity; tfdyn gen translates references to the entity's attributes only.", p.Name)
		}
		return fieldRef(tr, p, f)
	case hclschema.PartInput:
		f := tr.inputOf(p)
		if f == nil {
			return tr.refuse(CodeExpression, p.Range(), "Expression not reproducible",
				"%s is not an input here; tfdyn gen translates the inputs of access and write patterns (and the members of a labelled write's input) only.", p.Text)
		}
		return fieldRef(tr, p, f)
	case hclschema.PartCall:
		return tr.call(p)
	case hclschema.PartOther:
		if c, a, b, ok := p.Conditional(); ok {
			return tr.conditional(p, c, a, b)
		}
		if op, operands, ok := p.Operator(); ok {
			return tr.operator(p, op, operands)
		}
	}
	return tr.refuse(CodeExpression, p.Range(), "Expression not reproducible",
		"tfdyn gen cannot translate %s: %s.", p.Text, fixExpression)
}

// input is the parameter input.NAME refers to (label ""), or the member
// NAME of the labelled write's input input.LABEL; a shared name that
// stands for a labelled write's input is that member.
func (tr *translator) input(label, name string) *Field {
	if label == "" {
		if f := tr.inputs[name]; f != nil || tr.alias == nil {
			return f
		}
		r, ok := tr.alias(name)
		if !ok {
			return nil
		}
		label, name = r.Label, r.Attr
	}
	return member(tr.inputs[label], name)
}

// inputOf is the parameter an input part reads: input.NAME, or
// input.LABEL.NAME.
func (tr *translator) inputOf(p *hclschema.Part) *Field {
	if p.Field != "" {
		return tr.input(p.Name, p.Field)
	}
	return tr.input("", p.Name)
}

// member returns the member attr of object parameter f (a labelled write's
// input), or nil.
func member(f *Field, attr string) *Field {
	if f == nil || f.Type == nil || f.Type.Kind != TObject || f.Type.Object == nil {
		return nil
	}
	for _, m := range f.Type.Object.Fields {
		if m.Attr == attr && m.Of == f {
			return m
		}
	}
	return nil
}

// fieldRef is a reference to field f (an attribute, or a pattern's input).
func fieldRef(tr *translator, p *hclschema.Part, f *Field) *Expr {
	var ty ValueType
	switch f.Type.Kind {
	case TString, TEnum:
		ty = TypeString
	case TNumber:
		ty = TypeNumber
	case TBool:
		ty = TypeBool
	default:
		return tr.refuse(CodeExpression, p.Range(), "Expression not reproducible",
			"Attribute %q is a collection or an object; tfdyn gen reproduces expressions over string, number and bool attributes only. %s.", p.Name, strings.ToUpper(fixExpression[:1])+fixExpression[1:])
	}
	return &Expr{Op: OpField, Type: ty, Field: f}
}

func (tr *translator) literal(v cty.Value, rng hcl.Range) *Expr {
	switch {
	case v.IsNull():
		return &Expr{Op: OpNull, Type: TypeNull}
	case v.Type() == cty.String:
		return &Expr{Op: OpString, Type: TypeString, Str: v.AsString()}
	case v.Type() == cty.Number:
		f := v.AsBigFloat()
		text := f.Text('g', -1)
		if f.IsInt() {
			i, _ := f.Int(nil)
			text = i.String()
		}
		return &Expr{Op: OpNumber, Type: TypeNumber, Num: text}
	case v.Type() == cty.Bool:
		return &Expr{Op: OpBool, Type: TypeBool, Bool: v.True()}
	}
	return tr.refuse(CodeExpression, rng, "Expression not reproducible",
		"tfdyn gen reproduces string, number, bool and null literals, not %s: %s.", Article(v.Type().FriendlyName()), fixExpression)
}

func (tr *translator) call(p *hclschema.Part) *Expr {
	params, ok := functions[p.Name]
	if !ok {
		return tr.refuse(CodeFunction, p.Range(), "Function not reproducible",
			"tfdyn gen cannot reproduce %s() exactly in generated code; it reproduces %s. Rewrite the template with these functions, or store the computed value as an attribute of its own (docs/gen-codes/GN101.md).", p.Name, supportedFunctions)
	}
	var args []*Expr
	for _, a := range p.Args {
		x := tr.template(a)
		if x == nil {
			return nil
		}
		args = append(args, x)
	}
	switch p.Name {
	case "format":
		return tr.format(p, args)
	case "coalesce":
		if len(args) == 0 {
			return tr.refuse(CodeFunction, p.Range(), "Function not reproducible", "coalesce() needs at least one argument.")
		}
		ty := TypeNull
		for i, a := range args {
			switch {
			case a.Type == TypeNull:
			case ty == TypeNull:
				ty = a.Type
			case a.Type != ty:
				return tr.refuse(CodeFunction, p.Args[i].Range(), "Function not reproducible",
					"The arguments of coalesce() have different types (%s and %s); tfdyn gen reproduces coalesce() over arguments of one type. Convert them to one type.", ty, a.Type)
			}
		}
		return &Expr{Op: OpCall, Fn: "coalesce", Type: ty, Args: args}
	}
	if len(args) != len(params) {
		return tr.refuse(CodeFunction, p.Range(), "Function not reproducible", "%s() takes %d argument(s).", p.Name, len(params))
	}
	for i, a := range args {
		if a.Type == TypeNumber || a.Type == TypeBool {
			args[i] = &Expr{Op: OpToString, Type: TypeString, Args: []*Expr{a}}
		}
	}
	return &Expr{Op: OpCall, Fn: p.Name, Type: TypeString, Args: args}
}

// format checks a format call: a literal format string whose verbs are
// %d (with the flags 0, -, + and space and a width) of a number and %s
// (no flags, width or precision) of a string, number or bool.
func (tr *translator) format(p *hclschema.Part, args []*Expr) *Expr {
	if len(args) == 0 || args[0].Op != OpString {
		return tr.refuse(CodeFunction, p.Range(), "Function not reproducible",
			"tfdyn gen reproduces format() with a literal format string only, like format(\"%%07d\", n).")
	}
	f := args[0].Str
	verbs, err := formatVerbs(f)
	if err != nil {
		return tr.refuse(CodeFunction, p.Args[0].Range(), "Format not reproducible", "%s. tfdyn gen reproduces the verbs %%d (flags 0, -, + and space, a width) and %%s (no flags), and %%%%.", err)
	}
	rest := args[1:]
	if len(verbs) != len(rest) {
		return tr.refuse(CodeFunction, p.Range(), "Format not reproducible",
			"The format string %q has %d verb(s) for %d argument(s); tfdyn gen reproduces a format call with one argument per verb.", f, len(verbs), len(rest))
	}
	for i, v := range verbs {
		a := rest[i]
		switch {
		case v == 'd' && a.Type != TypeNumber && a.Type != TypeNull:
			return tr.refuse(CodeFunction, p.Args[i+1].Range(), "Format not reproducible",
				"%%d formats a number; this argument is %s. Pass a number attribute or expression.", Article(a.Type.String()))
		case v == 's' && a.Type != TypeString && a.Type != TypeNull:
			rest[i] = &Expr{Op: OpToString, Type: TypeString, Args: []*Expr{a}}
		}
	}
	return &Expr{Op: OpFormat, Type: TypeString, Format: f, Args: rest}
}

// formatVerbs returns the verbs of a format string ('d' or 's'), or an
// error naming the first verb tfdyn gen does not reproduce.
func formatVerbs(f string) ([]byte, error) {
	var out []byte
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		start := i
		i++
		if i < len(f) && f[i] == '%' {
			continue
		}
		flags := 0
		for i < len(f) && strings.IndexByte("0-+ ", f[i]) >= 0 {
			i++
			flags++
		}
		width := 0
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			i++
			width++
		}
		if i >= len(f) {
			return nil, fmt.Errorf("the format string %q ends inside a verb", f)
		}
		switch c := f[i]; {
		case c == 'd':
			out = append(out, 'd')
		case c == 's' && flags == 0 && width == 0:
			out = append(out, 's')
		default:
			return nil, fmt.Errorf("the verb %q of %q is not reproduced", f[start:i+1], f)
		}
	}
	return out, nil
}

func (tr *translator) conditional(p *hclschema.Part, c, a, b *hclschema.Template) *Expr {
	cx, ax, bx := tr.template(c), tr.template(a), tr.template(b)
	if cx == nil || ax == nil || bx == nil {
		return nil
	}
	if cx.Type != TypeBool && cx.Type != TypeNull {
		return tr.refuse(CodeExpression, c.Range(), "Expression not reproducible", "The condition of a conditional must be a bool; this one is %s.", Article(cx.Type.String()))
	}
	ty := ax.Type
	switch {
	case ax.Type == TypeNull:
		ty = bx.Type
	case bx.Type == TypeNull:
	case ax.Type != bx.Type:
		return tr.refuse(CodeExpression, p.Range(), "Expression not reproducible",
			"The results of this conditional have different types (%s and %s), which HCL converts to one; tfdyn gen reproduces conditionals whose results have one type. Convert them, for example with \"${...}\".", ax.Type, bx.Type)
	}
	return &Expr{Op: OpCond, Type: ty, Args: []*Expr{cx, ax, bx}}
}

var binaryOps = map[string]Op{
	"+": OpAdd, "-": OpSub, "*": OpMul, "/": OpDiv, "%": OpMod,
	"==": OpEq, "!=": OpNe, "<": OpLt, "<=": OpLe, ">": OpGt, ">=": OpGe,
	"&&": OpAnd, "||": OpOr,
}

func (tr *translator) operator(p *hclschema.Part, op string, operands []*hclschema.Template) *Expr {
	var xs []*Expr
	for _, o := range operands {
		x := tr.template(o)
		if x == nil {
			return nil
		}
		xs = append(xs, x)
	}
	want := func(ty ValueType) *Expr {
		for i, x := range xs {
			if x.Type != ty && x.Type != TypeNull {
				return tr.refuse(CodeExpression, operands[i].Range(), "Expression not reproducible",
					"The operator %s takes %s operands; this one is %s, which HCL would convert. tfdyn gen reproduces operators over operands of their own type.", op, ty, Article(x.Type.String()))
			}
		}
		return &Expr{}
	}
	if len(xs) == 1 {
		switch op {
		case "!":
			if want(TypeBool) == nil {
				return nil
			}
			return &Expr{Op: OpNot, Type: TypeBool, Args: xs}
		case "-":
			if want(TypeNumber) == nil {
				return nil
			}
			return &Expr{Op: OpNeg, Type: TypeNumber, Args: xs}
		}
	}
	o, ok := binaryOps[op]
	if !ok || len(xs) != 2 {
		return tr.refuse(CodeExpression, p.Range(), "Expression not reproducible", "tfdyn gen cannot translate %s: %s.", p.Text, fixExpression)
	}
	out := &Expr{Op: o, Args: xs}
	switch o {
	case OpAdd, OpSub, OpMul, OpDiv, OpMod:
		out.Type = TypeNumber
		if want(TypeNumber) == nil {
			return nil
		}
	case OpLt, OpLe, OpGt, OpGe:
		out.Type = TypeBool
		if want(TypeNumber) == nil {
			return nil
		}
	case OpAnd, OpOr:
		out.Type = TypeBool
		if want(TypeBool) == nil {
			return nil
		}
	case OpEq, OpNe:
		out.Type = TypeBool
		if xs[0].Type != xs[1].Type && xs[0].Type != TypeNull && xs[1].Type != TypeNull {
			return tr.refuse(CodeExpression, p.Range(), "Expression not reproducible",
				"%s compares %s with %s, which is always false in HCL; tfdyn gen reproduces comparisons of values of one type. Compare values of one type.", p.Text, Article(xs[0].Type.String()), Article(xs[1].Type.String()))
		}
	}
	return out
}

// computedRef is the value of computed attribute name where a condition
// or template reads it: its template, which gives the value the item
// stores when it cannot fail (a failure while it reads an absent field
// would make the attribute absent, not the reader fail). nil (and a
// refusal) when it can fail, or when name is not computed (no refusal).
func (tr *translator) computedRef(name string, rng hcl.Range, code diag.Code) *Expr {
	c := tr.computed[name]
	if c == nil {
		return nil
	}
	if c.Expr.Fallible() {
		return tr.refuse(code, rng, "Computed attribute not reproducible here",
			"This reads the computed attribute %q (%s), whose template can fail (and the attribute then be absent); tfdyn gen reproduces a reference to a computed attribute whose template cannot fail (a constant, a template of required string attributes). Read the attributes it is computed from instead.", name, c.Text)
	}
	return c.Expr
}

// cond translates a sparse condition (a Cond tree) into a bool expression.
func (tr *translator) cond(c *hclschema.Cond) *Expr {
	sub := func(i int) *Expr { return tr.cond(c.Sub[i]) }
	switch c.Kind {
	case hclschema.CondAnd, hclschema.CondOr:
		l, r := sub(0), sub(1)
		if l == nil || r == nil {
			return nil
		}
		op := OpAnd
		if c.Kind == hclschema.CondOr {
			op = OpOr
		}
		return &Expr{Op: op, Type: TypeBool, Args: []*Expr{l, r}}
	case hclschema.CondNot:
		x := sub(0)
		if x == nil {
			return nil
		}
		return &Expr{Op: OpNot, Type: TypeBool, Args: []*Expr{x}}
	case hclschema.CondAttr, hclschema.CondExists, hclschema.CondNotExists:
		if c.TestedPath().Nested() {
			return tr.refuse(CodeCondition, c.Range(), "Condition not reproducible",
				"The condition tests %s, a part of a document; tfdyn gen reproduces sparse conditions on whole attributes. Test the attribute, or store the part as an attribute of its own.", c.TestedPath())
		}
		f := tr.fields[c.Attr]
		if f == nil && tr.computed[c.Attr] != nil {
			ref := tr.computedRef(c.Attr, c.Range(), CodeCondition)
			if ref == nil {
				return nil
			}
			switch c.Kind {
			case hclschema.CondAttr:
				if ref.Type != TypeBool {
					return tr.refuse(CodeCondition, c.Range(), "Condition not reproducible", "The computed attribute %q is not a bool; a bare name as a condition must be a bool attribute.", c.Attr)
				}
				return ref
			case hclschema.CondExists:
				return &Expr{Op: OpNe, Type: TypeBool, Args: []*Expr{ref, {Op: OpNull, Type: TypeNull}}}
			}
			return &Expr{Op: OpEq, Type: TypeBool, Args: []*Expr{ref, {Op: OpNull, Type: TypeNull}}}
		}
		if f == nil {
			return tr.refuse(CodeCondition, c.Range(), "Condition not reproducible", "%s is not an attribute of the entity.", c.Attr)
		}
		ref := &Expr{Op: OpField, Type: TypeBool, Field: f}
		switch c.Kind {
		case hclschema.CondAttr:
			if f.Type.Kind != TBool {
				return tr.refuse(CodeCondition, c.Range(), "Condition not reproducible", "Attribute %q is not a bool; a bare name as a condition must be a bool attribute.", c.Attr)
			}
			return ref
		case hclschema.CondExists:
			return &Expr{Op: OpNe, Type: TypeBool, Args: []*Expr{ref, {Op: OpNull, Type: TypeNull}}}
		}
		return &Expr{Op: OpEq, Type: TypeBool, Args: []*Expr{ref, {Op: OpNull, Type: TypeNull}}}
	case hclschema.CondCompare:
		l, r := tr.template(c.Left), tr.template(c.Right)
		if l == nil || r == nil {
			return nil
		}
		op := map[hclschema.CompareOp]Op{hclschema.CmpEq: OpEq, hclschema.CmpNe: OpNe, hclschema.CmpLT: OpLt,
			hclschema.CmpLE: OpLe, hclschema.CmpGT: OpGt, hclschema.CmpGE: OpGe}[c.Op]
		out := &Expr{Op: op, Type: TypeBool, Args: []*Expr{l, r}}
		switch op {
		case OpEq, OpNe:
			if l.Type != r.Type && l.Type != TypeNull && r.Type != TypeNull {
				return tr.refuse(CodeCondition, c.Range(), "Condition not reproducible",
					"%s compares %s with %s, which is always false in HCL; tfdyn gen reproduces comparisons of values of one type.", c.Text, Article(l.Type.String()), Article(r.Type.String()))
			}
		default:
			if l.Type != TypeNumber && l.Type != TypeNull || r.Type != TypeNumber && r.Type != TypeNull {
				return tr.refuse(CodeCondition, c.Range(), "Condition not reproducible", "%s orders values that are not numbers; HCL's %s compares numbers only.", c.Text, c.Op)
			}
		}
		return out
	}
	return tr.refuse(CodeCondition, c.Range(), "Condition not reproducible",
		"tfdyn gen cannot translate the condition %s: it reproduces comparisons (== != < <= > >=), bool attributes, attr == null and attr != null, combined with && || ! and parentheses.", c.Text)
}

package hclschema

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// MaxForNesting is the deepest nesting of for expressions (including
// %{for} directives) in one schema expression.
const MaxForNesting = 3

// Eval evaluates a schema expression (key template, sparse condition,
// filter, key condition operand, example value) with bounded work. Before
// evaluating, it computes from the syntax tree and the sizes of ctx's
// variables an upper bound of the size of every value the evaluation can
// build; when a bound passes MaxValueSize, or for expressions nest deeper
// than MaxForNesting, it returns one error diagnostic with code on the
// smallest expression at fault and does not evaluate. The functions of
// Functions check their own results as well. Evaluation errors keep hcl's
// diagnostics, with code (one of the Code constants).
func Eval(expr hcl.Expression, ctx *hcl.EvalContext, code string) (cty.Value, hcl.Diagnostics) {
	if d := CheckBound(expr, ctx, code); d != nil {
		return cty.DynamicVal, hcl.Diagnostics{d}
	}
	v, ds := expr.Value(ctx)
	return v, diag.WithCode(ds, diag.Code(code))
}

// CheckBound returns the diagnostic of Eval's size check, or nil when expr
// can be evaluated in ctx within the limits. Expressions that are not HCL
// native syntax are not checked.
func CheckBound(expr hcl.Expression, ctx *hcl.EvalContext, code string) *hcl.Diagnostic {
	x, ok := expr.(hclsyntax.Expression)
	if !ok {
		return nil
	}
	b := &bounder{ctx: ctx, sizes: map[string]int64{}}
	b.bound(x, nil, 0)
	if b.fault == nil {
		return nil
	}
	rng := b.fault.Range()
	if b.forDepth {
		return diag.Errorf(diag.Code(code), &rng, "For expressions nested too deep",
			"This for expression is nested inside %d others; tfdyn evaluates at most %d nested for expressions, so that the work stays bounded.", MaxForNesting, MaxForNesting)
	}
	return diag.Errorf(diag.Code(code), &rng, "Expression value too large",
		"This expression can build a value larger than %d bytes (400 KiB, the largest DynamoDB item), for example by repeating a large attribute or nesting for expressions; tfdyn does not evaluate it, so that it cannot exhaust memory.", MaxValueSize)
}

type bounder struct {
	ctx   *hcl.EvalContext
	sizes map[string]int64
	// fault is the first (innermost) expression whose bound passes the
	// limit; forDepth tells that it is a for expression nested too deep.
	fault    hclsyntax.Expression
	forDepth bool
}

// scope binds for-expression variables and the splat symbol to bounds.
type scope struct {
	names  map[string]int64
	anon   *hclsyntax.AnonSymbolExpr
	anonSz int64
	parent *scope
}

func (s *scope) lookup(name string) (int64, bool) {
	for ; s != nil; s = s.parent {
		if n, ok := s.names[name]; ok {
			return n, true
		}
	}
	return 0, false
}

func (s *scope) anonSize(a *hclsyntax.AnonSymbolExpr) int64 {
	for ; s != nil; s = s.parent {
		if s.anon == a {
			return s.anonSz
		}
	}
	return 1
}

func (b *bounder) variable(name string) int64 {
	if n, ok := b.sizes[name]; ok {
		return n
	}
	var n int64 = 1
	for c := b.ctx; c != nil; c = c.Parent() {
		if v, ok := c.Variables[name]; ok {
			n = EvalSize(v, satMax)
			break
		}
	}
	b.sizes[name] = n
	return n
}

// fnFactor classifies functions for the bound of their result: results that
// are a number or bool (0), at most their arguments (1), three times them
// for case mapping (3), or anything up to MaxValueSize (-1).
var fnFactor = map[string]int64{
	"abs": 0, "ceil": 0, "floor": 0, "length": 0, "contains": 0, "max": 0, "min": 0,
	"coalesce": 1, "concat": 1, "reverse": 1, "substr": 1, "trim": 1, "trimprefix": 1, "trimspace": 1, "trimsuffix": 1,
	"lower": 3, "upper": 3, "title": 3,
	"format": -1, "formatdate": -1, "join": -1, "regex": -1, "replace": -1, "split": -1,
}

// bound returns an upper bound of the size of the value of x (see
// ValueSize) and records the innermost expression whose bound passes
// MaxValueSize.
func (b *bounder) bound(x hclsyntax.Expression, sc *scope, fors int) int64 {
	if b.fault != nil {
		return 0
	}
	n := b.node(x, sc, fors)
	if n > MaxValueSize && b.fault == nil {
		b.fault = x
	}
	return n
}

func (b *bounder) node(x hclsyntax.Expression, sc *scope, fors int) int64 {
	switch x := x.(type) {
	case *hclsyntax.LiteralValueExpr:
		return EvalSize(x.Val, satMax)
	case *hclsyntax.ScopeTraversalExpr:
		if n, ok := sc.lookup(x.Traversal.RootName()); ok {
			return n
		}
		return b.variable(x.Traversal.RootName())
	case *hclsyntax.RelativeTraversalExpr:
		return b.bound(x.Source, sc, fors)
	case *hclsyntax.AnonSymbolExpr:
		return sc.anonSize(x)
	case *hclsyntax.FunctionCallExpr:
		var args int64
		sizes := make([]int64, len(x.Args))
		for i, a := range x.Args {
			sizes[i] = b.bound(a, sc, fors)
			args = satAdd(args, sizes[i])
		}
		factor, known := fnFactor[x.Name]
		switch {
		case !known:
			return 1 // the call fails: no such function
		case factor == 0:
			return 1
		case factor > 0:
			return min(satMul(args, factor), MaxValueSize)
		}
		return min(growingBound(x, sizes, args), MaxValueSize)
	case *hclsyntax.TemplateExpr:
		var n int64
		for _, p := range x.Parts {
			n = satAdd(n, b.bound(p, sc, fors))
		}
		return n
	case *hclsyntax.TemplateWrapExpr:
		return b.bound(x.Wrapped, sc, fors)
	case *hclsyntax.TemplateJoinExpr:
		return b.bound(x.Tuple, sc, fors)
	case *hclsyntax.ParenthesesExpr:
		return b.bound(x.Expression, sc, fors)
	case *hclsyntax.BinaryOpExpr:
		b.bound(x.LHS, sc, fors)
		b.bound(x.RHS, sc, fors)
		return 1 // arithmetic and comparison yield a number or a bool
	case *hclsyntax.UnaryOpExpr:
		b.bound(x.Val, sc, fors)
		return 1
	case *hclsyntax.ConditionalExpr:
		b.bound(x.Condition, sc, fors)
		return max(b.bound(x.TrueResult, sc, fors), b.bound(x.FalseResult, sc, fors))
	case *hclsyntax.IndexExpr:
		b.bound(x.Key, sc, fors)
		return b.bound(x.Collection, sc, fors)
	case *hclsyntax.SplatExpr:
		src := b.bound(x.Source, sc, fors)
		inner := &scope{anon: x.Item, anonSz: src, parent: sc}
		return satAdd(src, b.bound(x.Each, inner, fors))
	case *hclsyntax.TupleConsExpr:
		var n int64 = 1
		for _, e := range x.Exprs {
			n = satAdd(n, b.bound(e, sc, fors))
		}
		return n
	case *hclsyntax.ObjectConsExpr:
		var n int64 = 1
		for _, it := range x.Items {
			n = satAdd(n, satAdd(b.bound(it.KeyExpr, sc, fors), b.bound(it.ValueExpr, sc, fors)))
		}
		return n
	case *hclsyntax.ObjectConsKeyExpr:
		return b.bound(x.Wrapped, sc, fors)
	case *hclsyntax.ForExpr:
		if fors >= MaxForNesting {
			b.fault, b.forDepth = x, true
			return 0
		}
		coll := b.bound(x.CollExpr, sc, fors)
		// The body runs once per element (at most coll times). Its bound
		// with the loop variables bound to the whole collection covers
		// what the elements contribute in total; its bound with them
		// empty is the part each iteration adds on its own.
		body := func(elem int64) int64 {
			names := map[string]int64{x.ValVar: elem}
			if x.KeyVar != "" {
				names[x.KeyVar] = elem
			}
			inner := &scope{names: names, parent: sc}
			n := b.bound(x.ValExpr, inner, fors+1)
			if x.KeyExpr != nil {
				n = satAdd(n, b.bound(x.KeyExpr, inner, fors+1))
			}
			if x.CondExpr != nil {
				b.bound(x.CondExpr, inner, fors+1)
			}
			return n
		}
		whole := body(coll)
		each := body(0)
		return satAdd(satAdd(1, whole), satMul(coll, each))
	}
	return MaxValueSize
}

// literalString returns the value of a string literal expression.
func literalString(x hclsyntax.Expression) (string, bool) {
	if w, ok := x.(*hclsyntax.TemplateWrapExpr); ok {
		x = w.Wrapped
	}
	if t, ok := x.(*hclsyntax.TemplateExpr); ok && t.IsStringLiteral() {
		v, ds := t.Value(nil)
		if ds.HasErrors() {
			return "", false
		}
		return str(v)
	}
	if l, ok := x.(*hclsyntax.LiteralValueExpr); ok {
		return str(l.Val)
	}
	return "", false
}

// growingBound bounds the result of the functions whose result can be
// larger than their arguments, from the bounds of the arguments (sizes,
// total) and the literal format string when there is one.
func growingBound(x *hclsyntax.FunctionCallExpr, sizes []int64, total int64) int64 {
	arg := func(i int) int64 {
		if i < len(sizes) {
			return sizes[i]
		}
		return 0
	}
	if x.ExpandFinal {
		return MaxValueSize // the arguments are a spread list: checked when called
	}
	switch x.Name {
	case "format":
		f, ok := "", false
		if len(x.Args) > 0 {
			f, ok = literalString(x.Args[0])
		}
		if !ok {
			return MaxValueSize
		}
		var biggest int64
		for _, n := range sizes[1:] {
			biggest = max(biggest, n)
		}
		verbs, widths := formatVerbs(f)
		return satAdd(satAdd(int64(len(f)), widths), satMul(verbs, satAdd(biggest, 64)))
	case "formatdate":
		return satAdd(satMul(arg(0), 16), 64)
	case "join":
		// At most one separator per element, and at most total elements.
		return satAdd(total, satMul(arg(0), total))
	case "replace":
		if len(x.Args) != 3 {
			return 1 // the call fails: replace takes three arguments
		}
		// At most one match per byte of the input (plus one), each
		// replaced by the replacement with every $N expanded to the input.
		s, r := arg(0), arg(2)
		per := satAdd(r, satMul(r, s))
		if rep, ok := literalString(x.Args[2]); ok {
			per = satAdd(int64(len(rep)), satMul(int64(strings.Count(rep, "$")), s))
		}
		matches := satAdd(s, 1)
		if sub, ok := literalString(x.Args[1]); ok && sub != "" && !(len(sub) > 1 && sub[0] == '/' && sub[len(sub)-1] == '/') {
			matches = s/int64(len(sub)) + 1
		}
		return satAdd(s, satMul(matches, per))
	case "regex":
		return satMul(satAdd(arg(0), 1), satAdd(arg(1), 1))
	case "split":
		return satAdd(satMul(arg(1), 2), 1)
	}
	return MaxValueSize
}

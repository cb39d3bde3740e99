package hclschema

import (
	"fmt"
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// Quoted attribute names. An attribute whose name is not an HCL identifier
// (the published key attribute "State#Date", "Order Date") is named in an
// expression as attr("State#Date"). The loader rewrites every such call,
// once, right after parsing, into a reference to the attribute: a scope
// traversal whose root is the name itself. Everything downstream (names,
// evaluation, paths, the generators' translation) then reads it as it
// reads a bare name; the source text keeps attr("...") for reports.

// AttrFunc is the name of the pseudo-function that names an attribute
// whose name is not an identifier: attr("State#Date").
const AttrFunc = "attr"

// brokenRef is the name a malformed attr(...) call is rewritten to: a
// reference the loader's name checks know was already reported, so that
// nothing follows from it.
const brokenRef = "\x00attr()"

// rewriteAttrRefs replaces every attr("NAME") call in the expressions of
// body (its arguments and nested blocks) with a reference to NAME, and
// reports the calls that do not hold exactly one non-empty quoted string
// (rewritten to brokenRef).
func rewriteAttrRefs(body hcl.Body) hcl.Diagnostics {
	b, ok := body.(*hclsyntax.Body)
	if !ok || b == nil {
		return nil
	}
	var ds hcl.Diagnostics
	var walkBody func(*hclsyntax.Body)
	walkBody = func(b *hclsyntax.Body) {
		for _, at := range b.Attributes {
			at.Expr = rewriteAttrExpr(at.Expr, &ds)
		}
		for _, blk := range b.Blocks {
			if blk.Body != nil {
				walkBody(blk.Body)
			}
		}
	}
	walkBody(b)
	return ds
}

// rewriteExprAttrRefs rewrites one expression (ParseTemplate's).
func rewriteExprAttrRefs(expr hcl.Expression) (hcl.Expression, hcl.Diagnostics) {
	x, ok := expr.(hclsyntax.Expression)
	if !ok {
		return expr, nil
	}
	var ds hcl.Diagnostics
	return rewriteAttrExpr(x, &ds), ds
}

// attrName returns the name an attr(...) call names, or an error detail.
func attrName(call *hclsyntax.FunctionCallExpr) (string, string) {
	if len(call.Args) != 1 || call.ExpandFinal {
		return "", fmt.Sprintf("%s() takes one quoted attribute name, like %s(\"State#Date\"); it has %d arguments.", AttrFunc, AttrFunc, len(call.Args))
	}
	name, ok := literalString(call.Args[0])
	if !ok {
		return "", fmt.Sprintf("%s() takes a quoted attribute name, like %s(\"State#Date\"), not an expression: the name is fixed by the schema.", AttrFunc, AttrFunc)
	}
	if name == "" {
		return "", fmt.Sprintf("%s(\"\") names no attribute; DynamoDB attribute names are at least one character.", AttrFunc)
	}
	return name, ""
}

// rewriteAttrExpr returns x with its attr() calls replaced.
func rewriteAttrExpr(x hclsyntax.Expression, ds *hcl.Diagnostics) hclsyntax.Expression {
	if x == nil {
		return nil
	}
	rw := func(e hclsyntax.Expression) hclsyntax.Expression { return rewriteAttrExpr(e, ds) }
	switch e := x.(type) {
	case *hclsyntax.FunctionCallExpr:
		if e.Name == AttrFunc {
			name, bad := attrName(e)
			if bad != "" {
				rng := e.Range()
				*ds = append(*ds, diag.Errorf(CodeInvalidValue, &rng, "Invalid attribute reference", "%s", bad))
				return &hclsyntax.ScopeTraversalExpr{Traversal: hcl.Traversal{hcl.TraverseRoot{Name: brokenRef, SrcRange: rng}}, SrcRange: rng}
			}
			rng := e.Range()
			return &hclsyntax.ScopeTraversalExpr{Traversal: hcl.Traversal{hcl.TraverseRoot{Name: name, SrcRange: rng}}, SrcRange: rng}
		}
		for i, a := range e.Args {
			e.Args[i] = rw(a)
		}
	case *hclsyntax.RelativeTraversalExpr:
		e.Source = rw(e.Source)
		// attr("Detail").Payments is the path Detail.Payments.
		if st, ok := e.Source.(*hclsyntax.ScopeTraversalExpr); ok {
			tr := append(append(hcl.Traversal{}, st.Traversal...), e.Traversal...)
			return &hclsyntax.ScopeTraversalExpr{Traversal: tr, SrcRange: e.SrcRange}
		}
	case *hclsyntax.ParenthesesExpr:
		e.Expression = rw(e.Expression)
	case *hclsyntax.BinaryOpExpr:
		e.LHS, e.RHS = rw(e.LHS), rw(e.RHS)
	case *hclsyntax.UnaryOpExpr:
		e.Val = rw(e.Val)
	case *hclsyntax.ConditionalExpr:
		e.Condition, e.TrueResult, e.FalseResult = rw(e.Condition), rw(e.TrueResult), rw(e.FalseResult)
	case *hclsyntax.IndexExpr:
		e.Collection, e.Key = rw(e.Collection), rw(e.Key)
	case *hclsyntax.SplatExpr:
		e.Source, e.Each = rw(e.Source), rw(e.Each)
	case *hclsyntax.TupleConsExpr:
		for i, a := range e.Exprs {
			e.Exprs[i] = rw(a)
		}
	case *hclsyntax.ObjectConsExpr:
		for i := range e.Items {
			e.Items[i].KeyExpr, e.Items[i].ValueExpr = rw(e.Items[i].KeyExpr), rw(e.Items[i].ValueExpr)
		}
	case *hclsyntax.ObjectConsKeyExpr:
		e.Wrapped = rw(e.Wrapped)
	case *hclsyntax.ForExpr:
		e.CollExpr, e.KeyExpr, e.ValExpr, e.CondExpr = rw(e.CollExpr), rw(e.KeyExpr), rw(e.ValExpr), rw(e.CondExpr)
	case *hclsyntax.TemplateExpr:
		for i, a := range e.Parts {
			e.Parts[i] = rw(a)
		}
	case *hclsyntax.TemplateWrapExpr:
		e.Wrapped = rw(e.Wrapped)
	case *hclsyntax.TemplateJoinExpr:
		e.Tuple = rw(e.Tuple)
	}
	return x
}

// IsIdentifier reports whether name can be written bare in HCL (as an
// argument name or a variable): a letter or underscore, then letters,
// digits, underscores and dashes. Other attribute names are quoted where
// they are assigned ("State#Date" = ...) and written attr("State#Date")
// where an expression reads them.
func IsIdentifier(name string) bool { return hclsyntax.ValidIdentifier(name) }

// AttrRef writes an attribute reference as an expression reads it: the
// bare name when it is an identifier, attr("NAME") otherwise.
func AttrRef(name string) string {
	if IsIdentifier(name) {
		return name
	}
	return fmt.Sprintf("%s(%q)", AttrFunc, name)
}

// assignment is one NAME = EXPR of a key, index or pattern key block, or
// one item of its object form (key = { "State#Date" = "..." }), where the
// name may be quoted.
type assignment struct {
	Name      string
	NameRange hcl.Range
	Expr      hcl.Expression
	// Range covers the whole assignment.
	Range hcl.Range
}

// objectKeyName returns the name an object constructor key gives: an
// identifier, or a quoted string (any characters but none).
func objectKeyName(key hcl.Expression) (string, bool) {
	if n := hcl.ExprAsKeyword(key); n != "" {
		return n, true
	}
	if k, ok := key.(*hclsyntax.ObjectConsKeyExpr); ok {
		key = k.Wrapped
	}
	x, ok := key.(hclsyntax.Expression)
	if !ok {
		return "", false
	}
	s, ok := literalString(x)
	return s, ok && s != ""
}

// objectAssignments reads the object form of a block of assignments: an
// object constructor whose keys are attribute names, identifiers or quoted
// strings ({ DeviceID = ..., "State#Date" = ... }). what names the
// argument in messages.
func (d *decoder) objectAssignments(expr hcl.Expression, what string) ([]assignment, bool) {
	if _, ok := expr.(*hclsyntax.ObjectConsExpr); !ok {
		d.errorf(CodeInvalidValue, expr.Range(), "Invalid "+what,
			"%s must be an object of attribute names and values, like { PK = \"USER#${username}\", \"State#Date\" = \"${State}#${Date}\" }; quote a name that is not an identifier.", what)
		return nil, false
	}
	pairs, ds := hcl.ExprMap(expr)
	if ds.HasErrors() {
		d.add(ds, CodeInvalidValue)
		return nil, false
	}
	var out []assignment
	ok := true
	for _, kv := range pairs {
		name, good := objectKeyName(kv.Key)
		if !good {
			d.errorf(CodeInvalidValue, kv.Key.Range(), "Invalid attribute name",
				"The names in %s are identifiers or quoted strings, like \"State#Date\".", what)
			ok = false
			continue
		}
		out = append(out, assignment{Name: name, NameRange: kv.Key.Range(), Expr: kv.Value, Range: hcl.RangeBetween(kv.Key.Range(), kv.Value.Range())})
	}
	return out, ok
}

// blockAssignments reads the assignments of a key or index block: its
// arguments, and when objectArg names one whose value is an object
// constructor (an index block's key = { "State#Date" = ... }), that
// object's items, with quoted names. A `when` argument is returned apart
// when allowWhen is set. The result is in source order; a name assigned
// twice is reported (TD003) and kept once.
func (d *decoder) blockAssignments(body hcl.Body, objectArg string, allowWhen bool) (out []assignment, when *hcl.Attribute) {
	attrs, ds := body.JustAttributes()
	d.add(ds, CodeSyntax)
	for n, at := range attrs {
		if n == "when" && allowWhen {
			when = at
			continue
		}
		if objectArg != "" && n == objectArg {
			if _, isObject := at.Expr.(*hclsyntax.ObjectConsExpr); isObject {
				items, _ := d.objectAssignments(at.Expr, objectArg)
				out = append(out, items...)
				continue
			}
		}
		out = append(out, assignment{Name: n, NameRange: at.NameRange, Expr: at.Expr, Range: at.Range})
	}
	return d.uniqueAssignments(out), when
}

// uniqueAssignments sorts assignments into source order and reports a
// name assigned twice.
func (d *decoder) uniqueAssignments(as []assignment) []assignment {
	sortAssignments(as)
	seen := map[string]hcl.Range{}
	out := as[:0]
	for _, a := range as {
		if prev, dup := seen[a.Name]; dup {
			d.errorf(CodeDuplicate, a.NameRange, "Duplicate assignment", "%q is already assigned at %s.", a.Name, prev)
			continue
		}
		seen[a.Name] = a.NameRange
		out = append(out, a)
	}
	return out
}

func sortAssignments(as []assignment) {
	sort.SliceStable(as, func(i, j int) bool {
		if as[i].Range.Filename != as[j].Range.Filename {
			return as[i].Range.Filename < as[j].Range.Filename
		}
		return as[i].Range.Start.Byte < as[j].Range.Start.Byte
	})
}

// hasBrokenRef reports whether expr reads a malformed attr(...) call
// (already reported).
func hasBrokenRef(expr hcl.Expression) bool {
	if expr == nil {
		return false
	}
	for _, tr := range expr.Variables() {
		if tr.RootName() == brokenRef {
			return true
		}
	}
	return false
}

// bodyHasBrokenRef reports whether any expression of body (nested blocks
// included) reads a malformed attr(...) call: the block that holds it did
// not load completely.
func bodyHasBrokenRef(body hcl.Body) bool {
	b, ok := body.(*hclsyntax.Body)
	if !ok || b == nil {
		return false
	}
	for _, at := range b.Attributes {
		if hasBrokenRef(at.Expr) {
			return true
		}
	}
	for _, blk := range b.Blocks {
		if bodyHasBrokenRef(blk.Body) {
			return true
		}
	}
	return false
}

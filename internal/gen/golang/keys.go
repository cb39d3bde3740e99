package golang

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/gen"
)

// keys prints the Key type, the key errors, the functions computing each
// key template and the exported key builders.
func (p *printer) keys(b *bytes.Buffer) {
	p.header(b, "errors", "fmt", typesImport)
	for _, n := range []string{"Key", "ErrNotInIndex", "KeyError", "AttributeError"} {
		p.declare(n, "the package's "+n, hcl.Range{})
	}
	b.WriteString(`// Key is the key of an item in the table or in an index: its key
// attributes, ready for GetItem, DeleteItem or ExclusiveStartKey.
type Key map[string]types.AttributeValue

// ErrNotInIndex is returned by the key builder of a secondary index when a
// template reads an absent (optional) attribute: such an item has no key in
// the index, so it is not in it.
var ErrNotInIndex = errors.New("the item is not in the index: a key template reads an absent attribute")

// KeyError is a key template (or sparse condition) that cannot be
// computed for the values given, as tfdyn's evaluator finds it: a primary
// key template that reads an absent attribute, a format of a number that is
// not an integer, an empty string key.
type KeyError struct {
	Entity string
	// Index is the secondary index ("" for the table's primary key).
	Index string
	// Attribute is the key attribute ("" for a sparse condition).
	Attribute string
	// Template is the template or condition as the schema writes it.
	Template string
	Err      error
}

func (e *KeyError) Error() string {
	where := e.Entity
	if e.Index != "" {
		where += " in index " + e.Index
	}
	what := "key attribute " + e.Attribute
	if e.Attribute == "" {
		what = "sparse condition"
	}
	if e.Template != "" {
		what += " = " + e.Template
	}
	if errors.Is(e.Err, errTfdynAbsent) {
		return fmt.Sprintf("%s: %s: reads an absent attribute", where, what)
	}
	return fmt.Sprintf("%s: %s: %v", where, what, e.Err)
}

// Unwrap returns the cause.
func (e *KeyError) Unwrap() error { return e.Err }

// AttributeError is an attribute that cannot be written or read: a number
// that is no DynamoDB number, a missing required attribute, a value of
// another type.
type AttributeError struct {
	Entity, Attribute string
	Err               error
}

func (e *AttributeError) Error() string {
	return fmt.Sprintf("%s: attribute %s: %v", e.Entity, e.Attribute, e.Err)
}

// Unwrap returns the cause.
func (e *AttributeError) Unwrap() error { return e.Err }

`)
	for _, e := range p.api.Entities {
		for _, kv := range e.Primary {
			if kv.Expr != nil {
				p.templateFn(b, e, kv)
			}
		}
		for _, en := range e.Entries {
			for _, kv := range en.Templates {
				p.templateFn(b, e, kv)
			}
		}
		for _, kb := range e.Keys {
			p.keyBuilder(b, e, kb)
		}
	}
}

func paramList(fs []*gen.Field) string {
	var ps []string
	for _, f := range fs {
		ps = append(ps, unexported(f.Name)+" "+fieldType(f))
	}
	return strings.Join(ps, ", ")
}

// templateFn prints the function computing one key template from the
// fields it reads.
func (p *printer) templateFn(b *bytes.Buffer, e *gen.Entity, kv *gen.KeyValue) {
	fn := p.declare(p.templateFunc(e, kv), "key template "+kv.Attr+" of "+e.SchemaName, e.Range)
	fmt.Fprintf(b, "// %s computes %s = %s of %s.\n", fn, kv.Attr, kv.Text, gen.Article(exported(e.Name)))
	fmt.Fprintf(b, "func %s(%s) (types.AttributeValue, error) {\n", fn, paramList(kv.Reads))
	ref := func(f *gen.Field) string { return unexported(f.Name) }
	if s, nonEmpty, ok := simpleString(kv.Expr, ref); ok && kv.Type == gen.KeyS {
		fmt.Fprintf(b, "\tv := %s\n", s)
		if !nonEmpty {
			b.WriteString("\tif v == \"\" {\n\t\treturn nil, errors.New(\"the template gives an empty string, which DynamoDB rejects as a key\")\n\t}\n")
		}
		b.WriteString("\treturn &types.AttributeValueMemberS{Value: v}, nil\n}\n\n")
		return
	}
	var nulls []string
	for _, f := range kv.Reads {
		if f.Optional {
			nulls = append(nulls, unexported(f.Name)+" == nil")
		}
	}
	readsNull := "false"
	if len(nulls) > 0 {
		readsNull = strings.Join(nulls, " || ")
	}
	finish, member := "tfdynKeyS", "S"
	if kv.Type == gen.KeyN {
		finish, member = "tfdynKeyN", "N"
	}
	fmt.Fprintf(b, "\tv, err := %s(%s, %s)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n", finish, p.expr(kv.Expr, ref), readsNull)
	fmt.Fprintf(b, "\treturn &types.AttributeValueMember%s{Value: v}, nil\n}\n\n", member)
}

// simpleString prints a template of literals and required string fields
// as a Go string concatenation; nonEmpty tells that a literal part is not
// empty (the value never is).
func simpleString(e *gen.Expr, ref func(*gen.Field) string) (s string, nonEmpty, ok bool) {
	parts := []*gen.Expr{e}
	if e.Op == gen.OpConcat {
		parts = e.Args
	}
	if len(parts) == 0 {
		return `""`, false, true
	}
	var out []string
	for _, x := range parts {
		switch {
		case x.Op == gen.OpString:
			out = append(out, quote(x.Str))
			nonEmpty = nonEmpty || x.Str != ""
		case x.Op == gen.OpField && !x.Field.Optional && x.Field.Type.Kind == gen.TString:
			out = append(out, ref(x.Field))
		case x.Op == gen.OpField && !x.Field.Optional && x.Field.Type.Kind == gen.TEnum:
			out = append(out, "string("+ref(x.Field)+")")
		default:
			return "", false, false
		}
	}
	return strings.Join(out, " + "), nonEmpty, true
}

// keyBuilder prints an exported key builder.
func (p *printer) keyBuilder(b *bytes.Buffer, e *gen.Entity, kb *gen.KeyBuilder) {
	fn := p.declare(exported(kb.Name), "key builder of "+e.SchemaName, e.Range)
	where := "the primary key"
	if kb.Index.Kind != gen.IndexPrimary {
		where = "the key in index " + kb.Index.IndexName
	}
	fmt.Fprintf(b, "// %s returns %s of %s:\n//\n", fn, where, gen.Article(exported(e.Name)))
	for _, kv := range kb.Values {
		if kv.Field != nil {
			fmt.Fprintf(b, "//\t%s = %s (the attribute)\n", kv.Attr, kv.Field.Attr)
		} else {
			fmt.Fprintf(b, "//\t%s = %s\n", kv.Attr, kv.Text)
		}
	}
	if kb.Index.Kind != gen.IndexPrimary {
		b.WriteString("//\n// It returns ErrNotInIndex when a template reads an absent attribute.\n")
	}
	fmt.Fprintf(b, "func %s(%s) (Key, error) {\n", fn, paramList(kb.Params))
	fmt.Fprintf(b, "\tk := make(Key, %d)\n", len(kb.Values))
	ix := ""
	if kb.Index.Kind != gen.IndexPrimary {
		ix = kb.Index.IndexName
	}
	for _, kv := range kb.Values {
		if kv.Field != nil {
			src := unexported(kv.Field.Name)
			if kv.Field.Optional {
				absent := fmt.Sprintf("&KeyError{Entity: %s, Attribute: %s, Err: errTfdynAbsent}", quote(e.SchemaName), quote(kv.Attr))
				if ix != "" {
					absent = "ErrNotInIndex"
				}
				fmt.Fprintf(b, "\tif %s == nil {\n\t\treturn nil, %s\n\t}\n", src, absent)
				src = "*" + src
			}
			p.marshalValue(b, "\t", src, kv.Field.Type, fmt.Sprintf("k[%s]", quote(kv.Attr)), quote(e.SchemaName), kv.Attr, 0)
			continue
		}
		fmt.Fprintf(b, "\tif av, err := %s(%s); err != nil {\n", p.templateFunc(e, kv), p.argsOf(kv))
		if ix != "" {
			b.WriteString("\t\tif err == errTfdynAbsent {\n\t\t\treturn nil, ErrNotInIndex\n\t\t}\n")
		}
		fmt.Fprintf(b, "\t\treturn nil, &KeyError{Entity: %s, %sAttribute: %s, Template: %s, Err: err}\n\t} else {\n\t\tk[%s] = av\n\t}\n",
			quote(e.SchemaName), indexField(ix), quote(kv.Attr), quote(kv.Text), quote(kv.Attr))
	}
	b.WriteString("\treturn k, nil\n}\n\n")
}

func (p *printer) argsOf(kv *gen.KeyValue) string {
	var args []string
	for _, f := range kv.Reads {
		args = append(args, unexported(f.Name))
	}
	return strings.Join(args, ", ")
}

var callNames = map[string]string{
	"lower": "tfdynLower", "upper": "tfdynUpper", "trimspace": "tfdynTrimSpace", "trimprefix": "tfdynTrimPrefix",
	"trimsuffix": "tfdynTrimSuffix", "replace": "tfdynReplace", "coalesce": "tfdynCoalesce",
}

var opNames = map[gen.Op]string{
	gen.OpAdd: "tfdynAdd", gen.OpSub: "tfdynSub", gen.OpMul: "tfdynMul", gen.OpDiv: "tfdynDiv", gen.OpMod: "tfdynMod",
	gen.OpNeg: "tfdynNeg", gen.OpEq: "tfdynEquals", gen.OpNe: "tfdynNotEquals", gen.OpLt: "tfdynLess",
	gen.OpLe: "tfdynLessEq", gen.OpGt: "tfdynGreater", gen.OpGe: "tfdynGreaterEq", gen.OpAnd: "tfdynAnd",
	gen.OpOr: "tfdynOr", gen.OpNot: "tfdynNot", gen.OpCond: "tfdynCond", gen.OpConcat: "tfdynConcat",
	gen.OpToString: "tfdynToString",
}

// expr prints an expression as calls of the runtime (tfdyn.go); ref
// prints a field's Go value.
func (p *printer) expr(e *gen.Expr, ref func(*gen.Field) string) string {
	args := func() string {
		var out []string
		for _, a := range e.Args {
			out = append(out, p.expr(a, ref))
		}
		return strings.Join(out, ", ")
	}
	switch e.Op {
	case gen.OpString:
		return "tfdynS(" + quote(e.Str) + ")"
	case gen.OpNumber:
		return "tfdynNumLit(" + quote(e.Num) + ")"
	case gen.OpBool:
		return fmt.Sprintf("tfdynB(%t)", e.Bool)
	case gen.OpNull:
		return "tfdynV{}"
	case gen.OpField:
		f := e.Field
		fn := map[gen.TypeKind]string{gen.TString: "S", gen.TEnum: "S", gen.TNumber: "N", gen.TBool: "B"}[f.Type.Kind]
		if fn == "" {
			// A collection or object, only compared with null: its presence.
			if f.Optional {
				return "tfdynPresent(" + ref(f) + " != nil)"
			}
			return "tfdynB(true)"
		}
		if f.Optional {
			return "tfdynOpt" + fn + "(" + ref(f) + ")"
		}
		return "tfdyn" + fn + "(" + ref(f) + ")"
	case gen.OpCall:
		return callNames[e.Fn] + "(" + args() + ")"
	case gen.OpFormat:
		a := args()
		if a != "" {
			a = ", " + a
		}
		return "tfdynFormat(" + quote(e.Format) + a + ")"
	}
	return opNames[e.Op] + "(" + args() + ")"
}

// indexField is the Index field of a KeyError literal, or nothing for the
// primary key.
func indexField(ix string) string {
	if ix == "" {
		return ""
	}
	return "Index: " + quote(ix) + ", "
}

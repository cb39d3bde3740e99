package typescript

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// keys prints data-access/keys.ts (a key builder and a key prefix builder
// per entity and index) and data-access/templates.ts (a function per key
// template, which the key builders and the record writers call).
func (p *printer) keys() (keys, templates *module) {
	keys = newModule(dataAccessDir + "keys.ts")
	templates = newModule(dataAccessDir + "templates.ts")
	seen := map[string]*gen.KeyValue{}
	for _, e := range p.api.Entities {
		for _, kv := range e.Primary {
			if kv.Expr != nil {
				p.templateFn(templates, e, "", kv, seen)
			}
		}
		for _, en := range e.Entries {
			for _, kv := range en.Templates {
				p.templateFn(templates, e, en.Index.IndexName, kv, seen)
			}
		}
	}
	for _, e := range p.api.Entities {
		for _, kb := range e.Keys {
			p.keyBuilder(keys, e, kb)
			p.prefixBuilder(keys, e, kb)
		}
	}
	return keys, templates
}

// templateName is the function computing a key template of e.
func templateName(e *gen.Entity, kv *gen.KeyValue) string {
	return funcName(gen.Join(e.Name, gen.NameOf(kv.Attr), gen.Name{"template"}))
}

// templateCall is the call of a key template's function with the fields
// of obj, imported into m.
func (p *printer) templateCall(m *module, e *gen.Entity, kv *gen.KeyValue, obj string) string {
	var args []string
	for _, f := range kv.Reads {
		args = append(args, access(obj, f.Attr))
	}
	return m.use(dataAccessDir+"templates.ts", templateName(e, kv), false) + "(" + strings.Join(args, ", ") + ")"
}

// params prints a parameter list of fields: (customer: string, nick:
// string | undefined).
func (p *printer) params(m *module, fs []*gen.Field) string {
	var out []string
	for _, f := range fs {
		t := p.tsType(m, f.Type)
		if f.Optional {
			t += " | undefined"
		}
		out = append(out, param(f.Name)+": "+t)
	}
	return strings.Join(out, ", ")
}

// templateFn prints the function computing one key template from the
// fields it reads: its value, undefined when the item has no such key
// attribute (it reads an absent attribute), or a KeyError.
func (p *printer) templateFn(m *module, e *gen.Entity, index string, kv *gen.KeyValue, seen map[string]*gen.KeyValue) {
	name := templateName(e, kv)
	if prev, ok := seen[name]; ok {
		if prev != kv {
			p.diags = append(p.diags, diag.Errorf(gen.CodeNameCollision, &e.Range, "Names collide in generated code",
				"The generated TypeScript code would declare %s twice, for two templates of %s. Rename one of the attributes.", name, kv.Attr))
		}
		return
	}
	seen[name] = kv
	b := &m.body
	ret := p.keyType(m, kv)
	absent := canBeAbsent(kv)
	fullRet := ret
	if absent {
		fullRet += " | undefined"
	}
	fmt.Fprintf(b, "/** %s computes %s = %s of %s. */\n", name, kv.Attr, strings.ReplaceAll(oneLine(kv.Text), "*/", "*\\/"), gen.Article(typeName(e.Name)))
	fmt.Fprintf(b, "export function %s(%s): %s {\n", name, p.params(m, kv.Reads), fullRet)
	keyError := func(reason string) string {
		return fmt.Sprintf("new %s(%s, %s, %s, %s, %s)", m.rt("KeyError"), str(e.SchemaName), str(index), str(kv.Attr), str(kv.Text), reason)
	}
	cast := func(v string) string {
		if ret == "string" {
			return v
		}
		return v + " as " + ret
	}
	if lit, nonEmpty, ok := simpleString(kv.Expr); ok && kv.Type == gen.KeyS {
		if nonEmpty {
			fmt.Fprintf(b, "  return %s;\n}\n\n", cast(lit+`.normalize("NFC")`))
			return
		}
		fmt.Fprintf(b, "  const v = %s.normalize(\"NFC\");\n", lit)
		fmt.Fprintf(b, "  if (v === \"\") {\n    throw %s;\n  }\n", keyError(str("the template gives an empty string, which DynamoDB rejects as a key")))
		fmt.Fprintf(b, "  return %s;\n}\n\n", cast("v"))
		return
	}
	readsNull := false
	for _, f := range kv.Reads {
		readsNull = readsNull || f.Optional
	}
	var ref func(f *gen.Field) string = func(f *gen.Field) string { return param(f.Name) }
	if len(kv.Reads) > 0 && readsNull {
		var nulls []string
		for _, f := range kv.Reads {
			if f.Optional {
				nulls = append(nulls, param(f.Name)+" === undefined")
			}
		}
		fmt.Fprintf(b, "  const readsNull = %s;\n", strings.Join(nulls, " || "))
	}
	finish := "tfdynKeyS"
	if kv.Type == gen.KeyN {
		finish = "tfdynKeyN"
	}
	rn := "false"
	if readsNull {
		rn = "readsNull"
	}
	fmt.Fprintf(b, "  const v = %s(%s, %s);\n", m.rt(finish), p.expr(m, kv.Expr, ref), rn)
	if absent {
		b.WriteString("  if (v === undefined) {\n    return undefined;\n  }\n")
	} else {
		fmt.Fprintf(b, "  if (v === undefined) {\n    throw %s;\n  }\n", keyError(str("reads an absent attribute")))
	}
	fmt.Fprintf(b, "  if (typeof v !== \"string\") {\n    throw %s;\n  }\n", keyError("v.problem"))
	if kv.Type == gen.KeyN {
		fmt.Fprintf(b, "  return %s.from(v);\n}\n\n", m.use("@aws-sdk/lib-dynamodb", "NumberValue", false))
		return
	}
	fmt.Fprintf(b, "  return %s;\n}\n\n", cast("v"))
}

// simpleString prints a template of literals and required string or enum
// fields as a template literal; nonEmpty tells that a literal part is not
// empty (the value never is).
func simpleString(e *gen.Expr) (s string, nonEmpty, ok bool) {
	parts := []*gen.Expr{e}
	if e.Op == gen.OpConcat {
		parts = e.Args
	}
	var sb strings.Builder
	sb.WriteString("`")
	for _, x := range parts {
		switch {
		case x.Op == gen.OpString:
			sb.WriteString(escape(x.Str, '`'))
			nonEmpty = nonEmpty || x.Str != ""
		case x.Op == gen.OpField && !x.Field.Optional && (x.Field.Type.Kind == gen.TString || x.Field.Type.Kind == gen.TEnum):
			sb.WriteString("${" + param(x.Field.Name) + "}")
		default:
			return "", false, false
		}
	}
	sb.WriteString("`")
	return sb.String(), nonEmpty, true
}

var callNames = map[string]string{
	"lower": "tfdynLower", "upper": "tfdynUpper", "trimspace": "tfdynTrimSpace", "trimprefix": "tfdynTrimPrefix",
	"trimsuffix": "tfdynTrimSuffix", "replace": "tfdynReplace", "coalesce": "tfdynCoalesce",
}

var opNames = map[gen.Op]string{
	gen.OpAdd: "tfdynAdd", gen.OpSub: "tfdynSub", gen.OpMul: "tfdynMul", gen.OpDiv: "tfdynDiv", gen.OpMod: "tfdynMod",
	gen.OpNeg: "tfdynNegate", gen.OpEq: "tfdynEquals", gen.OpNe: "tfdynNotEquals", gen.OpLt: "tfdynLess",
	gen.OpLe: "tfdynLessEq", gen.OpGt: "tfdynGreater", gen.OpGe: "tfdynGreaterEq", gen.OpAnd: "tfdynAnd",
	gen.OpOr: "tfdynOr", gen.OpNot: "tfdynNot", gen.OpCond: "tfdynCond", gen.OpConcat: "tfdynConcat",
	gen.OpToString: "tfdynToString",
}

// expr prints an expression as calls of the runtime; ref prints a field's
// value (undefined when an optional field is absent).
func (p *printer) expr(m *module, e *gen.Expr, ref func(*gen.Field) string) string {
	args := func() []string {
		var out []string
		for _, a := range e.Args {
			out = append(out, p.expr(m, a, ref))
		}
		return out
	}
	switch e.Op {
	case gen.OpString:
		return m.rt("tfdynS") + "(" + str(e.Str) + ")"
	case gen.OpNumber:
		return m.rt("tfdynNumLit") + "(" + str(e.Num) + ")"
	case gen.OpBool:
		return fmt.Sprintf("%t", e.Bool)
	case gen.OpNull:
		return "null"
	case gen.OpField:
		switch e.Field.Type.Kind {
		case gen.TString, gen.TEnum:
			return m.rt("tfdynS") + "(" + ref(e.Field) + ")"
		case gen.TNumber:
			return m.rt("tfdynN") + "(" + ref(e.Field) + ")"
		case gen.TBool:
			return m.rt("tfdynB") + "(" + ref(e.Field) + ")"
		}
		// A collection or object, only compared with null: its presence.
		return "(" + ref(e.Field) + " === undefined ? null : true)"
	case gen.OpCall:
		return m.rt(callNames[e.Fn]) + "(" + strings.Join(args(), ", ") + ")"
	case gen.OpFormat:
		return m.rt("tfdynFormat") + "(" + strings.Join(append([]string{str(e.Format)}, args()...), ", ") + ")"
	}
	return m.rt(opNames[e.Op]) + "(" + strings.Join(args(), ", ") + ")"
}

// paramType prints the object type of a builder's parameter: the fields,
// optional ones optional; required makes every field required, never the
// fields a shallower prefix must not be given.
func (p *printer) paramType(m *module, fs []*gen.Field, required bool, never []*gen.Field) string {
	var out []string
	for _, f := range fs {
		t := p.tsType(m, f.Type)
		if f.Optional && !required {
			out = append(out, prop(f.Attr)+"?: "+t+" | undefined")
		} else {
			out = append(out, prop(f.Attr)+": "+t)
		}
	}
	for _, f := range never {
		out = append(out, prop(f.Attr)+"?: never")
	}
	return "{ " + strings.Join(out, "; ") + " }"
}

// keyDoc writes the key attributes of a builder's doc comment.
func keyDoc(b *bytes.Buffer, values []*gen.KeyValue) {
	b.WriteString(" *\n")
	for _, kv := range values {
		if kv.Field != nil {
			docLine(b, "", "    "+kv.Attr+" = "+kv.Field.Attr+" (the attribute)")
		} else {
			docLine(b, "", "    "+kv.Attr+" = "+oneLine(kv.Text))
		}
	}
	b.WriteString(" *\n")
}

// keyValues prints the statements computing the key values of a builder
// into v<offset>, v<offset+1>...; absent says what an absent value does: "undefined"
// returns undefined, "" throws a KeyError.
func (p *printer) keyValues(m *module, e *gen.Entity, index string, values []*gen.KeyValue, absent string, obj string, offset int) {
	b := &m.body
	for j, kv := range values {
		i := offset + j
		if kv.Field != nil {
			src := access(obj, kv.Field.Attr)
			if kv.Field.Optional {
				if absent == "undefined" {
					fmt.Fprintf(b, "  if (%s === undefined) {\n    return undefined;\n  }\n", src)
				} else {
					fmt.Fprintf(b, "  if (%s === undefined) {\n    throw new %s(%s, %s, %s, \"\", \"reads an absent attribute\");\n  }\n",
						src, m.rt("KeyError"), str(e.SchemaName), str(index), str(kv.Attr))
				}
			}
			val := src
			if kv.Field.Type.Kind == gen.TNumber {
				val = fmt.Sprintf("%s(%s, %s, %s)", m.rt("tfdynFinite"), src, str(e.SchemaName), str(kv.Field.Attr))
			}
			fmt.Fprintf(b, "  const v%d = %s;\n", i, val)
			continue
		}
		call := p.templateCall(m, e, kv, obj)
		switch {
		case !canBeAbsent(kv):
			fmt.Fprintf(b, "  const v%d = %s;\n", i, call)
		case absent == "undefined":
			fmt.Fprintf(b, "  const v%d = %s;\n  if (v%d === undefined) {\n    return undefined;\n  }\n", i, call, i)
		default:
			fmt.Fprintf(b, "  const v%d = %s;\n", i, p.present(m, e, index, kv, call))
		}
	}
}

// keyObject prints the object literal of key values v0, v1...
func keyObject(values []*gen.KeyValue) string {
	var out []string
	for i, kv := range values {
		out = append(out, fmt.Sprintf("%s: v%d", prop(kv.Attr), i))
	}
	return "{ " + strings.Join(out, ", ") + " }"
}

// keyTypeLiteral prints the object type of key values.
func (p *printer) keyTypeLiteral(m *module, values []*gen.KeyValue) string {
	var out []string
	for _, kv := range values {
		out = append(out, prop(kv.Attr)+": "+p.keyType(m, kv))
	}
	return "{ " + strings.Join(out, "; ") + " }"
}

// keyBuilder prints the key type and the key builder of an entity and
// index.
func (p *printer) keyBuilder(m *module, e *gen.Entity, kb *gen.KeyBuilder) {
	b := &m.body
	entity := typeName(e.Name)
	typ := p.declare(typeName(kb.Name), "key builder of "+e.SchemaName, e.Range)
	fn := p.declare(funcName(kb.Name), "key builder of "+e.SchemaName, e.Range)
	where := "the primary key"
	index := ""
	if kb.Index.Kind != gen.IndexPrimary {
		where = "the key in index " + kb.Index.IndexName
		index = kb.Index.IndexName
	}
	fmt.Fprintf(b, "/** %s is %s of %s. */\n", typ, where, gen.Article(entity))
	fmt.Fprintf(b, "export interface %s {\n", typ)
	for _, kv := range kb.Values {
		fmt.Fprintf(b, "  %s: %s;\n", prop(kv.Attr), p.keyType(m, kv))
	}
	b.WriteString("}\n\n")
	secondary := kb.Index.Kind != gen.IndexPrimary
	mayBeAbsent := false
	for _, kv := range kb.Values {
		mayBeAbsent = mayBeAbsent || secondary && canBeAbsent(kv)
	}
	b.WriteString("/**\n")
	doc(b, "", fmt.Sprintf("%s returns %s of %s:", fn, where, gen.Article(entity)))
	keyDoc(b, kb.Values)
	if mayBeAbsent {
		doc(b, "", "It returns undefined when a template reads an absent attribute: such an item is not in the index.")
		b.WriteString(" *\n")
	}
	doc(b, "", "@throws {KeyError} when a template cannot be computed for the values given")
	b.WriteString(" */\n")
	ret := typ
	if mayBeAbsent {
		ret += " | undefined"
	}
	arg := ""
	if len(kb.Params) > 0 {
		arg = "k: " + p.paramType(m, kb.Params, false, nil)
	}
	fmt.Fprintf(b, "export function %s(%s): %s {\n", fn, arg, ret)
	absent := ""
	if secondary {
		absent = "undefined"
	}
	p.keyValues(m, e, index, kb.Values, absent, "k", 0)
	fmt.Fprintf(b, "  return %s;\n}\n\n", keyObject(kb.Values))
	m.export(typ, true)
	m.export(fn, false)
}

// prefixBuilder prints the builder of a key's prefixes: the partition key
// and each run of leading sort key attributes a Query fixes by equality,
// one overload per depth (an object that skips a sort attribute matches
// none, so that it does not compile).
func (p *printer) prefixBuilder(m *module, e *gen.Entity, kb *gen.KeyBuilder) {
	// The depths the given fields tell apart: each deeper one reads a field
	// the shallower ones do not.
	type depth struct {
		prefix *gen.KeyPrefix
		fresh  []*gen.Field
	}
	var depths []depth
	known := map[*gen.Field]bool{}
	for _, px := range kb.Prefixes {
		var fresh []*gen.Field
		for _, f := range px.Params {
			if !known[f] {
				fresh = append(fresh, f)
			}
		}
		if len(depths) > 0 && len(fresh) == 0 {
			break
		}
		for _, f := range fresh {
			known[f] = true
		}
		depths = append(depths, depth{px, fresh})
	}
	if len(depths) == 0 {
		return
	}
	b := &m.body
	entity := typeName(e.Name)
	fn := p.declare(funcName(kb.Prefix), "key prefix builder of "+e.SchemaName, e.Range)
	index := ""
	where := "the primary key"
	if kb.Index.Kind != gen.IndexPrimary {
		index = kb.Index.IndexName
		where = "the key in index " + index
	}
	last := depths[len(depths)-1].prefix
	b.WriteString("/**\n")
	if len(depths) == 1 {
		doc(b, "", fmt.Sprintf("%s returns the partition key of %s of %s, for a Query:", fn, where, gen.Article(entity)))
	} else {
		doc(b, "", fmt.Sprintf("%s returns the leading attributes of %s of %s that a Query fixes by equality: the partition key and the sort key attributes given, left to right (DynamoDB allows no gap):", fn, where, gen.Article(entity)))
	}
	keyDoc(b, last.Values)
	doc(b, "", "@throws {KeyError} when a template cannot be computed for the values given")
	b.WriteString(" */\n")
	params := func(i int) string {
		var never []*gen.Field
		if len(depths) > 1 {
			for _, d := range depths[i+1:] {
				never = append(never, d.fresh...)
			}
		}
		return p.paramType(m, depths[i].prefix.Params, true, never)
	}
	if len(depths) == 1 {
		arg := ""
		if len(last.Params) > 0 {
			arg = "k: " + params(0)
		}
		fmt.Fprintf(b, "export function %s(%s): %s {\n", fn, arg, p.keyTypeLiteral(m, last.Values))
	} else {
		var rets []string
		for i, d := range depths {
			ret := p.keyTypeLiteral(m, d.prefix.Values)
			rets = append(rets, ret)
			fmt.Fprintf(b, "export function %s(k: %s): %s;\n", fn, params(i), ret)
		}
		// The implementation's parameter: the partition key's fields, the
		// others optional.
		var fs []string
		for i, d := range depths {
			for _, f := range d.fresh {
				opt := ""
				if i > 0 {
					opt = "?"
				}
				t := p.tsType(m, f.Type)
				if opt != "" {
					t += " | undefined"
				}
				fs = append(fs, prop(f.Attr)+opt+": "+t)
			}
		}
		fmt.Fprintf(b, "export function %s(k: { %s }): %s {\n", fn, strings.Join(fs, "; "), strings.Join(rets, " | "))
	}
	done := 0
	for i, d := range depths {
		if i > 0 {
			fmt.Fprintf(b, "  if (%s === undefined) {\n    return %s;\n  }\n", access("k", d.fresh[0].Attr), keyObject(depths[i-1].prefix.Values))
		}
		vals := d.prefix.Values[done:]
		p.keyValues(m, e, index, vals, "", "k", done)
		done += len(vals)
	}
	fmt.Fprintf(b, "  return %s;\n}\n\n", keyObject(last.Values))
	m.export(fn, false)
}

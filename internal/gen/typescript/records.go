package typescript

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/tfdyn/tfdyn/internal/gen"
)

// records prints data-access/<entity>.ts: toXxxRecord, which writes the
// DynamoDB item of an entity value (its key attributes computed, sparse
// conditions included), and fromXxxRecord, which reads it back.
func (p *printer) records(e *gen.Entity) *module {
	m := newModule(p.file(recordsFile(e), "records of entity "+str(e.SchemaName), e.Range))
	b := &m.body
	name := m.use(entityFile(e), typeName(e.Name), true)
	record := m.use(entityFile(e), typeName(e.Name.With("record")), true)
	entity := str(e.SchemaName)

	// toXxxRecord.
	to := p.declare(funcName(gen.Join(gen.Name{"to"}, e.Name, gen.Name{"record"})), "entity "+entity, e.Range)
	var keys []string
	for _, ka := range recordKeys(e) {
		keys = append(keys, ka.attr)
	}
	b.WriteString("/**\n")
	doc(b, "", fmt.Sprintf("%s returns the DynamoDB item of x: its attributes and the key attributes the schema computes from them (%s), an index's only when the item is in the index. It fails as tfdyn's evaluator does: a template that reads an absent attribute for the primary key, a format of a number that is not an integer, an empty string key.",
		to, strings.Join(keys, ", ")))
	b.WriteString(" *\n")
	doc(b, "", "@throws {KeyError} when a key template or sparse condition cannot be computed")
	doc(b, "", "@throws {AttributeError} when a number is NaN or infinite")
	b.WriteString(" */\n")
	fmt.Fprintf(b, "export function %s(x: %s): %s {\n", to, name, record)
	p.writeFields(m, e.Fields, "x", "a", name, e.SchemaName)
	for i, kv := range e.Primary {
		if kv.Field == nil {
			fmt.Fprintf(b, "  const k%d = %s;\n", i, p.present(m, e, "", kv, p.templateCall(m, e, kv, "x")))
		}
	}
	for i, c := range e.Computed {
		p.computedValue(m, e, i, c)
	}
	var entries []*gen.IndexEntry
	for _, en := range e.Entries {
		if en.When != nil || len(en.Templates) > 0 {
			fmt.Fprintf(b, "  const e%d = %s(x);\n", len(entries), entryFunc(e, en))
			entries = append(entries, en)
		}
	}
	fmt.Fprintf(b, "  const r: %s = {\n    ...a,\n", record)
	for i, kv := range e.Primary {
		if kv.Field == nil {
			fmt.Fprintf(b, "    %s: k%d,\n", prop(kv.Attr), i)
		}
	}
	for i, c := range e.Computed {
		if !c.MayBeAbsent() {
			fmt.Fprintf(b, "    %s: c%d,\n", prop(c.Attr), i)
		}
	}
	for i, en := range entries {
		if !entryAbsent(en) && len(en.Templates) > 0 {
			fmt.Fprintf(b, "    ...e%d,\n", i)
		}
	}
	b.WriteString("  };\n")
	for i, c := range e.Computed {
		if c.MayBeAbsent() {
			fmt.Fprintf(b, "  if (c%d !== undefined) {\n    %s = c%d;\n  }\n", i, access("r", c.Attr), i)
		}
	}
	for i, en := range entries {
		if entryAbsent(en) && len(en.Templates) > 0 {
			fmt.Fprintf(b, "  if (e%d !== undefined) {\n", i)
			for _, kv := range en.Templates {
				fmt.Fprintf(b, "    %s = %s;\n", access("r", kv.Attr), access(fmt.Sprintf("e%d", i), kv.Attr))
			}
			b.WriteString("  }\n")
		}
	}
	for _, kv := range e.Primary {
		if kv.Field != nil && kv.Field.Optional {
			fmt.Fprintf(b, "  if (%s === undefined) {\n    throw new %s(%s, \"\", %s, \"\", \"reads an absent attribute\");\n  }\n",
				access("x", kv.Field.Attr), m.rt("KeyError"), entity, str(kv.Attr))
		}
	}
	b.WriteString("  return r;\n}\n\n")
	for _, en := range entries {
		p.entry(m, e, en, name)
	}
	m.export(to, false)

	// fromXxxRecord.
	from := p.declare(funcName(gen.Join(gen.Name{"from"}, e.Name, gen.Name{"record"})), "entity "+entity, e.Range)
	b.WriteString("/**\n")
	doc(b, "", fmt.Sprintf("%s reads %s from its DynamoDB item as the document client returns it (numbers as number, bigint or NumberValue); attributes it does not declare, such as the key attributes, are skipped.", from, gen.Article(name)))
	b.WriteString(" *\n")
	doc(b, "", "@throws {AttributeError} when a required attribute is missing (or NULL) or a value has another type")
	b.WriteString(" */\n")
	fmt.Fprintf(b, "export function %s(item: object): %s {\n", from, name)
	b.WriteString("  const m = item as { readonly [attr: string]: unknown };\n")
	p.readFields(m, e.Fields, "m", "x", name, e.SchemaName)
	b.WriteString("  return x;\n}\n")
	m.export(from, false)

	for _, o := range e.Objects {
		p.objectCodec(m, o)
	}
	return m
}

// writeFields declares the object dst with the fields of src (an entity or
// object value), converted for DynamoDB, in declaration order.
func (p *printer) writeFields(m *module, fs []*gen.Field, src, dst, name, entity string) {
	b := &m.body
	var required, optional []string
	for i, f := range fs {
		v := fmt.Sprintf("v%d", i)
		attr := f.Attr
		val := p.writeValue(m, v, f.Type, entity, attr, 0)
		if f.Optional {
			fmt.Fprintf(b, "  const %s = %s;\n", v, access(src, f.Attr))
			fmt.Fprintf(b, "  const w%d = %s === undefined ? undefined : %s;\n", i, v, val)
			optional = append(optional, fmt.Sprintf("  if (w%d !== undefined) {\n    %s = w%d;\n  }\n", i, access(dst, f.Attr), i))
			continue
		}
		val = p.writeValue(m, access(src, f.Attr), f.Type, entity, attr, 0)
		if val == access(src, f.Attr) {
			required = append(required, fmt.Sprintf("%s: %s", prop(f.Attr), val))
			continue
		}
		fmt.Fprintf(b, "  const w%d = %s;\n", i, val)
		required = append(required, fmt.Sprintf("%s: w%d", prop(f.Attr), i))
	}
	fmt.Fprintf(b, "  const %s: %s = {", dst, name)
	if len(required) > 0 {
		b.WriteString("\n")
		for _, r := range required {
			b.WriteString("    " + r + ",\n")
		}
		b.WriteString("  ")
	}
	b.WriteString("}")
	b.WriteString(";\n")
	for _, o := range optional {
		b.WriteString(o)
	}
}

// identity reports whether a value of type t is written as it is.
func identity(t *gen.Type) bool {
	switch t.Kind {
	case gen.TString, gen.TEnum, gen.TBool:
		return true
	case gen.TList, gen.TMap:
		return identity(t.Elem)
	}
	return false
}

// writeValue is the expression converting src, a value of type t, for
// DynamoDB: numbers checked, sets sorted, objects copied field by field.
func (p *printer) writeValue(m *module, src string, t *gen.Type, entity, attr string, depth int) string {
	e := fmt.Sprintf("e%d", depth)
	switch t.Kind {
	case gen.TNumber:
		return fmt.Sprintf("%s(%s, %s, %s)", m.rt("tfdynFinite"), src, str(entity), str(attr))
	case gen.TList:
		if identity(t.Elem) {
			return src + ".slice()"
		}
		return fmt.Sprintf("%s.map((%s) => %s)", src, e, p.writeValue(m, e, t.Elem, entity, attr, depth+1))
	case gen.TSet:
		if identity(t.Elem) {
			return fmt.Sprintf("%s(%s)", m.rt("tfdynSet"), src)
		}
		return fmt.Sprintf("%s(%s.map((%s) => %s))", m.rt("tfdynSet"), src, e, p.writeValue(m, e, t.Elem, entity, attr, depth+1))
	case gen.TMap:
		if identity(t.Elem) {
			return "{ ..." + src + " }"
		}
		return fmt.Sprintf("%s(%s, (%s) => %s)", m.rt("tfdynMapValues"), src, e, p.writeValue(m, e, t.Elem, entity, attr, depth+1))
	case gen.TObject:
		return fmt.Sprintf("%s(%s, %s, %s)", p.codecIn(m, t.Object, objectWriter(t.Object)), src, str(entity), str(attr))
	}
	return src
}

// codecIn is the codec function fn (objectWriter or objectReader) of
// object type o as module m calls it: from the data-access module of the
// entity that declares the type, exported there (and imported into m) when
// m is another module (a write's object input typed by another entity's
// attribute, a recogniser of a projected result).
func (p *printer) codecIn(m *module, o *gen.Object, fn string) string {
	home := p.recordMods[p.ownerOf(o.Name)]
	if home == nil || home == m {
		return fn
	}
	// The entities' modules are printed before any pattern: the codec
	// becomes an export of its module (not of index.ts).
	body := bytes.Replace(home.body.Bytes(), []byte("\nfunction "+fn+"("), []byte("\nexport function "+fn+"("), 1)
	home.body.Reset()
	home.body.Write(body)
	return m.use(home.path, fn, false)
}

// readFields declares dst, a value of type name, with the fields read
// from src (an item or a map), in declaration order.
func (p *printer) readFields(m *module, fs []*gen.Field, src, dst, name, entity string) {
	b := &m.body
	var required, optional []string
	for i, f := range fs {
		attr := f.Attr
		if !f.Optional {
			fmt.Fprintf(b, "  const v%d = %s;\n", i, p.readValue(m, src+"["+str(f.Attr)+"]", f.Type, entity, attr, 0))
			required = append(required, fmt.Sprintf("%s: v%d", prop(f.Attr), i))
			continue
		}
		fmt.Fprintf(b, "  const a%d = %s[%s];\n", i, src, str(f.Attr))
		read := p.readValue(m, fmt.Sprintf("a%d", i), f.Type, entity, attr, 0)
		if f.Optional {
			fmt.Fprintf(b, "  const v%d = a%d === undefined || a%d === null ? undefined : %s;\n", i, i, i, read)
			optional = append(optional, fmt.Sprintf("  if (v%d !== undefined) {\n    %s = v%d;\n  }\n", i, access(dst, f.Attr), i))
			continue
		}
		fmt.Fprintf(b, "  const v%d = %s;\n", i, read)
		required = append(required, fmt.Sprintf("%s: v%d", prop(f.Attr), i))
	}
	fmt.Fprintf(b, "  const %s: %s = {", dst, name)
	if len(required) > 0 {
		b.WriteString("\n")
		for _, r := range required {
			b.WriteString("    " + r + ",\n")
		}
		b.WriteString("  ")
	}
	b.WriteString("};\n")
	for _, o := range optional {
		b.WriteString(o)
	}
}

// readValue is the expression reading src, an unknown value from an item,
// as a value of type t.
func (p *printer) readValue(m *module, src string, t *gen.Type, entity, attr string, depth int) string {
	e := fmt.Sprintf("e%d", depth)
	args := fmt.Sprintf("%s, %s, %s", src, str(entity), str(attr))
	switch t.Kind {
	case gen.TString:
		return m.rt("tfdynReadS") + "(" + args + ")"
	case gen.TEnum:
		return m.rt("tfdynReadS") + "(" + args + ") as " + p.tsType(m, t)
	case gen.TNumber:
		return m.rt("tfdynReadN") + "(" + args + ")"
	case gen.TBool:
		return m.rt("tfdynReadB") + "(" + args + ")"
	case gen.TList, gen.TSet:
		return fmt.Sprintf("%s(%s).map((%s) => %s)", m.rt("tfdynReadL"), args, e, p.readValue(m, e, t.Elem, entity, attr, depth+1))
	case gen.TMap:
		return fmt.Sprintf("%s(%s(%s), (%s) => %s)", m.rt("tfdynMapValues"), m.rt("tfdynReadM"), args, e, p.readValue(m, e, t.Elem, entity, attr, depth+1))
	case gen.TObject:
		return fmt.Sprintf("%s(%s)", p.codecIn(m, t.Object, objectReader(t.Object)), args)
	}
	return src
}

// writeUsesContext reports whether writeValue of a value of type t names
// the entity and attribute (for a number's error, or an object's writer).
func writeUsesContext(t *gen.Type) bool {
	switch t.Kind {
	case gen.TNumber, gen.TObject:
		return true
	case gen.TList, gen.TSet, gen.TMap:
		return writeUsesContext(t.Elem)
	}
	return false
}

func objectWriter(o *gen.Object) string { return "write" + typeName(o.Name) }

func objectReader(o *gen.Object) string { return "read" + typeName(o.Name) }

// objectCodec prints the module's functions that write and read an
// object type.
func (p *printer) objectCodec(m *module, o *gen.Object) {
	p.objectWriterFunc(m, o)
	b := &m.body
	name := p.tsType(m, &gen.Type{Kind: gen.TObject, Object: o})
	fmt.Fprintf(b, "\n/** %s reads %s from a DynamoDB map. */\n", objectReader(o), gen.Article(name))
	fmt.Fprintf(b, "function %s(v: unknown, entity: string, attribute: string): %s {\n", objectReader(o), name)
	fmt.Fprintf(b, "  const m = %s(v, entity, attribute);\n", m.rt("tfdynReadM"))
	p.objectFields(m, o, "read")
	b.WriteString("  return o;\n}\n")
}

// objectWriterFunc prints the function that writes an object type.
func (p *printer) objectWriterFunc(m *module, o *gen.Object) {
	b := &m.body
	name := p.tsType(m, &gen.Type{Kind: gen.TObject, Object: o})
	fmt.Fprintf(b, "\n/** %s copies the declared fields of %s for DynamoDB. */\n", objectWriter(o), gen.Article(name))
	// The entity and attribute name a number that cannot be stored; an
	// object without numbers leaves them unused.
	context := "_entity: string, _attribute: string"
	if slices.ContainsFunc(o.Fields, func(f *gen.Field) bool { return writeUsesContext(f.Type) }) {
		context = "entity: string, attribute: string"
	}
	fmt.Fprintf(b, "function %s(x: %s, %s): %s {\n", objectWriter(o), name, context, name)
	p.objectFields(m, o, "write")
	b.WriteString("  return o;\n}\n")
}

// objectFields prints the body of an object's writer or reader: the
// entity and attribute path of errors come from the caller.
func (p *printer) objectFields(m *module, o *gen.Object, mode string) {
	b := &m.body
	var required, optional []string
	for i, f := range o.Fields {
		attr := "attribute + " + str("."+f.Attr)
		var val string
		if mode == "write" {
			fmt.Fprintf(b, "  const v%d = %s;\n", i, access("x", f.Attr))
			val = p.writeValueDyn(m, fmt.Sprintf("v%d", i), f.Type, attr, 0)
		} else {
			fmt.Fprintf(b, "  const a%d = m[%s];\n", i, str(f.Attr))
			val = p.readValueDyn(m, fmt.Sprintf("a%d", i), f.Type, attr, 0)
		}
		switch {
		case f.Optional && mode == "write":
			fmt.Fprintf(b, "  const w%d = v%d === undefined ? undefined : %s;\n", i, i, val)
		case f.Optional:
			fmt.Fprintf(b, "  const w%d = a%d === undefined || a%d === null ? undefined : %s;\n", i, i, i, val)
		default:
			fmt.Fprintf(b, "  const w%d = %s;\n", i, val)
		}
		if f.Optional {
			optional = append(optional, fmt.Sprintf("  if (w%d !== undefined) {\n    %s = w%d;\n  }\n", i, access("o", f.Attr), i))
		} else {
			required = append(required, fmt.Sprintf("%s: w%d", prop(f.Attr), i))
		}
	}
	fmt.Fprintf(b, "  const o: %s = {", typeName(o.Name))
	if len(required) > 0 {
		b.WriteString("\n")
		for _, r := range required {
			b.WriteString("    " + r + ",\n")
		}
		b.WriteString("  ")
	}
	b.WriteString("};\n")
	for _, s := range optional {
		b.WriteString(s)
	}
}

// writeValueDyn and readValueDyn are writeValue and readValue inside an
// object's functions, where the entity and attribute path are variables.
func (p *printer) writeValueDyn(m *module, src string, t *gen.Type, attr string, depth int) string {
	return strings.ReplaceAll(strings.ReplaceAll(p.writeValue(m, src, t, "\x00entity", "\x00attr", depth),
		str("\x00entity"), "entity"), str("\x00attr"), attr)
}

func (p *printer) readValueDyn(m *module, src string, t *gen.Type, attr string, depth int) string {
	return strings.ReplaceAll(strings.ReplaceAll(p.readValue(m, src, t, "\x00entity", "\x00attr", depth),
		str("\x00entity"), "entity"), str("\x00attr"), attr)
}

// computedValue prints the constant cI holding computed attribute c of
// the record (undefined when it may be and is absent).
func (p *printer) computedValue(m *module, e *gen.Entity, i int, c *gen.Computed) {
	b := &m.body
	fmt.Fprintf(b, "  // %s = %s (computed)\n", c.Attr, oneLine(c.Text))
	switch c.Expr.Op {
	case gen.OpString:
		fmt.Fprintf(b, "  const c%d = %s;\n", i, str(c.Expr.Str))
		return
	case gen.OpBool:
		fmt.Fprintf(b, "  const c%d = %t;\n", i, c.Expr.Bool)
		return
	}
	var nulls []string
	for _, f := range c.Reads {
		if f.Optional {
			nulls = append(nulls, access("x", f.Attr)+" === undefined")
		}
	}
	readsNull := "false"
	if len(nulls) > 0 {
		readsNull = strings.Join(nulls, " || ")
	}
	fmt.Fprintf(b, "  const v%dc = %s(%s, %s);\n", i, m.rt("tfdynComputed"), p.expr(m, c.Expr, func(f *gen.Field) string { return access("x", f.Attr) }), readsNull)
	fmt.Fprintf(b, "  if (typeof v%dc === \"object\") {\n    throw new %s(%s, %s, v%dc.problem);\n  }\n", i, m.rt("AttributeError"), str(e.SchemaName), str(c.Attr), i)
	if !c.MayBeAbsent() {
		fmt.Fprintf(b, "  if (v%dc === undefined) {\n    throw new %s(%s, %s, \"the computed attribute gives no value\");\n  }\n", i, m.rt("AttributeError"), str(e.SchemaName), str(c.Attr))
	}
	val := fmt.Sprintf("v%dc", i)
	switch c.Type {
	case gen.TypeNumber:
		nv := m.use("@aws-sdk/lib-dynamodb", "NumberValue", false)
		if c.MayBeAbsent() {
			val = fmt.Sprintf("v%dc === undefined ? undefined : %s.from(v%dc as string)", i, nv, i)
		} else {
			val = fmt.Sprintf("%s.from(v%dc as string)", nv, i)
		}
	case gen.TypeBool:
		val += " as boolean"
		if c.MayBeAbsent() {
			val += " | undefined"
		}
	default:
		val += " as string"
		if c.MayBeAbsent() {
			val += " | undefined"
		}
	}
	fmt.Fprintf(b, "  const c%d = %s;\n", i, val)
}

// entryFunc is the module function writing an index entry of e.
func entryFunc(e *gen.Entity, en *gen.IndexEntry) string {
	return funcName(gen.Join(e.Name, en.Index.Name, gen.Name{"entry"}))
}

// entryAbsent reports whether an index entry may be left out of an item:
// a sparse condition, or a template that may give no value.
func entryAbsent(en *gen.IndexEntry) bool {
	if en.When != nil {
		return true
	}
	for _, kv := range en.Templates {
		if canBeAbsent(kv) {
			return true
		}
	}
	return false
}

// entry prints the function that computes the key attributes of an index
// entry, or undefined when the item is not in the index.
func (p *printer) entry(m *module, e *gen.Entity, en *gen.IndexEntry, name string) {
	b := &m.body
	ix := en.Index.IndexName
	var props []string
	for _, kv := range en.Templates {
		props = append(props, prop(kv.Attr)+": "+p.keyType(m, kv))
	}
	ret := "{ " + strings.Join(props, "; ") + " }"
	if len(props) == 0 {
		ret = "{}"
	}
	if entryAbsent(en) {
		ret += " | undefined"
	}
	fmt.Fprintf(b, "/** %s is the key attributes of %s in index %s, or undefined when it is not in the index. */\n", entryFunc(e, en), gen.Article(name), ix)
	fmt.Fprintf(b, "function %s(x: %s): %s {\n", entryFunc(e, en), name, ret)
	if en.When != nil {
		fmt.Fprintf(b, "  // when = %s\n", oneLine(en.WhenText))
		fmt.Fprintf(b, "  const w = %s(%s);\n", m.rt("tfdynWhen"), p.expr(m, en.When, func(f *gen.Field) string { return access("x", f.Attr) }))
		fmt.Fprintf(b, "  if (w === undefined) {\n    throw new %s(%s, %s, \"\", %s, \"the sparse condition cannot be evaluated\");\n  }\n",
			m.rt("KeyError"), str(e.SchemaName), str(ix), str(en.WhenText))
		b.WriteString("  if (!w) {\n    return undefined;\n  }\n")
	}
	var vals []string
	for i, kv := range en.Templates {
		fmt.Fprintf(b, "  const k%d = %s;\n", i, p.templateCall(m, e, kv, "x"))
		if canBeAbsent(kv) {
			fmt.Fprintf(b, "  if (k%d === undefined) {\n    return undefined;\n  }\n", i)
		}
		vals = append(vals, fmt.Sprintf("%s: k%d", prop(kv.Attr), i))
	}
	fmt.Fprintf(b, "  return { %s };\n}\n\n", strings.Join(vals, ", "))
}

// present is the value of a primary key template that must be present:
// a KeyError when it reads an absent attribute.
func (p *printer) present(m *module, e *gen.Entity, index string, kv *gen.KeyValue, call string) string {
	if !canBeAbsent(kv) {
		return call
	}
	return fmt.Sprintf("%s(%s, %s, %s, %s, %s)", m.rt("tfdynPresent"), call, str(e.SchemaName), str(index), str(kv.Attr), str(kv.Text))
}

// oneLine puts text on one line, for a // comment.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

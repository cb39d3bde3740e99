package typescript

import (
	"fmt"
	"strings"

	"github.com/tfdyn/tfdyn/internal/gen"
)

// entity prints entities/<entity>.ts: the entity's enum and object types,
// its domain interface and its record type.
func (p *printer) entity(e *gen.Entity) *module {
	m := newModule(p.file(entityFile(e), "entity "+str(e.SchemaName), e.Range))
	b := &m.body
	for _, en := range e.Enums {
		name := p.declare(typeName(en.Name), "enum type "+typeName(en.Name), e.Range)
		b.WriteString("/**\n")
		doc(b, "", fmt.Sprintf("%s is an enum: the values its attribute may hold.", name))
		b.WriteString(" */\n")
		var vals []string
		for _, v := range en.Values {
			vals = append(vals, str(v.Value))
		}
		fmt.Fprintf(b, "export type %s = %s;\n\n", name, strings.Join(vals, " | "))
		values := p.declare(funcName(en.Name.With("values")), "enum type "+name, e.Range)
		fmt.Fprintf(b, "/** %s are the values of %s, in the schema's order. */\n", values, name)
		fmt.Fprintf(b, "export const %s: readonly %s[] = [%s];\n\n", values, name, strings.Join(vals, ", "))
		m.export(name, true)
		m.export(values, false)
	}
	for _, o := range e.Objects {
		name := p.declare(typeName(o.Name), "object type "+typeName(o.Name), e.Range)
		fmt.Fprintf(b, "/** %s is an object attribute (a DynamoDB map). */\n", name)
		fmt.Fprintf(b, "export interface %s {\n", name)
		p.fields(m, o.Fields)
		b.WriteString("}\n\n")
		m.export(name, true)
	}

	name := p.declare(typeName(e.Name), "entity "+str(e.SchemaName), e.Range)
	b.WriteString("/**\n")
	switch {
	case e.Guard != nil:
		doc(b, "", fmt.Sprintf("%s is the guard item of the unique attribute %s of %s: one item per value, written in the same transaction as its owner, so that no two %s items share a value.",
			name, e.Guard.Field.Attr, e.Guard.Owner.SchemaName, e.Guard.Owner.SchemaName))
	default:
		doc(b, "", fmt.Sprintf("%s is an item of entity %s (table %s): its attributes.", name, e.SchemaName, e.Table.Label))
	}
	b.WriteString(" */\n")
	fmt.Fprintf(b, "export interface %s {\n", name)
	p.fields(m, e.Fields)
	b.WriteString("}\n\n")
	m.export(name, true)

	record := p.declare(typeName(e.Name.With("record")), "entity "+str(e.SchemaName), e.Range)
	b.WriteString("/**\n")
	doc(b, "", fmt.Sprintf("%s is the DynamoDB item of %s: its attributes and the key attributes the schema computes from them (toXxxRecord in data-access), an index's only when the item is in the index.",
		record, gen.Article(name)))
	b.WriteString(" */\n")
	fmt.Fprintf(b, "export interface %s extends %s {\n", record, name)
	for _, ka := range recordKeys(e) {
		b.WriteString("  /** " + strings.ReplaceAll(ka.doc, "*/", "*\\/") + " */\n")
		opt := ""
		if ka.optional {
			opt = "?"
		}
		var types []string
		seen := map[string]bool{}
		for _, kv := range ka.values {
			t := p.keyType(m, kv)
			if !seen[t] {
				seen[t] = true
				types = append(types, t)
			}
		}
		fmt.Fprintf(b, "  %s%s: %s;\n", prop(ka.attr), opt, strings.Join(types, " | "))
	}
	for _, c := range e.Computed {
		b.WriteString("  /** " + strings.ReplaceAll(c.Attr+" = "+oneLine(c.Text)+" (computed)", "*/", "*\\/") + " */\n")
		opt := ""
		if c.MayBeAbsent() {
			opt = "?"
		}
		fmt.Fprintf(b, "  %s%s: %s;\n", prop(c.Attr), opt, p.computedType(m, c))
	}
	b.WriteString("}\n")
	m.export(record, true)
	return m
}

// fields prints the properties of an interface.
func (p *printer) fields(m *module, fs []*gen.Field) {
	for _, f := range fs {
		opt := ""
		if f.Optional {
			opt = "?"
		}
		if f.Type.Kind == gen.TSet {
			m.body.WriteString("  /** A set: written with distinct values, ascending. */\n")
		}
		fmt.Fprintf(&m.body, "  %s%s: %s;\n", prop(f.Attr), opt, p.tsType(m, f.Type))
	}
}

// recordKey is a key attribute a record holds besides the entity's
// attributes: written by the key block (values[0]) or by index blocks.
type recordKey struct {
	attr     string
	values   []*gen.KeyValue
	optional bool
	doc      string
}

// recordKeys are the key attributes of the entity's records, in the order
// the item writes them: the primary key's templates, then each index
// block's.
func recordKeys(e *gen.Entity) []*recordKey {
	var out []*recordKey
	byAttr := map[string]*recordKey{}
	add := func(kv *gen.KeyValue, optional bool, where string) {
		ka := byAttr[kv.Attr]
		if ka == nil {
			ka = &recordKey{attr: kv.Attr, optional: true}
			byAttr[kv.Attr] = ka
			out = append(out, ka)
		}
		ka.values = append(ka.values, kv)
		ka.optional = ka.optional && optional
		text := kv.Attr + " = " + kv.Text
		if where != "" {
			text += ", " + where
		}
		if ka.doc == "" {
			ka.doc = text
		} else {
			ka.doc += "; " + text
		}
	}
	for _, kv := range e.Primary {
		if kv.Field == nil {
			add(kv, false, "")
		}
	}
	for _, en := range e.Entries {
		where := "in index " + en.Index.IndexName
		if en.When != nil {
			where += " when " + en.WhenText
		}
		absent := en.When != nil
		for _, kv := range en.Templates {
			absent = absent || canBeAbsent(kv)
		}
		for _, kv := range en.Templates {
			add(kv, absent, where)
		}
	}
	return out
}

// computedType is the TypeScript type of a computed attribute's value.
func (p *printer) computedType(m *module, c *gen.Computed) string {
	switch {
	case c.Expr.Op == gen.OpString:
		return str(c.Expr.Str)
	case c.Type == gen.TypeNumber:
		return m.use("@aws-sdk/lib-dynamodb", "NumberValue", true)
	case c.Type == gen.TypeBool:
		return "boolean"
	}
	return "string"
}

package golang

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/gen"
)

const typesImport = "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

// models prints the enum and object types, one struct per entity, and its
// MarshalXxx and UnmarshalXxx.
func (p *printer) models(b *bytes.Buffer) {
	p.header(b, typesImport)
	for _, en := range p.api.Enums {
		name := p.declare(exported(en.Name), "enum type "+exported(en.Name), hclRange(p.api, en))
		fmt.Fprintf(b, "// %s is an enum: the values its attribute may hold.\ntype %s string\n\n", name, name)
		fmt.Fprintf(b, "// Values of %s.\nconst (\n", name)
		for _, v := range en.Values {
			c := p.declare(name+exported(v.Name), "enum value "+quote(v.Value), hclRange(p.api, en))
			fmt.Fprintf(b, "\t%s %s = %s\n", c, name, quote(v.Value))
		}
		b.WriteString(")\n\n")
	}
	for _, o := range p.api.Objects {
		name := p.declare(exported(o.Name), "object type", hclRange(p.api, o))
		fmt.Fprintf(b, "// %s is an object attribute (a DynamoDB map).\ntype %s struct {\n", name, name)
		p.fields(b, o.Fields)
		b.WriteString("}\n\n")
		p.objectCodec(b, o)
	}
	for _, e := range p.api.Entities {
		p.entity(b, e)
	}
}

// hclRange finds a declaration position for a type of the model: the
// entity that declares it (types are named after their entity).
func hclRange(api *gen.API, x any) (r hcl.Range) {
	var name gen.Name
	switch v := x.(type) {
	case *gen.Enum:
		name = v.Name
	case *gen.Object:
		name = v.Name
	}
	for _, e := range api.Entities {
		if strings.HasPrefix(name.Key(), e.Name.Key()) {
			return e.Range
		}
	}
	return r
}

func (p *printer) fields(b *bytes.Buffer, fs []*gen.Field) {
	for _, f := range fs {
		tag := f.Attr
		if f.Optional {
			tag += ",omitempty"
		}
		fmt.Fprintf(b, "\t%s %s `dynamodbav:%s`\n", exported(f.Name), fieldType(f), quote(tag))
	}
}

func (p *printer) entity(b *bytes.Buffer, e *gen.Entity) {
	name := p.declare(exported(e.Name), "entity "+quote(e.SchemaName), e.Range)
	switch {
	case e.Guard != nil:
		comment(b, "", fmt.Sprintf("%s is the guard item of the unique attribute %s of %s: one item per value, written in the same transaction as its owner, so that no two %s items share a value.",
			name, e.Guard.Field.Attr, e.Guard.Owner.SchemaName, e.Guard.Owner.SchemaName))
	default:
		comment(b, "", fmt.Sprintf("%s is an item of entity %s (table %s).", name, e.SchemaName, e.Table.Label))
	}
	fmt.Fprintf(b, "type %s struct {\n", name)
	p.fields(b, e.Fields)
	b.WriteString("}\n\n")

	// Marshal.
	fn := p.declare("Marshal"+name, "entity "+quote(e.SchemaName), e.Range)
	var keys []string
	for _, kv := range e.Primary {
		keys = append(keys, kv.Attr)
	}
	for _, en := range e.Entries {
		for _, kv := range en.Templates {
			keys = append(keys, kv.Attr)
		}
	}
	computed := ""
	if len(e.Computed) > 0 {
		var cs []string
		for _, c := range e.Computed {
			cs = append(cs, c.Attr)
		}
		computed = fmt.Sprintf(", the computed attributes (%s)", strings.Join(cs, ", "))
	}
	comment(b, "", fmt.Sprintf("%s returns the DynamoDB item of x: its attributes and the key attributes the schema computes from them (%s)%s, the index entries only when the item is in the index. It fails as tfdyn's evaluator does: a template that reads an absent attribute for the primary key, a format of a number that is not an integer, an empty string key.",
		fn, strings.Join(keys, ", "), computed))
	fmt.Fprintf(b, "func %s(x %s) (map[string]types.AttributeValue, error) {\n", fn, name)
	fmt.Fprintf(b, "\titem := make(map[string]types.AttributeValue, %d)\n", len(e.Fields)+len(keys))
	for _, f := range e.Fields {
		p.marshalField(b, "\t", "x."+exported(f.Name), f, "item", quote(e.SchemaName))
	}
	for _, kv := range e.Primary {
		if kv.Field != nil {
			if kv.Field.Optional {
				fmt.Fprintf(b, "\tif x.%s == nil {\n\t\treturn nil, &KeyError{Entity: %s, Attribute: %s, Err: errTfdynAbsent}\n\t}\n", exported(kv.Field.Name), quote(e.SchemaName), quote(kv.Attr))
			}
			continue
		}
		fmt.Fprintf(b, "\t// %s = %s\n", kv.Attr, kv.Text)
		fmt.Fprintf(b, "\tif av, err := %s(%s); err != nil {\n\t\treturn nil, &KeyError{Entity: %s, Attribute: %s, Template: %s, Err: err}\n\t} else {\n\t\titem[%s] = av\n\t}\n",
			p.templateFunc(e, kv), p.readArgs(kv, "x."), quote(e.SchemaName), quote(kv.Attr), quote(kv.Text), quote(kv.Attr))
	}
	for _, c := range e.Computed {
		p.computed(b, e, c)
	}
	for _, en := range entries(e) {
		fmt.Fprintf(b, "\tif err := %s(&x, item); err != nil {\n\t\treturn nil, err\n\t}\n", p.entryFunc(e, en))
	}
	b.WriteString("\treturn item, nil\n}\n\n")

	for _, en := range entries(e) {
		p.entry(b, e, en)
	}

	// Unmarshal.
	un := p.declare("Unmarshal"+name, "entity "+quote(e.SchemaName), e.Range)
	comment(b, "", fmt.Sprintf("%s reads %s from its DynamoDB item (attributes it does not declare, such as the key attributes, are skipped). A required attribute that is missing or of another type is an error.", un, gen.Article(name)))
	fmt.Fprintf(b, "func %s(item map[string]types.AttributeValue) (%s, error) {\n\tvar x %s\n", un, name, name)
	for _, f := range e.Fields {
		p.unmarshalField(b, "\t", "x."+exported(f.Name), f, "item", quote(e.SchemaName), "x")
	}
	b.WriteString("\treturn x, nil\n}\n\n")
}

// computed prints the statements that write computed attribute c of an
// item: a constant as it is, a template through tfdynComputed (absent
// when it gives null, or fails while it reads an absent field).
func (p *printer) computed(b *bytes.Buffer, e *gen.Entity, c *gen.Computed) {
	fmt.Fprintf(b, "\t// %s = %s (computed)\n", c.Attr, strings.Join(strings.Fields(c.Text), " "))
	dst := fmt.Sprintf("item[%s]", quote(c.Attr))
	switch c.Expr.Op {
	case gen.OpString:
		fmt.Fprintf(b, "\t%s = &types.AttributeValueMemberS{Value: %s}\n", dst, quote(c.Expr.Str))
		return
	case gen.OpBool:
		fmt.Fprintf(b, "\t%s = &types.AttributeValueMemberBOOL{Value: %t}\n", dst, c.Expr.Bool)
		return
	}
	var nulls []string
	for _, f := range c.Reads {
		if f.Optional {
			nulls = append(nulls, "x."+exported(f.Name)+" == nil")
		}
	}
	readsNull := "false"
	if len(nulls) > 0 {
		readsNull = strings.Join(nulls, " || ")
	}
	fmt.Fprintf(b, "\tif av, err := tfdynComputed(%s, %s); err == nil {\n\t\t%s = av\n\t} else if err != errTfdynAbsent {\n\t\treturn nil, &AttributeError{Entity: %s, Attribute: %s, Err: err}\n\t}\n",
		p.expr(c.Expr, func(f *gen.Field) string { return "x." + exported(f.Name) }), readsNull, dst, quote(e.SchemaName), quote(c.Attr))
}

// templateFunc is the name of the function computing a key template of e.
func (p *printer) templateFunc(e *gen.Entity, kv *gen.KeyValue) string {
	return "tfdyn" + exported(e.Name) + exported(gen.NameOf(kv.Attr))
}

// entryFunc is the name of the function writing an index entry of e.
func (p *printer) entryFunc(e *gen.Entity, en *gen.IndexEntry) string {
	return "tfdyn" + exported(e.Name) + exported(en.Index.Name) + "Entry"
}

// readArgs are the arguments of a template function: the fields it reads.
func (p *printer) readArgs(kv *gen.KeyValue, prefix string) string {
	var args []string
	for _, f := range kv.Reads {
		args = append(args, prefix+exported(f.Name))
	}
	return strings.Join(args, ", ")
}

// entry prints the function that writes the index entry of an item.
func (p *printer) entry(b *bytes.Buffer, e *gen.Entity, en *gen.IndexEntry) {
	fn := p.declare(p.entryFunc(e, en), "index entry", e.Range)
	ix := en.Index.IndexName
	fmt.Fprintf(b, "// %s writes the key attributes of index %s into item when %s is in it.\n", fn, ix, gen.Article(exported(e.Name)))
	fmt.Fprintf(b, "func %s(x *%s, item map[string]types.AttributeValue) error {\n", fn, exported(e.Name))
	if en.When != nil {
		fmt.Fprintf(b, "\t// when = %s\n", en.WhenText)
		fmt.Fprintf(b, "\tin, err := tfdynWhen(%s)\n", p.expr(en.When, func(f *gen.Field) string { return "x." + exported(f.Name) }))
		fmt.Fprintf(b, "\tif err != nil {\n\t\treturn &KeyError{Entity: %s, Index: %s, Template: %s, Err: err}\n\t}\n", quote(e.SchemaName), quote(ix), quote(en.WhenText))
		b.WriteString("\tif !in {\n\t\treturn nil\n\t}\n")
	}
	for i, kv := range en.Templates {
		fmt.Fprintf(b, "\t// %s = %s\n", kv.Attr, kv.Text)
		fmt.Fprintf(b, "\tv%d, err := %s(%s)\n", i, p.templateFunc(e, kv), p.readArgs(kv, "x."))
		b.WriteString("\tif err == errTfdynAbsent {\n\t\treturn nil\n\t}\n")
		fmt.Fprintf(b, "\tif err != nil {\n\t\treturn &KeyError{Entity: %s, Index: %s, Attribute: %s, Template: %s, Err: err}\n\t}\n", quote(e.SchemaName), quote(ix), quote(kv.Attr), quote(kv.Text))
	}
	for i, kv := range en.Templates {
		fmt.Fprintf(b, "\titem[%s] = v%d\n", quote(kv.Attr), i)
	}
	b.WriteString("\treturn nil\n}\n\n")
}

// marshalField writes the attribute of field f (Go value src) into the map
// dst; an optional field only when present.
func (p *printer) marshalField(b *bytes.Buffer, ind, src string, f *gen.Field, dst, entity string) {
	t := f.Type
	if f.Optional {
		switch {
		case t.Scalar() || t.Kind == gen.TObject:
			fmt.Fprintf(b, "%sif %s != nil {\n", ind, src)
			src = "*" + src
		default:
			fmt.Fprintf(b, "%sif %s != nil {\n", ind, src)
		}
		p.marshalValue(b, ind+"\t", src, t, fmt.Sprintf("%s[%s]", dst, quote(f.Attr)), entity, f.Attr, 0)
		fmt.Fprintf(b, "%s}\n", ind)
		return
	}
	p.marshalValue(b, ind, src, t, fmt.Sprintf("%s[%s]", dst, quote(f.Attr)), entity, f.Attr, 0)
}

// marshalValue writes statements that set dst to the attribute value of
// src, a Go value of type t.
func (p *printer) marshalValue(b *bytes.Buffer, ind, src string, t *gen.Type, dst, entity, attr string, depth int) {
	p.marshalValueFail(b, ind, src, t, dst, fmt.Sprintf("return nil, &AttributeError{Entity: %s, Attribute: %s, Err: err}", entity, quote(attr)), depth)
}

// marshalValueFail is marshalValue with the statement that returns the
// error err.
func (p *printer) marshalValueFail(b *bytes.Buffer, ind, src string, t *gen.Type, dst, fail string, depth int) {
	switch t.Kind {
	case gen.TString:
		fmt.Fprintf(b, "%s%s = &types.AttributeValueMemberS{Value: %s}\n", ind, dst, src)
	case gen.TEnum:
		fmt.Fprintf(b, "%s%s = &types.AttributeValueMemberS{Value: string(%s)}\n", ind, dst, src)
	case gen.TBool:
		fmt.Fprintf(b, "%s%s = &types.AttributeValueMemberBOOL{Value: %s}\n", ind, dst, src)
	case gen.TNumber:
		fmt.Fprintf(b, "%sif n, err := tfdynNumber(%s); err != nil {\n%s\t%s\n%s} else {\n%s\t%s = &types.AttributeValueMemberN{Value: n}\n%s}\n",
			ind, src, ind, fail, ind, ind, dst, ind)
	case gen.TList, gen.TSet:
		l, e := fmt.Sprintf("l%d", depth), fmt.Sprintf("e%d", depth)
		if t.Kind == gen.TSet {
			fmt.Fprintf(b, "%s%s := make([]types.AttributeValue, 0, len(%s))\n", ind, l, src)
			fmt.Fprintf(b, "%sfor _, %s := range tfdynSet(%s) {\n", ind, e, src)
		} else {
			fmt.Fprintf(b, "%s%s := make([]types.AttributeValue, 0, len(%s))\n", ind, l, src)
			fmt.Fprintf(b, "%sfor _, %s := range %s {\n", ind, e, src)
		}
		v := fmt.Sprintf("v%d", depth)
		fmt.Fprintf(b, "%s\tvar %s types.AttributeValue\n", ind, v)
		p.marshalValueFail(b, ind+"\t", e, t.Elem, v, fail, depth+1)
		fmt.Fprintf(b, "%s\t%s = append(%s, %s)\n%s}\n", ind, l, l, v, ind)
		fmt.Fprintf(b, "%s%s = &types.AttributeValueMemberL{Value: %s}\n", ind, dst, l)
	case gen.TMap:
		m, k, e := fmt.Sprintf("m%d", depth), fmt.Sprintf("k%d", depth), fmt.Sprintf("e%d", depth)
		fmt.Fprintf(b, "%s%s := make(map[string]types.AttributeValue, len(%s))\n", ind, m, src)
		fmt.Fprintf(b, "%sfor %s, %s := range %s {\n", ind, k, e, src)
		v := fmt.Sprintf("v%d", depth)
		fmt.Fprintf(b, "%s\tvar %s types.AttributeValue\n", ind, v)
		p.marshalValueFail(b, ind+"\t", e, t.Elem, v, fail, depth+1)
		fmt.Fprintf(b, "%s\t%s[%s] = %s\n%s}\n", ind, m, k, v, ind)
		fmt.Fprintf(b, "%s%s = &types.AttributeValueMemberM{Value: %s}\n", ind, dst, m)
	case gen.TObject:
		fmt.Fprintf(b, "%sif av, err := tfdynMarshal%s(%s); err != nil {\n%s\t%s\n%s} else {\n%s\t%s = av\n%s}\n",
			ind, exported(t.Object.Name), src, ind, fail, ind, ind, dst, ind)
	}
}

// unmarshalField reads field f from the map src into the Go place dst.
func (p *printer) unmarshalField(b *bytes.Buffer, ind, dst string, f *gen.Field, src, entity, zero string) {
	fail := fmt.Sprintf("return %s, &AttributeError{Entity: %s, Attribute: %s, Err: err}", zero, entity, quote(f.Attr))
	if f.Optional {
		fmt.Fprintf(b, "%sif av, ok := %s[%s]; ok && !tfdynIsNull(av) {\n", ind, src, quote(f.Attr))
	} else {
		fmt.Fprintf(b, "%sif av, ok := %s[%s]; !ok || tfdynIsNull(av) {\n%s\treturn %s, &AttributeError{Entity: %s, Attribute: %s, Err: errTfdynMissing}\n%s} else {\n",
			ind, src, quote(f.Attr), ind, zero, entity, quote(f.Attr), ind)
	}
	ptr := f.Optional && (f.Type.Scalar() || f.Type.Kind == gen.TObject)
	if ptr {
		fmt.Fprintf(b, "%s\tvar opt %s\n", ind, goType(f.Type))
		p.unmarshalValue(b, ind+"\t", "av", f.Type, "opt", fail, 0)
		fmt.Fprintf(b, "%s\t%s = &opt\n", ind, dst)
	} else {
		p.unmarshalValue(b, ind+"\t", "av", f.Type, dst, fail, 0)
	}
	fmt.Fprintf(b, "%s}\n", ind)
}

// unmarshalValue writes statements that set the Go place dst of type t
// from the attribute value src.
func (p *printer) unmarshalValue(b *bytes.Buffer, ind, src string, t *gen.Type, dst, fail string, depth int) {
	get := func(fn, conv string) {
		fmt.Fprintf(b, "%sif v, err := %s(%s); err != nil {\n%s\t%s\n%s} else {\n%s\t%s = %s\n%s}\n", ind, fn, src, ind, fail, ind, ind, dst, conv, ind)
	}
	switch t.Kind {
	case gen.TString:
		get("tfdynGetS", "v")
	case gen.TEnum:
		get("tfdynGetS", exported(t.Enum.Name)+"(v)")
	case gen.TNumber:
		get("tfdynGetN", "v")
	case gen.TBool:
		get("tfdynGetBool", "v")
	case gen.TList, gen.TSet:
		l, e, i := fmt.Sprintf("l%d", depth), fmt.Sprintf("e%d", depth), fmt.Sprintf("i%d", depth)
		fmt.Fprintf(b, "%sif %s, err := tfdynGetL(%s); err != nil {\n%s\t%s\n%s} else {\n", ind, l, src, ind, fail, ind)
		fmt.Fprintf(b, "%s\t%s = make(%s, len(%s))\n", ind, dst, goType(t), l)
		fmt.Fprintf(b, "%s\tfor %s, %s := range %s {\n", ind, i, e, l)
		p.unmarshalValue(b, ind+"\t\t", e, t.Elem, fmt.Sprintf("%s[%s]", dst, i), fail, depth+1)
		fmt.Fprintf(b, "%s\t}\n%s}\n", ind, ind)
	case gen.TMap:
		m, k, e := fmt.Sprintf("m%d", depth), fmt.Sprintf("k%d", depth), fmt.Sprintf("e%d", depth)
		fmt.Fprintf(b, "%sif %s, err := tfdynGetM(%s); err != nil {\n%s\t%s\n%s} else {\n", ind, m, src, ind, fail, ind)
		fmt.Fprintf(b, "%s\t%s = make(%s, len(%s))\n", ind, dst, goType(t), m)
		fmt.Fprintf(b, "%s\tfor %s, %s := range %s {\n", ind, k, e, m)
		v := fmt.Sprintf("v%d", depth)
		fmt.Fprintf(b, "%s\t\tvar %s %s\n", ind, v, goType(t.Elem))
		p.unmarshalValue(b, ind+"\t\t", e, t.Elem, v, fail, depth+1)
		fmt.Fprintf(b, "%s\t\t%s[%s] = %s\n%s\t}\n%s}\n", ind, dst, k, v, ind, ind)
	case gen.TObject:
		get("tfdynUnmarshal"+exported(t.Object.Name), "v")
	}
}

// objectCodec prints the marshal and unmarshal functions of an object type.
func (p *printer) objectCodec(b *bytes.Buffer, o *gen.Object) {
	p.objectMarshal(b, o)
	name := exported(o.Name)
	fmt.Fprintf(b, "func tfdynUnmarshal%s(av types.AttributeValue) (%s, error) {\n\tvar x %s\n", name, name, name)
	b.WriteString("\titem, err := tfdynGetM(av)\n\tif err != nil {\n\t\treturn x, err\n\t}\n")
	for _, f := range o.Fields {
		p.unmarshalField(b, "\t", "x."+exported(f.Name), f, "item", quote(name), "x")
	}
	b.WriteString("\treturn x, nil\n}\n\n")
}

// objectMarshal prints the marshal function of an object type.
func (p *printer) objectMarshal(b *bytes.Buffer, o *gen.Object) {
	name := exported(o.Name)
	fmt.Fprintf(b, "func tfdynMarshal%s(x %s) (types.AttributeValue, error) {\n\tm := make(map[string]types.AttributeValue, %d)\n", name, name, len(o.Fields))
	for _, f := range o.Fields {
		p.marshalField(b, "\t", "x."+exported(f.Name), f, "m", quote(name))
	}
	b.WriteString("\treturn &types.AttributeValueMemberM{Value: m}, nil\n}\n\n")
}

// entries are the index entries that compute something: a sparse
// condition or key templates (an empty index block writes nothing).
func entries(e *gen.Entity) []*gen.IndexEntry {
	var out []*gen.IndexEntry
	for _, en := range e.Entries {
		if en.When != nil || len(en.Templates) > 0 {
			out = append(out, en)
		}
	}
	return out
}

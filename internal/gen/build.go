package gen

import (
	"fmt"
	"maps"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/cost"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/emit"
)

// Build turns a schema that loaded without errors into the API model. Its
// diagnostics are GN errors: what the generated code cannot reproduce, at
// the schema's positions; the API is nil when there is one.
func Build(s *hclschema.Schema) (*API, hcl.Diagnostics) {
	b := &builder{api: &API{Schema: s}, tables: map[*hclschema.Table]*Table{}, entities: map[*hclschema.Entity]*Entity{}, names: map[string]hcl.Range{}}
	for _, t := range s.Tables {
		b.table(t)
	}
	for _, e := range s.Entities {
		b.entity(e, nil)
	}
	for _, e := range s.Entities {
		for _, u := range e.Unique {
			if u.Guard != nil {
				owner := b.entities[e]
				b.entity(u.Guard, &GuardOf{Owner: owner, Field: fieldByAttr(owner, u.Attr)})
			}
		}
	}
	if !b.diags.HasErrors() {
		rcu, wcu := costs(s)
		for _, p := range s.Patterns {
			b.read(p, rcu)
		}
		for _, w := range s.WritePatterns {
			b.write(w, wcu)
		}
		b.queries()
	}
	if b.diags.HasErrors() {
		diag.Sort(b.diags)
		return nil, b.diags
	}
	return b.api, b.diags
}

// costs are the read units of one call of every access pattern and the
// write units of one call of every write pattern, by name, as tfdyn cost
// estimates them.
func costs(s *hclschema.Schema) (rcu, wcu map[string]float64) {
	rcu, wcu = map[string]float64{}, map[string]float64{}
	for _, t := range cost.Estimate(s, nil).Tables {
		for _, p := range t.Patterns {
			rcu[p.Pattern] = p.RCU
		}
		for _, w := range t.WritePatterns {
			wcu[w.Pattern] = w.WCU
		}
	}
	return rcu, wcu
}

type builder struct {
	api      *API
	tables   map[*hclschema.Table]*Table
	entities map[*hclschema.Entity]*Entity
	// names maps the key of every type-level name (entities, enums,
	// objects) to where it is declared, for collisions.
	names map[string]hcl.Range
	diags hcl.Diagnostics
}

func fieldByAttr(e *Entity, attr string) *Field {
	if e == nil {
		return nil
	}
	for _, f := range e.Fields {
		if f.Attr == attr {
			return f
		}
	}
	return nil
}

// claim records a type-level name, reporting a collision with an earlier one.
func (b *builder) claim(n Name, what string, rng hcl.Range) bool {
	if len(n) == 0 {
		b.diags = append(b.diags, diag.Errorf(CodeNameCollision, &rng, "Name without letters or digits",
			"The %s has no letter or digit to name it in generated code. Rename it.", what))
		return false
	}
	if prev, ok := b.names[n.Key()]; ok {
		b.diags = append(b.diags, diag.Errorf(CodeNameCollision, &rng, "Names collide in generated code",
			"The %s is named %q in generated code, like the name declared at %s. Rename one of them.", what, n.Key(), prev))
		return false
	}
	b.names[n.Key()] = rng
	return true
}

func (b *builder) table(t *hclschema.Table) {
	names := emit.NamesFor(t, emit.Options{})
	out := &Table{Name: NameOf(t.Label), Model: t, Label: t.Label, TableName: t.Name, NameOutput: names.TableNameOutput}
	conv := func(ix *hclschema.Index) *Index {
		x := &Index{Name: NameOf(ix.Name), Kind: IndexKind(ix.Kind)}
		if ix.Kind == hclschema.IndexPrimary {
			x.Name = nil
		} else {
			x.IndexName = ix.Name
		}
		for _, k := range ix.PartitionKey {
			x.PartitionKey = append(x.PartitionKey, KeyAttr{Attr: k.Name, Type: KeyType(k.Type)})
		}
		for _, k := range ix.SortKey {
			x.SortKey = append(x.SortKey, KeyAttr{Attr: k.Name, Type: KeyType(k.Type)})
		}
		return x
	}
	out.Primary = conv(t.Primary)
	for _, ix := range append(append([]*hclschema.Index{}, t.GSIs...), t.LSIs...) {
		out.Indexes = append(out.Indexes, conv(ix))
	}
	b.tables[t] = out
	b.api.Tables = append(b.api.Tables, out)
}

// index returns the API index of a model index.
func (b *builder) index(ix *hclschema.Index) *Index {
	t := b.tables[ix.Table]
	if ix.Kind == hclschema.IndexPrimary {
		return t.Primary
	}
	for _, x := range t.Indexes {
		if x.IndexName == ix.Name {
			return x
		}
	}
	return nil
}

func (b *builder) entity(e *hclschema.Entity, guard *GuardOf) {
	out := &Entity{Name: NameOf(e.Name), SchemaName: e.Name, Model: e, Table: b.tables[e.Table], Guard: guard, Range: e.DeclRange}
	if !b.claim(out.Name, fmt.Sprintf("entity %q", e.Name), e.DeclRange) {
		return
	}
	b.entities[e] = out
	tr := &translator{fields: map[string]*Field{}}
	seen := map[string]*hclschema.Attribute{}
	for _, a := range e.Attributes {
		f := &Field{Name: NameOf(a.Name), Attr: a.Name, Optional: a.Optional, Range: a.Range}
		if len(f.Name) == 0 {
			b.diags = append(b.diags, diag.Errorf(CodeNameCollision, &a.Range, "Name without letters or digits",
				"Attribute %q of entity %q has no letter or digit to name its field in generated code. Rename it.", a.Name, e.Name))
			continue
		}
		if prev, ok := seen[f.Name.Key()]; ok {
			b.diags = append(b.diags, diag.Errorf(CodeNameCollision, &a.Range, "Names collide in generated code",
				"Attributes %q and %q of entity %q become one field name in generated code (%s). Rename one of them.", prev.Name, a.Name, e.Name, f.Name.Key()))
			// Templates that read it still translate: the collision is
			// the one error, not a cascade of "not an attribute".
			switch a.Type {
			case cty.String:
				f.Type = &Type{Kind: TString}
			case cty.Number:
				f.Type = &Type{Kind: TNumber}
			case cty.Bool:
				f.Type = &Type{Kind: TBool}
			}
			if f.Type != nil {
				tr.fields[a.Name] = f
			}
			continue
		}
		seen[f.Name.Key()] = a
		f.Type = b.attrType(out, f, a.Type, a)
		if f.Type == nil {
			continue
		}
		out.Fields = append(out.Fields, f)
		tr.fields[a.Name] = f
	}
	// Computed attributes: written on every item; a sparse condition that
	// reads one reads its template (tr.computed).
	for _, c := range e.Computed {
		x := tr.template(c.Expr)
		if x == nil {
			continue
		}
		comp := &Computed{Attr: c.Attr, Type: x.Type, Expr: x, Text: c.Expr.Text, Reads: ordered(out, x.Fields()), Range: c.Range}
		if x.Type == TypeNull {
			comp.Type = map[cty.Type]ValueType{cty.String: TypeString, cty.Number: TypeNumber, cty.Bool: TypeBool}[c.Type]
		}
		out.Computed = append(out.Computed, comp)
		if tr.computed == nil {
			tr.computed = map[string]*Computed{}
		}
		tr.computed[c.Attr] = comp
	}
	// The primary key: in the table's key order, as the evaluator computes
	// it (hclschema.Entity.Item).
	for _, k := range e.Table.Primary.KeyAttrs() {
		kv := &KeyValue{Attr: k.Name, Type: KeyType(k.Type)}
		if f := tr.fields[k.Name]; f != nil {
			kv.Field = f
		} else if tpl := e.KeyTemplateFor(e.Table.Primary, k.Name); tpl != nil {
			kv.Type, kv.Text = KeyType(tpl.Type), tpl.Expr.Text
			kv.Expr = tr.template(tpl.Expr)
			if kv.Expr != nil {
				kv.Reads = ordered(out, kv.Expr.Fields())
			}
		}
		out.Primary = append(out.Primary, kv)
	}
	for _, ei := range e.Indexes {
		entry := &IndexEntry{Index: b.index(ei.Index)}
		if ei.When != nil {
			entry.When, entry.WhenText = tr.cond(ei.When), ei.When.Text
		}
		for _, tpl := range ei.Templates {
			kv := &KeyValue{Attr: tpl.Attr, Type: KeyType(tpl.Type), Text: tpl.Expr.Text, Expr: tr.template(tpl.Expr)}
			if kv.Expr != nil {
				kv.Reads = ordered(out, kv.Expr.Fields())
			}
			entry.Templates = append(entry.Templates, kv)
		}
		out.Entries = append(out.Entries, entry)
	}
	b.diags = append(b.diags, tr.diags...)
	// Key builders: the primary key, then every secondary index whose key
	// attributes the entity all writes (its own attributes, or templates
	// of its index block or key block).
	out.Keys = append(out.Keys, keyBuilder(out, out.Name.With("key"), b.tables[e.Table].Primary, out.Primary))
	for _, ix := range append(append([]*hclschema.Index{}, e.Table.GSIs...), e.Table.LSIs...) {
		var values []*KeyValue
		complete := true
		for _, k := range ix.KeyAttrs() {
			kv := &KeyValue{Attr: k.Name, Type: KeyType(k.Type)}
			if f := tr.fields[k.Name]; f != nil {
				kv.Field = f
			} else if tpl := e.KeyTemplateFor(ix, k.Name); tpl != nil {
				kv = keyValueFor(out, tpl)
				if kv == nil {
					complete = false
					break
				}
			} else {
				complete = false
				break
			}
			values = append(values, kv)
		}
		if !complete {
			continue
		}
		x := b.index(ix)
		out.Keys = append(out.Keys, keyBuilder(out, Join(out.Name, x.Name, Name{"key"}), x, values))
	}
	b.api.Entities = append(b.api.Entities, out)
}

// keyBuilder is the key builder of index ix of e, with its prefixes.
func keyBuilder(e *Entity, name Name, ix *Index, values []*KeyValue) *KeyBuilder {
	kb := &KeyBuilder{Name: name, Index: ix, Values: values, Params: params(e, values), Prefix: name.With("prefix")}
	if len(ix.SortKey) > 0 {
		pk := len(ix.PartitionKey)
		for d := 0; d < len(ix.SortKey); d++ {
			vs := values[:pk+d]
			kb.Prefixes = append(kb.Prefixes, &KeyPrefix{Depth: d, Values: vs, Params: params(e, vs)})
		}
	}
	return kb
}

// keyValueFor finds the translated template of tpl among the entity's
// primary key and index entries (each template is translated once).
func keyValueFor(e *Entity, tpl *hclschema.KeyTemplate) *KeyValue {
	for _, kv := range e.Primary {
		if kv.Attr == tpl.Attr && kv.Text == tpl.Expr.Text && kv.Expr != nil {
			return kv
		}
	}
	for _, en := range e.Entries {
		for _, kv := range en.Templates {
			if kv.Attr == tpl.Attr && kv.Text == tpl.Expr.Text && kv.Expr != nil {
				return kv
			}
		}
	}
	return nil
}

// params are the fields key values read, in the entity's declaration order.
func params(e *Entity, values []*KeyValue) []*Field {
	var fs []*Field
	for _, kv := range values {
		if kv.Field != nil {
			fs = append(fs, kv.Field)
		}
		fs = append(fs, kv.Reads...)
	}
	return ordered(e, fs)
}

// ordered returns the distinct fields of fs in the entity's declaration
// order.
func ordered(e *Entity, fs []*Field) []*Field {
	want := map[*Field]bool{}
	for _, f := range fs {
		want[f] = true
	}
	var out []*Field
	for _, f := range e.Fields {
		if want[f] {
			out = append(out, f)
		}
	}
	return out
}

// attrType translates a cty type into a field type; collections of
// objects and objects get struct types named after the entity and
// attribute.
func (b *builder) attrType(e *Entity, f *Field, t cty.Type, a *hclschema.Attribute) *Type {
	name := Join(e.Name, f.Name)
	var conv func(t cty.Type, name Name) *Type
	conv = func(t cty.Type, name Name) *Type {
		switch {
		case t == cty.String:
			if a.Enum != nil && name.Key() == Join(e.Name, f.Name).Key() {
				en := b.enum(name, a)
				if en != nil {
					e.Enums = append(e.Enums, en)
				}
				return &Type{Kind: TEnum, Enum: en}
			}
			return &Type{Kind: TString}
		case t == cty.Number:
			return &Type{Kind: TNumber}
		case t == cty.Bool:
			return &Type{Kind: TBool}
		case t.IsListType():
			if el := conv(t.ElementType(), name.With("item")); el != nil {
				return &Type{Kind: TList, Elem: el}
			}
		case t.IsSetType():
			el := t.ElementType()
			if el != cty.String && el != cty.Number && el != cty.Bool {
				b.diags = append(b.diags, diag.Errorf(CodeType, &a.TypeRange, "Type not reproducible",
					"Attribute %q is a set of %s; tfdyn gen reproduces sets of strings, numbers and bools (stored as sorted lists, as tfdyn stores them). Use a list.", a.Name, el.FriendlyName()))
				return nil
			}
			return &Type{Kind: TSet, Elem: conv(el, name)}
		case t.IsMapType():
			if el := conv(t.ElementType(), name.With("value")); el != nil {
				return &Type{Kind: TMap, Elem: el}
			}
		case t.IsObjectType():
			if !b.claim(name, fmt.Sprintf("object type of attribute %q of entity %q", a.Name, e.SchemaName), a.TypeRange) {
				return nil
			}
			obj := &Object{Name: name}
			attrs := t.AttributeTypes()
			seen := map[string]string{}
			for _, n := range slices.Sorted(maps.Keys(attrs)) {
				fn := NameOf(n)
				if prev, ok := seen[fn.Key()]; ok || len(fn) == 0 {
					b.diags = append(b.diags, diag.Errorf(CodeNameCollision, &a.TypeRange, "Names collide in generated code",
						"The object attributes %q and %q of attribute %q become one field name in generated code. Rename one of them.", prev, n, a.Name))
					return nil
				}
				seen[fn.Key()] = n
				sub := &Field{Name: fn, Attr: n, Optional: t.AttributeOptional(n), Range: a.TypeRange}
				if sub.Type = conv(attrs[n], Join(name, fn)); sub.Type == nil {
					return nil
				}
				obj.Fields = append(obj.Fields, sub)
			}
			b.api.Objects = append(b.api.Objects, obj)
			e.Objects = append(e.Objects, obj)
			return &Type{Kind: TObject, Object: obj}
		default:
			b.diags = append(b.diags, diag.Errorf(CodeType, &a.TypeRange, "Type not reproducible",
				"Attribute %q is %s; tfdyn gen reproduces strings, numbers, bools, enums, lists, sets of scalars, maps and objects. Use an object instead of a tuple.", a.Name, Article(t.FriendlyName())))
		}
		return nil
	}
	return conv(t, name)
}

func (b *builder) enum(name Name, a *hclschema.Attribute) *Enum {
	if !b.claim(name, fmt.Sprintf("enum type of attribute %q", a.Name), a.TypeRange) {
		return nil
	}
	en := &Enum{Name: name}
	seen := map[string]string{}
	for i, v := range a.Enum {
		vn := NameOf(v)
		rng := a.TypeRange
		if i < len(a.EnumRanges) {
			rng = a.EnumRanges[i]
		}
		if len(vn) == 0 {
			b.diags = append(b.diags, diag.Errorf(CodeNameCollision, &rng, "Name without letters or digits",
				"The enum value %q has no letter or digit to name its constant in generated code. Use a value with letters or digits.", v))
			continue
		}
		if prev, ok := seen[vn.Key()]; ok {
			b.diags = append(b.diags, diag.Errorf(CodeNameCollision, &rng, "Names collide in generated code",
				"The enum values %q and %q become one constant name in generated code (%s). Rename one of them.", prev, v, vn.Key()))
			continue
		}
		seen[vn.Key()] = v
		en.Values = append(en.Values, EnumValue{Name: vn, Value: v})
	}
	b.api.Enums = append(b.api.Enums, en)
	return en
}

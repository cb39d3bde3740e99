package gen

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// Read is an access pattern: one method of the generated client. Its
// request is the shape internal/dynamo renders for the pattern (the one
// verify sends): the printer writes the shape's expressions as constants
// and computes only the values, each described by a Value.
type Read struct {
	// Name is the method's name (orders for customer).
	Name    Name
	Pattern *hclschema.AccessPattern
	Shape   *dynamo.ReadShape
	Table   *Table
	// Index is the index read (Table.Primary for the table).
	Index *Index
	// Params are the pattern's inputs, sorted by name: Attr is the input's
	// name. An input named like an attribute of a result entity has that
	// attribute's type (an enum's type included).
	Params []*Field
	// Key holds a GetItem's key attributes (Shape.Key, in key order).
	Key []*Value
	// Values holds the ExpressionAttributeValues (Shape.Values, in order).
	Values []*Value
	// Results are the entities the pattern returns, in its order.
	Results []*Result
	// One is true when the method returns one item: a GetItem, or a Query
	// of one entity declared cardinality = "one".
	One bool
	// RCU is the read units of one call, as tfdyn cost estimates it
	// (over the example items; an eventually consistent read costs half).
	RCU float64
	// KeyConditionText is the key condition as the schema writes it
	// (PK = "CUSTOMER#${username}" AND begins_with(SK, "ORDER#")), and
	// FilterText the filter ("" without one).
	KeyConditionText string
	FilterText       string
	Range            hcl.Range
}

// Result is one entity a read returns: the fields its items carry and
// how an item is recognised as this entity by its key.
type Result struct {
	Entity *Entity
	// Fields are the entity's fields the read returns, in declaration
	// order: the index's projection, narrowed to the pattern's
	// attributes (and the attributes the primary key is computed from).
	Fields []*Field
	// Type names the struct of a result with fewer fields than the
	// entity (pattern and entity: orders by status order); nil when the
	// read returns whole items of the entity's type.
	Type Name
	// Checks tell an item of Entity by its key: one per key attribute of
	// the table, in key order (Entity.Primary).
	Checks []*KeyCheck
}

// Projected reports whether the result has a type of its own.
func (r *Result) Projected() bool { return r.Type != nil }

// KeyCheck is how one primary key attribute of a stored item is checked
// against an entity: recomputed from the item's fields (Recompute: every
// field the template reads is returned, or the key attribute is the
// entity's own attribute), else compared with the literal prefix of the
// template (Prefix, the whole value when Exact), as hclschema's
// Entity.Recompute checks it first.
type KeyCheck struct {
	Value     *KeyValue
	Recompute bool
	Prefix    string
	Exact     bool
}

// Value is what fills one value of a request: a key attribute or a value
// placeholder of a shape, as the generated code computes it. Exactly one
// of Const, Param, Expr, Key and Elems is set.
type Value struct {
	// Source is the shape's description of the value (kind, role,
	// attribute, DynamoDB type).
	Source dynamo.Source
	// Placeholder is :pN, "" for a key attribute.
	Placeholder string
	// Attr is the attribute the value is compared with or written to.
	Attr string
	// Type is the DynamoDB type the value is sent as: S, N, BOOL, L or M
	// (a Param's and Const's own type when the shape leaves it open).
	Type string
	// Const is a value fixed by the schema, of Type.
	Const cty.Value
	// Param is a parameter sent as it is (marshalled with its type).
	Param *Field
	// Expr is a template over the parameters (a string, number or bool of
	// Type).
	Expr *Expr
	// Key is an entity's key template computed from Args, one per field
	// Key.Reads reads (KeyEntity's template function).
	Key       *KeyValue
	KeyEntity *Entity
	Args      []*Arg
	// Elems are the elements of a list the schema constructs
	// (list_append(Detail.Payments, [input.payment])), Type L: each a
	// constant, a parameter or a template of its own.
	Elems []*Value
}

// Arg is what a key template gets for one field it reads: a parameter, a
// literal or nothing (the attribute is absent after an update).
type Arg struct {
	Field *Field
	// Param is the parameter holding the value.
	Param *Field
	// Const is a literal value (Value its cty form).
	Const *Expr
	Value cty.Value
	// Absent is true for an attribute the write removes.
	Absent bool
}

// read builds the method of access pattern p.
func (b *builder) read(p *hclschema.AccessPattern, costs map[string]float64) {
	shape, err := dynamo.Read(p)
	if err != nil {
		b.diags = append(b.diags, diag.Errorf(CodeExpression, &p.DeclRange, "Access pattern not reproducible",
			"tfdyn gen cannot render the request of access pattern %q: %s.", p.Name, err))
		return
	}
	r := &Read{Name: NameOf(p.Name), Pattern: p, Shape: shape, Table: b.tables[p.Table], Index: b.index(p.Index),
		RCU: costs[p.Name], KeyConditionText: p.KeyConditionText(), Range: p.DeclRange}
	if p.Filter != nil {
		r.FilterText = p.Filter.Text
	}
	if len(r.Name) == 0 {
		b.diags = append(b.diags, diag.Errorf(CodeNameCollision, &p.DeclRange, "Name without letters or digits",
			"Access pattern %q has no letter or digit to name its method in generated code. Rename it.", p.Name))
		return
	}
	var entities []*Entity
	for _, e := range p.Entities {
		entities = append(entities, b.entities[e])
	}
	r.Params = b.params(p.Inputs, entities, fmt.Sprintf("access pattern %q", p.Name), nil, nil)
	tr := &translator{fields: map[string]*Field{}, inputs: map[string]*Field{}}
	for _, f := range r.Params {
		tr.fields[f.Attr], tr.inputs[f.Attr] = f, f
	}
	for _, k := range shape.Key {
		r.Key = append(r.Key, b.value(tr, k.Source, "", nil))
	}
	for _, v := range shape.Values {
		r.Values = append(r.Values, b.value(tr, v.Source, v.Name, nil))
	}
	b.diags = append(b.diags, tr.diags...)
	for i, e := range entities {
		if e == nil {
			return
		}
		res := b.result(r, e, p.EntityRanges, i)
		if res == nil {
			return
		}
		r.Results = append(r.Results, res)
	}
	r.One = shape.Operation == hclschema.OpGetItem || p.Cardinality == hclschema.CardinalityOne && len(r.Results) == 1
	b.api.Reads = append(b.api.Reads, r)
}

// params turns the inputs of a pattern into parameters: an input named
// like an attribute of one of entities has that attribute's type, any
// other its own (a string, number or bool, a collection of them, an object
// of an attribute's type); typeOf, when set, gives the type of the inputs
// it knows (a labelled write's object input), before the others.
func (b *builder) params(inputs []*hclschema.Input, entities []*Entity, what string, typeOf func(*hclschema.Input) (*Type, bool), owner *Write) []*Field {
	var out []*Field
	seen := map[string]string{}
	for _, in := range inputs {
		f := &Field{Name: NameOf(in.Name), Attr: in.Name, Range: in.Range}
		if len(f.Name) == 0 {
			b.diags = append(b.diags, diag.Errorf(CodeNameCollision, &in.Range, "Name without letters or digits",
				"Input %q of %s has no letter or digit to name its parameter in generated code. Rename it.", in.Name, what))
			continue
		}
		if prev, ok := seen[f.Name.Key()]; ok {
			b.diags = append(b.diags, diag.Errorf(CodeNameCollision, &in.Range, "Names collide in generated code",
				"Inputs %q and %q of %s become one parameter name in generated code (%s). Rename one of them.", prev, in.Name, what, f.Name.Key()))
			continue
		}
		seen[f.Name.Key()] = in.Name
		if typeOf != nil {
			if ty, ok := typeOf(in); ok {
				if ty != nil {
					f.Type = ty
					out = append(out, f)
				}
				continue
			}
		}
		for _, e := range entities {
			if af := fieldByAttr(e, in.Name); af != nil && sameType(af.Type, in.Type) {
				f.Type = af.Type
				break
			}
		}
		if f.Type == nil {
			f.Type = b.inputType(in.Type, in, owner, f.Name)
		}
		if f.Type == nil {
			continue
		}
		out = append(out, f)
	}
	return out
}

// sameType reports whether a field type holds the values of cty type ty.
func sameType(t *Type, ty cty.Type) bool {
	switch t.Kind {
	case TString, TEnum:
		return ty == cty.String
	case TNumber:
		return ty == cty.Number
	case TBool:
		return ty == cty.Bool
	case TList:
		return ty.IsListType() && sameType(t.Elem, ty.ElementType())
	case TSet:
		return ty.IsSetType() && sameType(t.Elem, ty.ElementType())
	case TMap:
		return ty.IsMapType() && sameType(t.Elem, ty.ElementType())
	case TObject:
		if !ty.IsObjectType() || len(ty.AttributeTypes()) != len(t.Object.Fields) {
			return false
		}
		for _, f := range t.Object.Fields {
			if !ty.HasAttribute(f.Attr) || !sameType(f.Type, ty.AttributeType(f.Attr)) || ty.AttributeOptional(f.Attr) != f.Optional {
				return false
			}
		}
		return true
	}
	return false
}

// inputType is the type of an input that is no entity attribute: a
// string, number or bool, an object, lists and maps of them, sets of
// strings or numbers. An object has the struct generated for an object
// attribute of its shape, else, for a write pattern's input (owner), a
// struct of its own named after the pattern and the input (name), which
// the method declares with its writer (Write.Objects).
func (b *builder) inputType(ty cty.Type, in *hclschema.Input, owner *Write, name Name) *Type {
	switch {
	case ty.IsObjectType():
		for _, o := range b.api.Objects {
			if t := (&Type{Kind: TObject, Object: o}); sameType(t, ty) {
				return t
			}
		}
		if owner == nil {
			b.diags = append(b.diags, diag.Errorf(CodeType, &in.Range, "Type not reproducible",
				"Input %q is an object (%s) that is the type of no object attribute of the schema; tfdyn gen types an access pattern's object input with the struct it generates for such an attribute. Declare the input with the type of an object attribute, or pass its fields as inputs of their own.", in.Name, ty.FriendlyNameForConstraint()))
			return nil
		}
		o := &Object{Name: Join(owner.Name, name)}
		if !b.claim(o.Name, fmt.Sprintf("type of input %q of write pattern %q", in.Name, owner.Pattern.Name), in.Range) {
			return nil
		}
		attrs := ty.AttributeTypes()
		seen := map[string]string{}
		for _, n := range slices.Sorted(maps.Keys(attrs)) {
			fn := NameOf(n)
			if prev, ok := seen[fn.Key()]; ok || len(fn) == 0 {
				b.diags = append(b.diags, diag.Errorf(CodeNameCollision, &in.Range, "Names collide in generated code",
					"The object attributes %q and %q of input %q become one field name in generated code. Rename one of them.", prev, n, in.Name))
				return nil
			}
			seen[fn.Key()] = n
			sub := &Field{Name: fn, Attr: n, Optional: ty.AttributeOptional(n), Range: in.Range}
			if sub.Type = b.inputType(attrs[n], in, owner, Join(name, fn)); sub.Type == nil {
				return nil
			}
			o.Fields = append(o.Fields, sub)
		}
		owner.Objects = append(owner.Objects, o)
		return &Type{Kind: TObject, Object: o}
	case ty == cty.String:
		return &Type{Kind: TString}
	case ty == cty.Number:
		return &Type{Kind: TNumber}
	case ty == cty.Bool:
		return &Type{Kind: TBool}
	case ty.IsListType():
		if el := b.inputType(ty.ElementType(), in, owner, name.With("item")); el != nil {
			return &Type{Kind: TList, Elem: el}
		}
		return nil
	case ty.IsSetType() && (ty.ElementType() == cty.String || ty.ElementType() == cty.Number):
		return &Type{Kind: TSet, Elem: b.inputType(ty.ElementType(), in, owner, name)}
	case ty.IsMapType():
		if el := b.inputType(ty.ElementType(), in, owner, name.With("value")); el != nil {
			return &Type{Kind: TMap, Elem: el}
		}
		return nil
	}
	b.diags = append(b.diags, diag.Errorf(CodeType, &in.Range, "Type not reproducible",
		"Input %q is %s; tfdyn gen reproduces inputs of strings, numbers, bools, objects, lists and maps of them, sets of strings and numbers, and inputs typed like an attribute of the entity. Declare it with one of these types.", in.Name, Article(ty.FriendlyName())))
	return nil
}

// value describes one value of a shape: a constant, a parameter, a
// template over the parameters, or a key template of an entity (args
// gives the arguments of a SourceKeyTemplate).
func (b *builder) value(tr *translator, src dynamo.Source, placeholder string, args func(*Entity, *KeyValue) []*Arg) *Value {
	v := &Value{Source: src, Placeholder: placeholder, Attr: src.Attr, Type: src.Type}
	rng := hcl.Range{}
	if src.Template != nil {
		rng = src.Template.Range()
	}
	switch src.Kind {
	case dynamo.SourceConstant:
		c := src.Value
		if want := ctyOf(v.Type); want != cty.NilType && !c.IsNull() && c.Type() != want {
			cv, err := convert.Convert(c, want)
			if err != nil {
				tr.refuse(CodeExpression, rng, "Value not reproducible", "The value %s cannot be sent as a %s: %s.", dynamo.CanonValue(c), v.Type, err)
				return v
			}
			c = cv
		}
		if v.Type == "" && !c.IsNull() {
			v.Type = dynamo.TypeOfCty(c.Type())
		}
		v.Const = c
	case dynamo.SourceInput:
		f := tr.input(src.Label, src.Input)
		if f == nil && src.Label == "" {
			f = tr.fields[src.Input]
		}
		if f == nil {
			tr.refuse(CodeExpression, rng, "Value not reproducible", "Input %q is not a parameter.", strings.TrimPrefix(src.Label+"."+src.Input, "."))
			return v
		}
		own := typeName(f.Type)
		if v.Type == "" || v.Type == own {
			v.Type, v.Param = own, f
			return v
		}
		// A number or bool input compared with a string key attribute:
		// converted as the evaluator converts it.
		v.Expr = tr.converted(&Expr{Op: OpField, Type: valueType(f.Type), Field: f}, v.Type, rng)
	case dynamo.SourceTemplate:
		if elems, ok := listOf(src.Template); ok {
			// [input.payment]: a list value built per call.
			v.Type = dynamo.TypeL
			v.Elems = []*Value{}
			for _, el := range elems {
				es := dynamo.ElementSource(src, el)
				ev := b.value(tr, es, "", nil)
				if ev.Const == cty.NilVal && ev.Param == nil && ev.Expr == nil && ev.Elems == nil {
					return v
				}
				v.Elems = append(v.Elems, ev)
			}
			return v
		}
		x := tr.template(src.Template)
		if x == nil {
			return v
		}
		if v.Type == "" {
			v.Type = map[ValueType]string{TypeString: dynamo.TypeS, TypeNumber: dynamo.TypeN, TypeBool: dynamo.TypeBOOL}[x.Type]
		}
		v.Expr = tr.converted(x, v.Type, rng)
	case dynamo.SourceKeyTemplate:
		e := b.entities[src.Entity]
		if e == nil || args == nil {
			tr.refuse(CodeExpression, rng, "Value not reproducible", "The key template of %s is not available here.", src.Attr)
			return v
		}
		v.KeyEntity = e
		v.Key = b.keyValueOf(e, src.Index, src.Attr)
		if v.Key == nil {
			tr.refuse(CodeExpression, e.Range, "Value not reproducible", "Entity %q has no template for %s.", e.SchemaName, src.Attr)
			return v
		}
		v.Args = args(e, v.Key)
	}
	return v
}

// keyValueOf returns the translated template that writes attribute attr
// of index ix on the items of e (hclschema's KeyTemplateFor, translated
// once), or the key value of e's own attribute.
func (b *builder) keyValueOf(e *Entity, ix *hclschema.Index, attr string) *KeyValue {
	if ix == nil || ix.Kind == hclschema.IndexPrimary {
		for _, kv := range e.Primary {
			if kv.Attr == attr {
				return kv
			}
		}
		return nil
	}
	for _, en := range e.Entries {
		if en.Index.IndexName != ix.Name {
			continue
		}
		for _, kv := range en.Templates {
			if kv.Attr == attr && kv.Expr != nil {
				return kv
			}
		}
	}
	for _, kb := range e.Keys {
		if kb.Index.IndexName != ix.Name {
			continue
		}
		for _, kv := range kb.Values {
			if kv.Attr == attr {
				return kv
			}
		}
	}
	return nil
}

// converted returns x as a value of DynamoDB type typ: a number or bool
// becomes its string as HCL converts it for a string; a string is not
// converted to a number (refused).
func (tr *translator) converted(x *Expr, typ string, rng hcl.Range) *Expr {
	switch {
	case x == nil:
		return nil
	case typ == dynamo.TypeS && (x.Type == TypeNumber || x.Type == TypeBool):
		return &Expr{Op: OpToString, Type: TypeString, Args: []*Expr{x}}
	case typ == dynamo.TypeN && x.Type != TypeNumber, typ == dynamo.TypeBOOL && x.Type != TypeBool, typ == dynamo.TypeS && x.Type != TypeString:
		return tr.refuse(CodeExpression, rng, "Value not reproducible",
			"The value is %s sent as DynamoDB type %s, which HCL would convert; tfdyn gen reproduces values of the attribute's type. Write the value with the attribute's type.", Article(x.Type.String()), typ)
	}
	return x
}

// valueType is the expression type of a scalar field type.
func valueType(t *Type) ValueType {
	switch t.Kind {
	case TNumber:
		return TypeNumber
	case TBool:
		return TypeBool
	}
	return TypeString
}

// typeName is the DynamoDB type a field's values are stored as.
func typeName(t *Type) string {
	switch t.Kind {
	case TString, TEnum:
		return dynamo.TypeS
	case TNumber:
		return dynamo.TypeN
	case TBool:
		return dynamo.TypeBOOL
	case TList, TSet:
		return dynamo.TypeL
	}
	return dynamo.TypeM
}

// ctyOf is the cty type of a scalar DynamoDB type, cty.NilType otherwise.
func ctyOf(typ string) cty.Type {
	switch typ {
	case dynamo.TypeS:
		return cty.String
	case dynamo.TypeN:
		return cty.Number
	case dynamo.TypeBOOL:
		return cty.Bool
	}
	return cty.NilType
}

// result describes what read r returns for entity e: the fields the index
// and the pattern's projection give, and the key checks that recognise an
// item of e.
func (b *builder) result(r *Read, e *Entity, ranges []hcl.Range, i int) *Result {
	p := r.Pattern
	res := &Result{Entity: e}
	for _, f := range e.Fields {
		if !p.Index.Projects(f.Attr) {
			continue
		}
		if len(r.Shape.ProjectionAttrs) == 0 || slices.Contains(r.Shape.ProjectionAttrs, f.Attr) {
			res.Fields = append(res.Fields, f)
			continue
		}
		// Parts of the attribute's document (Detail.Payments): the item
		// carries the attribute with those parts only, which its type
		// holds when they are every member it requires.
		var parts []hclschema.Path
		var rng hcl.Range
		for i, pa := range r.Shape.ProjectionPaths {
			if pa.Attr() == f.Attr && pa.Nested() {
				parts = append(parts, pa[1:])
				if j := slices.Index(p.Attributes, r.Shape.ProjectionAttrs[i]); j >= 0 && j < len(p.AttributeRanges) && rng == (hcl.Range{}) {
					rng = p.AttributeRanges[j]
				}
			}
		}
		if len(parts) == 0 {
			continue
		}
		if !holdsParts(f.Type, parts) {
			if rng == (hcl.Range{}) {
				rng = p.AttributesRange
			}
			why := "a member it requires is left out, or a part of a list or map element"
			if f.Type.Kind == TObject {
				var missing []string
				for _, m := range f.Type.Object.Fields {
					if !m.Optional && !slices.ContainsFunc(parts, func(pa hclschema.Path) bool { return !pa[0].IsIndex && pa[0].Name == m.Attr }) {
						missing = append(missing, m.Attr)
					}
				}
				if len(missing) > 0 {
					why = "it requires " + joinQuoted(missing) + " too"
				}
			}
			b.diags = append(b.diags, diag.Errorf(CodeType, &rng, "Projection not reproducible",
				"Access pattern %q reads only parts of %q (%s): DynamoDB returns the attribute with those parts alone, which %q's type cannot hold (%s). "+
					"Read the whole attribute, or every member its type requires.", p.Name, f.Attr, pathsText(f.Attr, parts), f.Attr, why))
			return nil
		}
		res.Fields = append(res.Fields, f)
	}
	if len(res.Fields) < len(e.Fields) {
		res.Type = Join(r.Name, e.Name)
	}
	has := map[*Field]bool{}
	for _, f := range res.Fields {
		has[f] = true
	}
	res.Checks = keyChecks(e, has)
	if len(p.Entities) > 1 {
		// Items of several entities are told apart by their keys: every
		// key attribute is recomputed from the item or has a literal
		// prefix to compare.
		tells := true
		for _, c := range res.Checks {
			tells = tells && (c.Recompute || c.Prefix != "" || c.Value.Field != nil)
		}
		if !tells {
			rng := p.DeclRange
			if i < len(ranges) {
				rng = ranges[i]
			}
			b.diags = append(b.diags, diag.Errorf(CodeRecognise, &rng, "Items not recognisable",
				"Access pattern %q returns items of several entities, but %s does not project the attributes %q's primary key is computed from, and a key template without a literal prefix is left to compare, so the generated code cannot tell its items from the others' by their key. "+
					"Project those attributes into the index (projection = \"ALL\", or include them), or read one entity per pattern.", p.Name, p.Index.DisplayName(), e.SchemaName))
			return nil
		}
	}
	return res
}

// listOf returns the elements of a template that is a list constructor
// alone ([input.payment]).
func listOf(t *hclschema.Template) ([]*hclschema.Template, bool) {
	if t == nil || t.Quoted || len(t.Parts) != 1 {
		return nil, false
	}
	return t.Parts[0].Elements()
}

// holdsParts reports whether a value of type t that carries only the parts
// (paths inside it) is still a value of t: an empty part is the whole
// value; an object needs every required member named by a part (and each
// of its parts held by the member's type); a list or map element must be
// named whole.
func holdsParts(t *Type, parts []hclschema.Path) bool {
	for _, pa := range parts {
		if len(pa) == 0 {
			return true
		}
	}
	switch t.Kind {
	case TObject:
		for _, f := range t.Object.Fields {
			var sub []hclschema.Path
			for _, pa := range parts {
				if !pa[0].IsIndex && pa[0].Name == f.Attr {
					sub = append(sub, pa[1:])
				}
			}
			if len(sub) == 0 && !f.Optional || len(sub) > 0 && !holdsParts(f.Type, sub) {
				return false
			}
		}
		for _, pa := range parts {
			if pa[0].IsIndex || !slices.ContainsFunc(t.Object.Fields, func(f *Field) bool { return f.Attr == pa[0].Name }) {
				return false
			}
		}
		return true
	case TList, TMap:
		for _, pa := range parts {
			if len(pa) != 1 || pa[0].IsIndex != (t.Kind == TList) {
				return false
			}
		}
		return true
	}
	return false
}

// pathsText writes the parts of attribute attr as the schema names them.
func pathsText(attr string, parts []hclschema.Path) string {
	var out []string
	for _, pa := range parts {
		out = append(out, fmt.Sprintf("%q", hclschema.PathText(append(hclschema.AttrPath(attr), pa...))))
	}
	return strings.Join(out, ", ")
}

package dynamo

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// The expressions of a request are rendered here once, from the model, as
// constant strings with placeholders: every attribute name is an
// expression attribute name (#PK, #status: DynamoDB's reserved words need
// no list), every value a numbered value placeholder (:p0, :p1, ...) whose
// Source says what fills it. verify binds the values per call; the
// generators print the same strings (one rendering for both).
//
// The SDK's expression builder is not used: it numbers names (#0, #1),
// which a generated method's constant would show a reader, and it splits
// names at dots, which are part of a DynamoDB attribute name here.

// SourceKind says what fills a value placeholder or a key value.
type SourceKind string

// Kinds of value sources.
const (
	// SourceConstant is a value fixed by the schema (Source.Value): a
	// literal operand, a literal set or add, the true a bool attribute of
	// a filter is compared with.
	SourceConstant SourceKind = "constant"
	// SourceInput is one input as the caller passes it (Source.Input): a
	// bare input in a key condition operand, input.NAME in a filter,
	// condition or update action, an entity attribute that is itself a
	// key attribute of an update or delete.
	SourceInput SourceKind = "input"
	// SourceTemplate is a template over the inputs (Source.Template): a
	// key condition operand such as "CUSTOMER#${username}" (bare names are
	// the pattern's inputs), or a value operand of a filter, condition or
	// update action over input.NAME (lower(input.email)).
	SourceTemplate SourceKind = "template"
	// SourceKeyTemplate is the key template of attribute Source.Attr of
	// Source.Entity for Source.Index (Source.Key) evaluated over an item:
	// an update's or delete's primary key over the inputs (the attributes
	// Entity.KeyNames lists), an index key attribute an update rewrites
	// over the updated item; or, with Source.Computed set (Key nil, Index
	// the table's), the template of a computed attribute the update
	// rewrites.
	SourceKeyTemplate SourceKind = "key-template"
)

// Role says where in a request a value goes.
type Role string

// Roles of values.
const (
	// RoleKeyCondition is operand Source.Operand of the pattern's key
	// condition Source.Condition (Pattern.Conditions index).
	RoleKeyCondition Role = "key condition"
	// RoleKey is a key attribute of GetItem, UpdateItem or DeleteItem.
	RoleKey Role = "key"
	// RoleFilter is a value operand of a Query's FilterExpression.
	RoleFilter Role = "filter"
	// RoleCondition is a value operand of a write's ConditionExpression.
	RoleCondition Role = "condition"
	// RoleSet and RoleAdd are the value of an update's SET or ADD action.
	RoleSet Role = "set"
	RoleAdd Role = "add"
	// RoleIndexKey is an index key attribute an update rewrites, or a
	// computed attribute (Source.Computed) it rewrites: a value of the
	// updated item.
	RoleIndexKey Role = "index key"
)

// Source describes what fills one value of a request.
type Source struct {
	Kind SourceKind
	Role Role
	// Attr is the attribute the value is compared with or written to.
	Attr string
	// Type is the DynamoDB type the value is sent as (S, N, BOOL, L, M),
	// or "" when the schema does not fix it.
	Type string
	// Value is a SourceConstant's value.
	Value cty.Value
	// Input is a SourceInput's input name; with Label set, the attribute
	// of the labelled write's object input (input.<Label>.<Input>).
	Input string
	// Label is the label of the write whose own input a SourceInput is
	// (a transaction's put "order_item": input.order_item.Quantity, also
	// when written input.Quantity, the shared-name form), "" for a
	// pattern's shared input.
	Label string
	// Template is the operand as the schema writes it (SourceTemplate, and
	// SourceInput and SourceConstant operands); nil for values the
	// renderer adds (a bool attribute's true) and for key values.
	Template *hclschema.Template
	// Entity, Index and Key are a SourceKeyTemplate's template: Key is
	// Entity.KeyTemplateFor(Index, Attr).
	Entity *hclschema.Entity
	Index  *hclschema.Index
	Key    *hclschema.KeyTemplate
	// Computed is the computed attribute a SourceKeyTemplate value
	// rewrites (Key nil then).
	Computed *hclschema.Computed
	// Condition and Operand locate a RoleKeyCondition value (and the
	// condition of a GetItem key attribute): the index in
	// Pattern.Conditions and the operand (1 for between's upper bound).
	Condition, Operand int
}

// String describes the source for a reader: `input "status"`,
// `"CUSTOMER#${username}"`, `4`, `Order's GSI2PK = "STATUS#${status}"`.
func (s Source) String() string {
	switch s.Kind {
	case SourceConstant:
		return "constant " + CanonValue(s.Value)
	case SourceInput:
		if s.Label != "" {
			return fmt.Sprintf("input %s.%s", s.Label, s.Input)
		}
		return fmt.Sprintf("input %q", s.Input)
	case SourceTemplate:
		return "template " + s.Template.Text
	case SourceKeyTemplate:
		on := "item"
		if s.Role == RoleIndexKey {
			on = "updated item"
		}
		if s.Computed != nil {
			return fmt.Sprintf("computed %s of %s's %s: %s", s.Attr, s.Entity.Name, on, s.Computed.Expr.Text)
		}
		if s.Key == nil {
			return fmt.Sprintf("%s of %s's %s", s.Attr, s.Entity.Name, on)
		}
		return fmt.Sprintf("%s of %s's %s: %s", s.Attr, s.Entity.Name, on, s.Key.Expr.Text)
	}
	return string(s.Kind)
}

// Name is an expression attribute name: Placeholder (#PK) stands for Attr.
type Name struct {
	Placeholder string
	Attr        string
}

// Placeholder is an expression attribute value: Name (:p0) and what fills
// it.
type Placeholder struct {
	Name   string
	Source Source
}

// KeyField is one key attribute of a GetItem, UpdateItem or DeleteItem and
// what fills it.
type KeyField struct {
	Attr   string
	Source Source
}

// NameMap returns names as the ExpressionAttributeNames of a request, nil
// when there are none (DynamoDB rejects an empty map).
func NameMap(names []Name) map[string]string {
	if len(names) == 0 {
		return nil
	}
	m := make(map[string]string, len(names))
	for _, n := range names {
		m[n.Placeholder] = n.Attr
	}
	return m
}

// exprs collects the names and values of one request's expressions.
type exprs struct {
	names  []Name
	byAttr map[string]string
	taken  map[string]bool
	values []Placeholder
	// track, when set, records the placeholders of the fragment being
	// rendered (piece).
	track *fragment
}

func newExprs() *exprs {
	return &exprs{byAttr: map[string]string{}, taken: map[string]bool{}}
}

// name returns the placeholder of attr: # and the name itself when it is
// letters, digits and underscores, else # and the name with every other
// character replaced by an underscore; a suffix _2, _3... keeps two
// attributes apart.
func (x *exprs) name(attr string) string {
	p := x.newName(attr)
	if x.track != nil && !slices.Contains(x.track.names, p) {
		x.track.names = append(x.track.names, p)
	}
	return p
}

func (x *exprs) newName(attr string) string {
	if p, ok := x.byAttr[attr]; ok {
		return p
	}
	var b strings.Builder
	b.WriteByte('#')
	for _, r := range attr {
		if r < 128 && (r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	p := b.String()
	for i := 2; x.taken[p]; i++ {
		p = b.String() + "_" + strconv.Itoa(i)
	}
	x.taken[p] = true
	x.byAttr[attr] = p
	x.names = append(x.names, Name{Placeholder: p, Attr: attr})
	return p
}

// path renders a document path with a name placeholder per name:
// #Detail.#Payments[0].
func (x *exprs) path(p hclschema.Path) string {
	var b strings.Builder
	for i, s := range p {
		switch {
		case s.IsIndex:
			b.WriteString("[" + strconv.Itoa(s.Index) + "]")
		case i == 0:
			b.WriteString(x.name(s.Name))
		default:
			b.WriteString("." + x.name(s.Name))
		}
	}
	return b.String()
}

// updateValue renders the value of a SET action: a value placeholder for
// an operand, paths with name placeholders, if_not_exists(...),
// list_append(...), a + b, a - b.
func (x *exprs) updateValue(u *hclschema.UpdateValue, role Role, attr string, inputType func(string) (cty.Type, bool)) (string, error) {
	if u == nil {
		return "", fmt.Errorf("no value")
	}
	arg := func(i int) (string, error) { return x.updateValue(u.Args[i], role, attr, inputType) }
	switch u.Kind {
	case hclschema.ValueOperand:
		return x.value(operandSource(u.Operand, role, attr, inputType)), nil
	case hclschema.ValuePath:
		return x.path(u.Path), nil
	case hclschema.ValueIfNotExists:
		d, err := arg(0)
		if err != nil {
			return "", err
		}
		return "if_not_exists(" + x.path(u.Path) + ", " + d + ")", nil
	case hclschema.ValueListAppend, hclschema.ValuePlus, hclschema.ValueMinus:
		a, err := arg(0)
		if err != nil {
			return "", err
		}
		b, err := arg(1)
		if err != nil {
			return "", err
		}
		switch u.Kind {
		case hclschema.ValueListAppend:
			return "list_append(" + a + ", " + b + ")", nil
		case hclschema.ValuePlus:
			return a + " + " + b, nil
		}
		return a + " - " + b, nil
	}
	return "", fmt.Errorf("%s: %s cannot be sent to DynamoDB", u.Range(), u.Text)
}

// value adds a value placeholder for s.
func (x *exprs) value(s Source) string {
	p := ":p" + strconv.Itoa(len(x.values))
	x.values = append(x.values, Placeholder{Name: p, Source: s})
	if x.track != nil {
		x.track.values = append(x.track.values, p)
	}
	return p
}

// keyCondition renders one key condition: #PK = :p0,
// begins_with(#SK, :p1), #SK BETWEEN :p1 AND :p2, #SK < :p1.
func (x *exprs) keyCondition(p *hclschema.AccessPattern, i int) (string, error) {
	c := p.Conditions[i]
	typ := ""
	if k, ok := p.Index.KeyAttr(c.Attr); ok {
		typ = k.Type
	}
	if c.Op == hclschema.OpBeginsWith && typ == hclschema.TypeN {
		return "", fmt.Errorf("%s: begins_with on %s, a number key attribute", c.Range, c.Attr)
	}
	ops := make([]string, len(c.Args))
	for j, arg := range c.Args {
		src := keyOperandSource(arg, typ)
		src.Role, src.Attr, src.Condition, src.Operand = RoleKeyCondition, c.Attr, i, j
		ops[j] = x.value(src)
	}
	n := x.name(c.Attr)
	want := 1
	if c.Op == hclschema.OpBetween {
		want = 2
	}
	if len(ops) != want {
		return "", fmt.Errorf("%s: the condition on %s has %d operands, %s takes %d", c.Range, c.Attr, len(ops), c.Op, want)
	}
	switch c.Op {
	case hclschema.OpBeginsWith:
		return "begins_with(" + n + ", " + ops[0] + ")", nil
	case hclschema.OpBetween:
		return n + " BETWEEN " + ops[0] + " AND " + ops[1], nil
	case hclschema.OpEq, hclschema.OpLT, hclschema.OpLE, hclschema.OpGT, hclschema.OpGE:
		return n + " " + string(c.Op) + " " + ops[0], nil
	}
	return "", fmt.Errorf("%s: unsupported key condition %s on %s", c.Range, c.Op, c.Attr)
}

// keyOperandSource classifies a key condition operand (bare names are the
// pattern's inputs); typ is the key attribute's DynamoDB type.
func keyOperandSource(t *hclschema.Template, typ string) Source {
	s := Source{Kind: SourceTemplate, Template: t, Type: typ}
	if v, ok := t.Literal(); ok {
		s.Kind, s.Value = SourceConstant, v
	} else if !t.Quoted && len(t.Parts) == 1 && t.Parts[0].Kind == hclschema.PartAttr {
		s.Kind, s.Input = SourceInput, t.Parts[0].Name
	}
	return s
}

// operandSource classifies a value operand of a filter, condition or
// update action (inputs are input.NAME); types gives the inputs' types.
func operandSource(t *hclschema.Template, role Role, attr string, inputType func(string) (cty.Type, bool)) Source {
	s := Source{Kind: SourceTemplate, Role: role, Attr: attr, Template: t}
	switch v, ok := t.Literal(); {
	case ok:
		s.Kind, s.Value = SourceConstant, v
		if !v.IsNull() {
			s.Type = TypeOfCty(v.Type())
		}
	case !t.Quoted && len(t.Parts) == 1 && t.Parts[0].Kind == hclschema.PartInput:
		s.Kind, s.Input = SourceInput, t.Parts[0].Name
		if f := t.Parts[0].Field; f != "" {
			s.Label, s.Input = s.Input, f
			if ty, ok := inputType(s.Label); ok && ty.IsObjectType() && ty.HasAttribute(f) {
				s.Type = TypeOfCty(ty.AttributeType(f))
			}
			break
		}
		if ty, ok := inputType(s.Input); ok {
			s.Type = TypeOfCty(ty)
		}
	default:
		if t.Quoted {
			s.Type = TypeS
		}
	}
	return s
}

// cond renders a filter or write condition: comparisons (=, <>, <, <=, >,
// >=) of attributes (#name) and values (:pN), a bool attribute (#a = :pN
// with true), attribute_exists and attribute_not_exists, AND, OR and NOT,
// with parentheses around a nested AND or OR of the other kind (and under
// NOT).
func (x *exprs) cond(c *hclschema.Cond, role Role, inputType func(string) (cty.Type, bool)) (string, error) {
	if c == nil {
		return "", fmt.Errorf("no condition")
	}
	sub := func(i int, parent hclschema.CondKind) (string, error) {
		s, err := x.cond(c.Sub[i], role, inputType)
		if err != nil {
			return "", err
		}
		k := c.Sub[i].Kind
		if (k == hclschema.CondAnd || k == hclschema.CondOr) && k != parent {
			s = "(" + s + ")"
		}
		return s, nil
	}
	switch c.Kind {
	case hclschema.CondAnd, hclschema.CondOr:
		if len(c.Sub) != 2 {
			break
		}
		l, err := sub(0, c.Kind)
		if err != nil {
			return "", err
		}
		r, err := sub(1, c.Kind)
		if err != nil {
			return "", err
		}
		op := " AND "
		if c.Kind == hclschema.CondOr {
			op = " OR "
		}
		return l + op + r, nil
	case hclschema.CondNot:
		if len(c.Sub) != 1 {
			break
		}
		inner, err := sub(0, hclschema.CondNot)
		if err != nil {
			return "", err
		}
		return "NOT " + inner, nil
	case hclschema.CondAttr:
		n := x.path(c.TestedPath())
		return n + " = " + x.value(Source{Kind: SourceConstant, Role: role, Attr: hclschema.PathText(c.TestedPath()), Type: TypeBOOL, Value: cty.True}), nil
	case hclschema.CondExists:
		return "attribute_exists(" + x.path(c.TestedPath()) + ")", nil
	case hclschema.CondNotExists:
		return "attribute_not_exists(" + x.path(c.TestedPath()) + ")", nil
	case hclschema.CondCompare:
		op, ok := compareOps[c.Op]
		if !ok || c.Left == nil || c.Right == nil {
			break
		}
		ap, ok := c.Left.DocPath()
		if !ok {
			if ap, ok = c.Right.DocPath(); !ok {
				break // DynamoDB compares at least one attribute
			}
		}
		attr := hclschema.PathText(ap)
		operand := func(t *hclschema.Template) string {
			if p, ok := t.DocPath(); ok {
				return x.path(p)
			}
			return x.value(operandSource(t, role, attr, inputType))
		}
		l := operand(c.Left)
		return l + " " + op + " " + operand(c.Right), nil
	}
	return "", fmt.Errorf("%s: %s %s cannot be sent to DynamoDB", c.Range(), role, c.Text)
}

var compareOps = map[hclschema.CompareOp]string{
	hclschema.CmpEq: "=", hclschema.CmpNe: "<>",
	hclschema.CmpLT: "<", hclschema.CmpLE: "<=", hclschema.CmpGT: ">", hclschema.CmpGE: ">=",
}

// bindValues evaluates every placeholder with value and returns the
// ExpressionAttributeValues (nil when there are none).
func bindValues(ps []Placeholder, value func(Source) (cty.Value, error)) (map[string]types.AttributeValue, error) {
	if len(ps) == 0 {
		return nil, nil
	}
	out := make(map[string]types.AttributeValue, len(ps))
	for _, p := range ps {
		v, err := value(p.Source)
		if err != nil {
			return nil, fmt.Errorf("%s (%s): %w", p.Name, p.Source, err)
		}
		av, err := AV(v)
		if err != nil {
			return nil, fmt.Errorf("%s (%s): %w", p.Name, p.Source, err)
		}
		out[p.Name] = av
	}
	return out, nil
}

// operandValue evaluates a SourceConstant, SourceInput or SourceTemplate
// value operand (filter, condition, update action) with the inputs.
func operandValue(s Source, inputs map[string]cty.Value) (cty.Value, error) {
	switch s.Kind {
	case SourceConstant:
		return s.Value, nil
	case SourceInput:
		if s.Label != "" {
			obj, ok := inputs[s.Label]
			if !ok || obj == cty.NilVal || obj.IsNull() || !obj.Type().IsObjectType() || !obj.Type().HasAttribute(s.Input) {
				return cty.NilVal, fmt.Errorf("input %s.%s is not set", s.Label, s.Input)
			}
			return obj.GetAttr(s.Input), nil
		}
		v, ok := inputs[s.Input]
		if !ok || v == cty.NilVal {
			return cty.NilVal, fmt.Errorf("input %q is not set", s.Input)
		}
		return v, nil
	case SourceTemplate:
		return (&hclschema.Bound{Inputs: inputs}).FilterValue(s.Template)
	}
	return cty.NilVal, fmt.Errorf("a %s value is not an operand", s.Kind)
}

// ElementSource classifies element el of a list that a value operand
// constructs ([input.payment, "cash"], in list_append): as a value operand
// of the list's role and attribute (a constant, an input, a template). The
// list itself is sent as one value (list's placeholder), which verify
// evaluates whole; the generators build it from its elements.
func ElementSource(list Source, el *hclschema.Template) Source {
	return operandSource(el, list.Role, list.Attr, func(string) (cty.Type, bool) { return cty.NilType, false })
}

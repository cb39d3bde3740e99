package hclschema

import (
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// WriteOp is the operation of one write: PutItem, UpdateItem or DeleteItem.
type WriteOp string

// Write operations, named as the blocks that declare them.
const (
	WritePut    WriteOp = "put"
	WriteUpdate WriteOp = "update"
	WriteDelete WriteOp = "delete"
)

// APIName returns the DynamoDB operation name (PutItem, UpdateItem,
// DeleteItem).
func (op WriteOp) APIName() string {
	switch op {
	case WriteUpdate:
		return "UpdateItem"
	case WriteDelete:
		return "DeleteItem"
	}
	return "PutItem"
}

// WritePattern is a `write_pattern "name" {}` block: one write, or several
// in a transaction (TransactWriteItems).
type WritePattern struct {
	Name        string
	Description string
	// Writes are the writes in source order; one unless Transaction.
	Writes []*Write
	// Transaction is true for a `transaction {}` block, and for a put of an
	// entity with unique attributes (the guard puts join it).
	Transaction bool
	// Inputs are the values the caller gives, sorted by name: the
	// attributes the writes need (a put's item, an update's or delete's
	// key) and every input.NAME, typed from the entity attribute of the
	// same name or the `inputs` declaration.
	Inputs []*Input
	// Repeat is the declared outcome of writing the same inputs twice:
	// RepeatFails (a condition refuses the duplicate or the stale
	// version), RepeatSucceeds, or "" when not declared. RepeatRange
	// covers its value.
	Repeat      string
	RepeatRange hcl.Range
	// Table is the table written.
	Table     *Table
	DeclRange hcl.Range
	// TransactionRange covers the transaction block's header when there
	// is one.
	TransactionRange hcl.Range
	// Workload is the pattern's workload block, or nil (workload.go).
	Workload *WriteWorkload
	// Incomplete is true when a part failed to load (an error was
	// reported).
	Incomplete bool
	// aliases maps a shared name (input.Quantity) that names one labelled
	// write's input to it (input.order_item.Quantity): the shared-name
	// form, accepted where it is unambiguous.
	aliases map[string]InputRef
}

// InputRef names an input of a labelled write: input.<Label>.<Attr>.
type InputRef struct {
	Label, Attr string
}

// Alias returns the labelled write's input a shared name stands for
// (input.Quantity for input.order_item.Quantity, when only that write has
// a Quantity), or false.
func (w *WritePattern) Alias(name string) (InputRef, bool) {
	r, ok := w.aliases[name]
	return r, ok
}

// Declared outcomes of a repeated write (`repeat`).
const (
	RepeatFails    = "fails"
	RepeatSucceeds = "succeeds"
)

// Input returns the write pattern's input with the given name, or nil.
func (w *WritePattern) Input(name string) *Input {
	for _, in := range w.Inputs {
		if in.Name == name {
			return in
		}
	}
	return nil
}

// Write is one put, update or delete of an entity's item.
type Write struct {
	Op     WriteOp
	Entity *Entity
	// Condition is the ConditionExpression, over the stored item's
	// attributes (bare names, key attributes included) and the inputs
	// (input.NAME), in the filter grammar plus attribute_exists(NAME) and
	// attribute_not_exists(NAME); nil when absent.
	Condition *Cond
	// Set, Add and Remove are an update's actions (SET, ADD, REMOVE).
	Set    []*UpdateAction
	Add    []*UpdateAction
	Remove []*UpdateAction
	// Guard is the unique attribute this write enforces when it was added
	// by the entity's `unique`, else nil: a put of the guard item with its
	// owner's put, a delete of it with its owner's delete, or both (the
	// old value's delete, the new value's put) with an update that changes
	// the attribute (a swap).
	Guard *Unique
	// Inputs maps an attribute of the item to the input that gives it,
	// where the input is not named like the attribute: a swap's guard put
	// takes the value the update sets (input.email), its guard delete the
	// current value the condition pins (input.current_email). InputFor
	// answers.
	Inputs map[string]string
	// Swap is set on the guard writes of a swap: they are left out of the
	// call when the new value equals the current one (the guard stays).
	Swap *Swap
	// Label names the write's own inputs in a transaction (put
	// "order_item" {}): the attributes it needs come from the input object
	// of that name (input.order_item.Quantity), not from the pattern's
	// shared inputs; "" for an unlabelled write (a guard's put takes its
	// owner's). LabelRange covers it.
	Label      string
	LabelRange hcl.Range
	// Pattern is the write pattern that holds the write.
	Pattern   *WritePattern
	DeclRange hcl.Range
	// EntityRange covers the entity reference.
	EntityRange hcl.Range
}

// UpdateAction is one attribute (or part of one) of an update's set, add
// or remove.
type UpdateAction struct {
	// Attr is the attribute the action changes: Path's first step.
	Attr string
	// Path is what it changes: the attribute itself, or a part of its
	// document (Detail.Payments, Items[0].Sku).
	Path Path
	// Value is the value set or added as written (nil for remove).
	Value *Template
	// Expr is a set's value in DynamoDB's grammar (an operand, a path of
	// the stored item, if_not_exists, list_append, + and -); for add, the
	// operand (a literal or input.NAME, a function of those); nil for
	// remove.
	Expr *UpdateValue
	// Range covers the attribute name (the list element for remove).
	Range hcl.Range
}

// Swap is the change of a unique attribute by an update: Current and New
// name the inputs holding the value the condition pins and the value the
// update sets.
type Swap struct {
	Unique       *Unique
	Current, New string
}

// Skipped reports whether the write is left out of a call with inputs: a
// swap's guard write when the new value equals the current one (DynamoDB
// rejects two writes of one item in a transaction, and the guard stays as
// it is).
func (wr *Write) Skipped(inputs map[string]cty.Value) bool {
	if wr.Swap == nil {
		return false
	}
	a, okA := inputs[wr.Swap.Current]
	b, okB := inputs[wr.Swap.New]
	if !okA || !okB || a == cty.NilVal || b == cty.NilVal || a.IsNull() || b.IsNull() || !a.IsKnown() || !b.IsKnown() {
		return false
	}
	if !a.Type().Equals(b.Type()) {
		cv, err := convert.Convert(b, a.Type())
		if err != nil {
			return false
		}
		b = cv
	}
	if wr.Swap.Unique != nil && wr.Swap.Unique.Expr != nil {
		// A unique expression: the guards of two values that normalise
		// alike (Sam@x.io, sam@x.io) are one item.
		na, okA := wr.Swap.Unique.Value(a)
		nb, okB := wr.Swap.Unique.Value(b)
		if !okA || !okB || !na.Type().Equals(nb.Type()) {
			return false
		}
		a, b = na, nb
	}
	return a.Equals(b).True()
}

// Unique is an attribute of an entity whose value is unique across the
// table: `unique = ["email"]`. It is enforced with a guard item (an
// entity of its own, not in Schema.Entities) put in the same transaction
// as the entity's item, both with attribute_not_exists(PK).
type Unique struct {
	// Attr is the attribute that is unique, or that Expr normalises.
	Attr string
	// Expr is the expression of Attr whose value is unique (unique =
	// [lower(email)]: two e-mails that differ only in case collide), nil
	// when the attribute's own value is.
	Expr   *Template
	Entity *Entity
	// Guard is the guard item's entity, named <Entity>Unique<Attr>
	// (CustomerUniqueEmail), with the one attribute Attr and the key
	// "UNIQUE#<Entity>#<attr>#${attr}" (the partition key; a sort key is
	// "UNIQUE").
	Guard *Entity
	// Range covers the element of `unique`.
	Range hcl.Range
}

// StoredEntities returns the entities whose items the table stores: its
// entities, each followed by the guard entities of its unique attributes
// (one guard item per item). Reading a stored item back (migrate, import)
// must know the guards, or every guard item looks undeclared.
func (t *Table) StoredEntities() []*Entity {
	var out []*Entity
	for _, e := range t.Entities {
		out = append(out, e)
		for _, u := range e.Unique {
			out = append(out, u.Guard)
		}
	}
	return out
}

// Names returns the input values a write needs to identify or build its
// item: the inputs of the entity's attributes for a put, of the attributes
// the primary key is computed from for an update or delete (InputFor of
// each: an input named like the attribute, unless a swap maps it).
func (w *Write) Names() []string {
	attrs := w.Entity.KeyNames()
	if w.Op == WritePut {
		attrs = w.Entity.AttributeNames()
	}
	out := make([]string, len(attrs))
	for i, a := range attrs {
		out[i] = w.InputFor(a)
	}
	return out
}

// InputFor returns the name of the input that gives attribute attr of the
// write's item (a put's attribute, an update's or delete's key attribute):
// the attribute's own name, unless Inputs maps it.
func (w *Write) InputFor(attr string) string {
	if n, ok := w.Inputs[attr]; ok {
		return n
	}
	return attr
}

// itemInputs returns the inputs by the names of the item's attributes
// (InputFor's mapping undone), for the entity's templates.
func (w *Write) itemInputs(inputs map[string]cty.Value) map[string]cty.Value {
	if len(w.Inputs) == 0 {
		return inputs
	}
	out := make(map[string]cty.Value, len(inputs))
	for k, v := range inputs {
		out[k] = v
	}
	for attr, in := range w.Inputs {
		if v, ok := inputs[in]; ok {
			out[attr] = v
		} else {
			delete(out, attr)
		}
	}
	return out
}

// KeyNames returns the entity attributes the table's primary key is made
// of or computed from, in declaration order.
func (e *Entity) KeyNames() []string {
	need := map[string]bool{}
	if e.Table != nil {
		for _, k := range e.Table.Primary.KeyAttrs() {
			if e.Attribute(k.Name) != nil {
				need[k.Name] = true
			} else if t := e.Key.Template(k.Name); t != nil {
				for _, n := range t.Expr.Names() {
					need[n] = true
				}
			}
		}
	}
	var out []string
	for _, a := range e.Attributes {
		if need[a.Name] {
			out = append(out, a.Name)
		}
	}
	return out
}

// typeOf returns the type of the named attribute, or cty.NilType.
func (e *Entity) typeOf(name string) cty.Type {
	if a := e.Attribute(name); a != nil {
		return a.Type
	}
	return cty.NilType
}

// IndexKeyNames returns the entity attributes the key attributes of ix are
// computed from for e's items (template variables, or the attribute
// itself), sorted and each once. The sparse `when` is not included: its
// names are EntityIndex.When.Names().
func (e *Entity) IndexKeyNames(ix *Index) []string {
	need := map[string]bool{}
	ei := e.IndexBlock(ix.Name)
	for _, k := range ix.KeyAttrs() {
		var tpl *KeyTemplate
		if ei != nil {
			tpl = ei.Template(k.Name)
		}
		if tpl == nil && e.Key != nil {
			tpl = e.Key.Template(k.Name)
		}
		switch {
		case tpl != nil && tpl.Expr != nil:
			for _, n := range tpl.Expr.Names() {
				need[n] = true
			}
		case e.Attribute(k.Name) != nil:
			need[k.Name] = true
		}
	}
	out := make([]string, 0, len(need))
	for _, a := range e.Attributes {
		if need[a.Name] {
			out = append(out, a.Name)
		}
	}
	sort.Strings(out)
	return out
}

// Key identifies the unique value: the attribute's name, or the
// expression's text without spaces (lower(email)).
func (u *Unique) Key() string {
	if u == nil {
		return ""
	}
	if u.Expr == nil {
		return u.Attr
	}
	return strings.Join(strings.Fields(u.Expr.Text), "")
}

// Text writes the unique value as the schema writes it: "email" for an
// attribute, lower(email) for an expression.
func (u *Unique) Text() string {
	if u.Expr == nil {
		return strconv.Quote(u.Attr)
	}
	return u.Expr.Text
}

// Display names the unique value for a reader (doc, cost): the attribute
// (email) or the expression that normalises it (lower(email)), so that two
// values the guard treats as one are visible.
func (u *Unique) Display() string {
	if u.Expr == nil {
		return u.Attr
	}
	return u.Expr.Text
}

// Value returns the unique value of an item's attribute value v: v itself,
// or the expression's value over it; ok is false when it cannot be
// computed.
func (u *Unique) Value(v cty.Value) (cty.Value, bool) {
	if u.Expr == nil {
		return v, v != cty.NilVal && !v.IsNull()
	}
	out, ds := u.Expr.Eval(map[string]cty.Value{u.Attr: v})
	if ds.HasErrors() || out.IsNull() || !out.IsWhollyKnown() {
		return cty.NilVal, false
	}
	return out, true
}

// Variant returns another value of the attribute with the same unique
// value as v, differing only by the normalisation of a unique expression
// (SAM@X.IO for sam@x.io under lower(email)): what verify and the
// contract tests write as the other item of a unique case, so that they
// prove the guard keys on the normalised value. ok is false for a plain
// unique attribute, or when no such value is found.
func (u *Unique) Variant(v cty.Value) (cty.Value, bool) {
	if u == nil || u.Expr == nil || v == cty.NilVal || v.IsNull() || !v.IsKnown() || v.Type() != cty.String {
		return cty.NilVal, false
	}
	want, ok := u.Value(v)
	if !ok {
		return cty.NilVal, false
	}
	s := v.AsString()
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			if lr := unicode.ToLower(r); lr != r {
				return lr
			}
			return unicode.ToUpper(r)
		}, s)
	}
	for _, c := range []string{strings.ToUpper(s), strings.ToLower(s), swap(s), " " + s + " ", s + " ", "  " + s} {
		if c == s {
			continue
		}
		cv := cty.StringVal(c)
		if got, ok := u.Value(cv); ok && got.Type().Equals(want.Type()) && got.Equals(want).True() {
			return cv, true
		}
	}
	return cty.NilVal, false
}

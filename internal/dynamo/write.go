package dynamo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// WriteShape is the request of a write pattern, fixed by the schema: one
// PutItem, UpdateItem or DeleteItem, or a TransactWriteItems of several
// (a put of an entity with `unique` attributes joins the guard items'
// puts), every expression a constant string and every value a placeholder
// whose Source says what fills it. Bind fills the values for one set of
// inputs.
type WriteShape struct {
	Pattern *hclschema.WritePattern
	// Operation is PutItem, UpdateItem, DeleteItem or TransactWriteItems.
	Operation string
	// Transaction is true for a TransactWriteItems.
	Transaction bool
	// Items are the writes in the pattern's order (Pattern.Writes: a guard
	// item's put follows its owner's).
	Items []*ItemShape
}

// ItemShape is one write of a write pattern.
type ItemShape struct {
	Write  *hclschema.Write
	Op     hclschema.WriteOp
	Entity *hclschema.Entity
	// Guard is the unique attribute whose guard item this put writes (an
	// entity of its own, Guard.Guard, with the one attribute Guard.Attr
	// from the input of that name), nil for the pattern's own writes.
	Guard *hclschema.Unique
	// Label is the write's label in a transaction: its item (a put) or
	// key (an update, a delete) comes from the object input of that name
	// (input.order_item), "" when it comes from the shared inputs.
	Label string
	// Key holds an update's or delete's primary key attributes in key
	// order, computed from the inputs; a put's item is Entity's item
	// (Entity.Item) built from the inputs, index keys and sparse `when`
	// included.
	Key []KeyField
	// Rewrites are the index key attributes an update writes besides its
	// own actions: for every index whose key templates or sparse `when`
	// read an attribute the update sets, adds to or removes, the key
	// attributes as the updated item gives them (UpdateItem does not
	// compute them).
	Rewrites []Rewrite
	// Variants are the request's expressions, one per combination of
	// Rewrites in and out of their index (the first: all in); a put, a
	// delete and an update without rewrites (or only Fixed ones) have one.
	Variants []Variant
}

// Rewrite is an index an update rewrites the key attributes of, or a
// computed attribute it rewrites (Computed set; Index is then the table's
// primary index, whose items carry it).
type Rewrite struct {
	Index *hclschema.Index
	// Computed is the computed attribute rewritten (Set and Remove hold
	// its name): the update changes an attribute its template reads.
	Computed *hclschema.Computed
	// Set are the key attributes SET (RoleIndexKey values) while the
	// updated item is in the index: those whose templates read a changed
	// attribute when the item stays in the index (Fixed), else every key
	// attribute of the entity's index block (the item may enter it).
	Set []string
	// Remove are the key attributes REMOVEd when the updated item is not
	// in the index (a `when` that stops holding, an optional attribute a
	// template reads that is absent); nil when Fixed.
	Remove []string
	// Fixed is true when the item is in the index before and after any
	// such update: no `when`, and the templates read only required
	// attributes. A fixed rewrite has only the "in" form.
	Fixed bool
}

// Target names what the rewrite keeps up to date: "GSI ByStatus", or
// "computed attribute EmailLower".
func (rw Rewrite) Target() string {
	if rw.Computed != nil {
		return "computed attribute " + rw.Computed.Attr
	}
	return rw.Index.DisplayName()
}

// Variant is one form of a write's expressions.
type Variant struct {
	// In says per Rewrite whether this variant writes its "in" form (SET)
	// or its "out" form (REMOVE).
	In []bool
	// Condition is the ConditionExpression ("" without one), Update an
	// update's UpdateExpression: SET ..., ADD ..., REMOVE ... in that
	// order, the update's actions in its order, then the rewrites'.
	Condition string
	Update    string
	// Names and Values are the ExpressionAttributeNames and -Values the
	// variant uses. Placeholders are numbered over all variants of the
	// write (condition, set, add, then rewrites), so a value has the same
	// placeholder in every variant that uses it.
	Names  []Name
	Values []Placeholder
}

// Single returns the write's one variant, or false when the form depends
// on whether the updated item is in an index.
func (s *ItemShape) Single() (Variant, bool) {
	if len(s.Variants) != 1 {
		return Variant{}, false
	}
	return s.Variants[0], true
}

// maxRewriteVariants bounds the rewrites with two forms per write (2^n
// variants).
const maxRewriteVariants = 6

// Write renders the request of write pattern w. It fails for a pattern
// that did not load completely or whose condition DynamoDB cannot run
// (the loader reports both).
func Write(w *hclschema.WritePattern) (*WriteShape, error) {
	if w == nil || w.Incomplete || w.Table == nil || w.Table.Primary == nil || len(w.Writes) == 0 {
		name := "(nil)"
		if w != nil {
			name = w.Name
		}
		return nil, fmt.Errorf("write pattern %q did not load completely", name)
	}
	s := &WriteShape{Pattern: w, Transaction: w.Transaction || len(w.Writes) > 1}
	s.Operation = "TransactWriteItems"
	if !s.Transaction {
		s.Operation = w.Writes[0].Op.APIName()
	}
	inputType := func(n string) (cty.Type, bool) {
		if in := w.Input(n); in != nil {
			return in.Type, true
		}
		return cty.NilType, false
	}
	for _, wr := range w.Writes {
		is, err := writeItem(wr, inputType)
		if err != nil {
			return nil, fmt.Errorf("write pattern %q: %s of %s: %w", w.Name, wr.Op, entityName(wr.Entity), err)
		}
		// A shared name that stands for a labelled write's input
		// (input.Quantity for input.order_item.Quantity) is that input.
		for v := range is.Variants {
			for j, ph := range is.Variants[v].Values {
				is.Variants[v].Values[j].Source = resolveAlias(w, ph.Source)
			}
		}
		s.Items = append(s.Items, is)
	}
	return s, nil
}

// resolveAlias names a SourceInput that the shared-name form wrote by the
// labelled write's input it stands for.
func resolveAlias(w *hclschema.WritePattern, src Source) Source {
	if src.Kind != SourceInput || src.Label != "" {
		return src
	}
	if r, ok := w.Alias(src.Input); ok {
		src.Label, src.Input = r.Label, r.Attr
		if in := w.Input(r.Label); in != nil && in.Type.IsObjectType() && in.Type.HasAttribute(r.Attr) {
			src.Type = TypeOfCty(in.Type.AttributeType(r.Attr))
		}
	}
	return src
}

func entityName(e *hclschema.Entity) string {
	if e == nil {
		return "(no entity)"
	}
	return e.Name
}

// fragment is one piece of an expression with the placeholders it uses.
type fragment struct {
	text   string
	names  []string
	values []string
}

// piece renders one fragment with x, recording the placeholders it adds or
// uses.
func (x *exprs) piece(render func() (string, error)) (fragment, error) {
	x.track = &fragment{}
	defer func() { x.track = nil }()
	s, err := render()
	if err != nil {
		return fragment{}, err
	}
	f := *x.track
	f.text = s
	return f, nil
}

func writeItem(wr *hclschema.Write, inputType func(string) (cty.Type, bool)) (*ItemShape, error) {
	e := wr.Entity
	if e == nil || e.Table == nil {
		return nil, fmt.Errorf("no entity")
	}
	is := &ItemShape{Write: wr, Op: wr.Op, Entity: e, Guard: wr.Guard, Label: wr.Label}
	if wr.Op != hclschema.WritePut {
		for _, k := range e.Table.Primary.KeyAttrs() {
			src := Source{Role: RoleKey, Attr: k.Name, Type: k.Type}
			if e.Attribute(k.Name) != nil {
				src.Kind, src.Input, src.Label = SourceInput, wr.InputFor(k.Name), wr.Label
			} else {
				src.Kind, src.Entity, src.Index, src.Key = SourceKeyTemplate, e, e.Table.Primary, e.Key.Template(k.Name)
				if src.Key == nil {
					return nil, fmt.Errorf("no template for key attribute %s", k.Name)
				}
			}
			is.Key = append(is.Key, KeyField{Attr: k.Name, Source: src})
		}
	}
	x := newExprs()
	var cond *fragment
	if wr.Condition != nil {
		f, err := x.piece(func() (string, error) { return x.cond(wr.Condition, RoleCondition, inputType) })
		if err != nil {
			return nil, err
		}
		cond = &f
	}
	var sets, adds, removes []fragment
	type rewriteForms struct{ set, remove []fragment }
	var forms []rewriteForms
	if wr.Op == hclschema.WriteUpdate {
		for _, ua := range wr.Set {
			f, err := x.piece(func() (string, error) {
				target := x.path(actionPath(ua))
				v, err := x.updateValue(ua.Expr, RoleSet, hclschema.PathText(actionPath(ua)), inputType)
				if err != nil {
					return "", err
				}
				return target + " = " + v, nil
			})
			if err != nil {
				return nil, err
			}
			sets = append(sets, f)
		}
		for _, ua := range wr.Add {
			f, err := x.piece(func() (string, error) {
				src := operandSource(ua.Value, RoleAdd, ua.Attr, inputType)
				src.Type = TypeN
				return x.path(actionPath(ua)) + " " + x.value(src), nil
			})
			if err != nil {
				return nil, err
			}
			adds = append(adds, f)
		}
		for _, ua := range wr.Remove {
			f, _ := x.piece(func() (string, error) { return x.path(actionPath(ua)), nil })
			removes = append(removes, f)
		}
		is.Rewrites = rewrites(wr)
		twoForms := 0
		for _, rw := range is.Rewrites {
			var rf rewriteForms
			for _, a := range rw.Set {
				f, _ := x.piece(func() (string, error) {
					src := Source{Kind: SourceKeyTemplate, Role: RoleIndexKey, Attr: a, Entity: e, Index: rw.Index}
					if rw.Computed != nil {
						src.Computed, src.Type = rw.Computed, TypeOfCty(rw.Computed.Type)
					} else {
						src.Key = e.KeyTemplateFor(rw.Index, a)
						if k, ok := rw.Index.KeyAttr(a); ok {
							src.Type = k.Type
						}
					}
					return x.name(a) + " = " + x.value(src), nil
				})
				rf.set = append(rf.set, f)
			}
			for _, a := range rw.Remove {
				f, _ := x.piece(func() (string, error) { return x.name(a), nil })
				rf.remove = append(rf.remove, f)
			}
			forms = append(forms, rf)
			if !rw.Fixed {
				twoForms++
			}
		}
		if twoForms > maxRewriteVariants {
			return nil, fmt.Errorf("the update changes the membership of %d sparse indexes; tfdyn renders at most %d", twoForms, maxRewriteVariants)
		}
	}
	// Every combination of the rewrites that have two forms, all in first.
	var free []int
	for i, rw := range is.Rewrites {
		if !rw.Fixed {
			free = append(free, i)
		}
	}
	for mask := 0; mask < 1<<len(free); mask++ {
		in := make([]bool, len(is.Rewrites))
		for i := range in {
			in[i] = true
		}
		for b, i := range free {
			if mask&(1<<b) != 0 {
				in[i] = false
			}
		}
		var used []fragment
		v := Variant{}
		if len(is.Rewrites) > 0 {
			v.In = in
		}
		if cond != nil {
			v.Condition = cond.text
			used = append(used, *cond)
		}
		if wr.Op == hclschema.WriteUpdate {
			set := append([]fragment{}, sets...)
			rem := append([]fragment{}, removes...)
			for i, rf := range forms {
				if in[i] {
					set = append(set, rf.set...)
				} else {
					rem = append(rem, rf.remove...)
				}
			}
			var clauses []string
			for _, c := range []struct {
				kw string
				fs []fragment
			}{{"SET", set}, {"ADD", adds}, {"REMOVE", rem}} {
				if len(c.fs) == 0 {
					continue
				}
				texts := make([]string, len(c.fs))
				for i, f := range c.fs {
					texts[i] = f.text
				}
				clauses = append(clauses, c.kw+" "+strings.Join(texts, ", "))
				used = append(used, c.fs...)
			}
			v.Update = strings.Join(clauses, " ")
		}
		v.Names, v.Values = x.subset(used)
		is.Variants = append(is.Variants, v)
	}
	return is, nil
}

// actionPath is the path an update action changes (its attribute for an
// action built without one).
func actionPath(ua *hclschema.UpdateAction) hclschema.Path {
	if len(ua.Path) > 0 {
		return ua.Path
	}
	return hclschema.AttrPath(ua.Attr)
}

// subset returns the names and values the fragments use, in x's order.
func (x *exprs) subset(fs []fragment) ([]Name, []Placeholder) {
	names, values := map[string]bool{}, map[string]bool{}
	for _, f := range fs {
		for _, n := range f.names {
			names[n] = true
		}
		for _, v := range f.values {
			values[v] = true
		}
	}
	var ns []Name
	for _, n := range x.names {
		if names[n.Placeholder] {
			ns = append(ns, n)
		}
	}
	var vs []Placeholder
	for _, v := range x.values {
		if values[v.Name] {
			vs = append(vs, v)
		}
	}
	return ns, vs
}

// rewrites returns the indexes an update rewrites (ItemShape.Rewrites), in
// the order of the entity's index blocks; a key attribute is written once,
// by the first index that has it, and never when the update's own actions
// name it.
func rewrites(wr *hclschema.Write) []Rewrite {
	e := wr.Entity
	touched := map[string]bool{}
	for _, a := range wr.Touched() {
		touched[a] = true
	}
	claimed := map[string]bool{}
	for a := range touched {
		claimed[a] = true
	}
	var out []Rewrite
	for _, ei := range e.Indexes {
		if ei == nil || ei.Index == nil || len(ei.Templates) == 0 {
			continue
		}
		readsTouched := func(names []string) bool {
			for _, n := range names {
				if touched[n] {
					return true
				}
			}
			return false
		}
		var changed []string
		fixed := ei.When == nil
		for _, t := range ei.Templates {
			if t.Expr == nil {
				continue
			}
			names := t.Expr.Names()
			if readsTouched(names) {
				changed = append(changed, t.Attr)
			}
			for _, n := range names {
				if a := e.Attribute(n); a != nil && a.Optional {
					fixed = false
				}
			}
		}
		whenChanges := ei.When != nil && readsTouched(ei.When.Names())
		if len(changed) == 0 && !whenChanges {
			continue
		}
		rw := Rewrite{Index: ei.Index, Fixed: fixed}
		all := make([]string, 0, len(ei.Templates))
		for _, t := range ei.Templates {
			all = append(all, t.Attr)
		}
		set := all
		if fixed {
			set = changed
		}
		for _, a := range set {
			if !claimed[a] {
				rw.Set = append(rw.Set, a)
			}
		}
		if !fixed {
			for _, a := range all {
				if !claimed[a] {
					rw.Remove = append(rw.Remove, a)
				}
			}
		}
		for _, a := range all {
			claimed[a] = true
		}
		if len(rw.Set) > 0 || len(rw.Remove) > 0 {
			out = append(out, rw)
		}
	}
	// Computed attributes whose templates read a changed attribute: SET
	// from the updated item, or REMOVE when it no longer has one (a
	// template over an optional attribute the update removes).
	for _, c := range e.Computed {
		if c.Expr == nil || claimed[c.Attr] {
			continue
		}
		reads, fixed := false, true
		for _, n := range c.Expr.Names() {
			if touched[n] {
				reads = true
			}
			if a := e.Attribute(n); a != nil && a.Optional {
				fixed = false
			}
		}
		if !reads {
			continue
		}
		rw := Rewrite{Index: e.Table.Primary, Computed: c, Fixed: fixed, Set: []string{c.Attr}}
		if !fixed {
			rw.Remove = []string{c.Attr}
		}
		out = append(out, rw)
	}
	return out
}

// WriteCall is a WriteShape with its values bound for one set of inputs.
type WriteCall struct {
	Shape *WriteShape
	// Items are the writes sent, in order: every item of the shape but a
	// swap's guard writes when the unique value does not change
	// (hclschema's Write.Skipped).
	Items []ItemCall
}

// ItemCall is one bound write.
type ItemCall struct {
	Shape *ItemShape
	// Variant is the index in Shape.Variants of the form sent.
	Variant int
	// Key is an update's or delete's key, Item a put's item.
	Key  map[string]types.AttributeValue
	Item map[string]types.AttributeValue
	// Values are the variant's ExpressionAttributeValues.
	Values map[string]types.AttributeValue
}

// Stored returns the item stored under a write's key, or nil when there is
// none or it is not known.
type Stored func(wr *hclschema.Write, key map[string]types.AttributeValue) *hclschema.Item

// Bind fills the shape's values for inputs (converted to the pattern's
// input types with CheckInputs). An update's rewritten index keys are the
// updated item's (Write.Apply on the item stored returns, nil when not
// known), and so is the variant: verify knows the stored item from its
// data set; a generated writer computes the same values from what the
// update knows.
func (s *WriteShape) Bind(inputs map[string]cty.Value, stored Stored) (*WriteCall, error) {
	w := s.Pattern
	in, err := w.CheckInputs(inputs)
	if err != nil {
		return nil, err
	}
	call := &WriteCall{Shape: s}
	scope := w.Scope(in)
	for _, is := range s.Items {
		if is.Write.Skipped(in) {
			continue // a swap's guard writes when the unique value does not change
		}
		ic, err := is.bind(in, scope, stored)
		if err != nil {
			return nil, fmt.Errorf("write pattern %q: %s of %s: %w", w.Name, is.Op, is.Entity.Name, err)
		}
		call.Items = append(call.Items, ic)
	}
	return call, nil
}

func (is *ItemShape) bind(in, scope map[string]cty.Value, stored Stored) (ItemCall, error) {
	wr := is.Write
	ic := ItemCall{Shape: is}
	var next hclschema.Item
	switch wr.Op {
	case hclschema.WritePut:
		it, _, err := wr.Apply(nil, in)
		if err != nil {
			return ic, err
		}
		if ic.Item, err = ItemAV(it); err != nil {
			return ic, err
		}
	default:
		kv, err := wr.Key(in)
		if err != nil {
			return ic, err
		}
		ic.Key = map[string]types.AttributeValue{}
		for i, k := range is.Key {
			if i >= len(kv) {
				return ic, fmt.Errorf("no value for key attribute %s", k.Attr)
			}
			if ic.Key[k.Attr], err = AV(kv[i]); err != nil {
				return ic, fmt.Errorf("key attribute %s: %w", k.Attr, err)
			}
		}
		if wr.Op == hclschema.WriteUpdate && len(is.Rewrites) > 0 {
			var st *hclschema.Item
			if stored != nil {
				st = stored(wr, ic.Key)
			}
			if next, _, err = wr.Apply(st, in); err != nil {
				return ic, err
			}
			want := make([]bool, len(is.Rewrites))
			for i, rw := range is.Rewrites {
				want[i] = true
				for _, a := range rw.Set {
					if _, ok := next.Attrs[a]; !ok {
						want[i] = false
					}
				}
				if !want[i] && rw.Fixed {
					why := ""
					if st == nil {
						why = " (no item is stored under the key, and UpdateItem would create one without it)"
					}
					return ic, fmt.Errorf("the updated item has no %s for %s%s", strings.Join(rw.Set, ", "), rw.Target(), why)
				}
			}
			ic.Variant = slices.IndexFunc(is.Variants, func(v Variant) bool { return slices.Equal(v.In, want) })
			if ic.Variant < 0 {
				return ic, fmt.Errorf("no variant for the updated item")
			}
		}
	}
	v := is.Variants[ic.Variant]
	vals, err := bindValues(v.Values, func(src Source) (cty.Value, error) {
		if src.Role == RoleIndexKey {
			val, ok := next.Attrs[src.Attr]
			if !ok {
				return cty.NilVal, fmt.Errorf("the updated item has no %s", src.Attr)
			}
			return val, nil
		}
		return operandValue(src, scope)
	})
	if err != nil {
		return ic, err
	}
	ic.Values = vals
	return ic, nil
}

// TransactItem returns the write as a TransactWriteItems element on table
// (its fields are those of the single-item request too).
func (ic ItemCall) TransactItem(table string) types.TransactWriteItem {
	v := ic.Shape.Variants[ic.Variant]
	names := NameMap(v.Names)
	var cond, update *string
	if v.Condition != "" {
		cond = aws.String(v.Condition)
	}
	if v.Update != "" {
		update = aws.String(v.Update)
	}
	var ti types.TransactWriteItem
	switch ic.Shape.Op {
	case hclschema.WritePut:
		ti.Put = &types.Put{TableName: aws.String(table), Item: ic.Item, ConditionExpression: cond,
			ExpressionAttributeNames: names, ExpressionAttributeValues: ic.Values}
	case hclschema.WriteUpdate:
		ti.Update = &types.Update{TableName: aws.String(table), Key: ic.Key, UpdateExpression: update, ConditionExpression: cond,
			ExpressionAttributeNames: names, ExpressionAttributeValues: ic.Values}
	case hclschema.WriteDelete:
		ti.Delete = &types.Delete{TableName: aws.String(table), Key: ic.Key, ConditionExpression: cond,
			ExpressionAttributeNames: names, ExpressionAttributeValues: ic.Values}
	}
	return ti
}

// Writer is the part of the DynamoDB client that writes.
type Writer interface {
	PutItem(context.Context, *dynamodb.PutItemInput, ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	UpdateItem(context.Context, *dynamodb.UpdateItemInput, ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
	DeleteItem(context.Context, *dynamodb.DeleteItemInput, ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error)
	TransactWriteItems(context.Context, *dynamodb.TransactWriteItemsInput, ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error)
}

// WriteOptions change how Send sends a call.
type WriteOptions struct {
	// ConsumedCapacity asks for the write units per index
	// (ReturnConsumedCapacity INDEXES).
	ConsumedCapacity bool
}

// Send sends the call to table: one PutItem, UpdateItem or DeleteItem, or
// a TransactWriteItems. It returns the consumed capacity DynamoDB reported
// (with WriteOptions.ConsumedCapacity, when the write succeeded) and
// DynamoDB's error: a condition that failed is a
// *types.ConditionalCheckFailedException, a cancelled transaction a
// *types.TransactionCanceledException with a reason per write.
func (c *WriteCall) Send(ctx context.Context, client Writer, table string, o WriteOptions) ([]types.ConsumedCapacity, error) {
	var rcc types.ReturnConsumedCapacity
	if o.ConsumedCapacity {
		rcc = types.ReturnConsumedCapacityIndexes
	}
	if c.Shape.Transaction {
		items := make([]types.TransactWriteItem, len(c.Items))
		for i, ic := range c.Items {
			items[i] = ic.TransactItem(table)
		}
		out, err := client.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items, ReturnConsumedCapacity: rcc})
		if err != nil {
			return nil, err
		}
		return out.ConsumedCapacity, nil
	}
	if len(c.Items) != 1 {
		return nil, fmt.Errorf("write pattern %q: %d writes outside a transaction", c.Shape.Pattern.Name, len(c.Items))
	}
	var cc *types.ConsumedCapacity
	switch ti := c.Items[0].TransactItem(table); {
	case ti.Put != nil:
		p := ti.Put
		out, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: p.TableName, Item: p.Item, ReturnConsumedCapacity: rcc,
			ConditionExpression: p.ConditionExpression, ExpressionAttributeNames: p.ExpressionAttributeNames, ExpressionAttributeValues: p.ExpressionAttributeValues})
		if err != nil {
			return nil, err
		}
		cc = out.ConsumedCapacity
	case ti.Update != nil:
		u := ti.Update
		out, err := client.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: u.TableName, Key: u.Key, UpdateExpression: u.UpdateExpression, ReturnConsumedCapacity: rcc,
			ConditionExpression: u.ConditionExpression, ExpressionAttributeNames: u.ExpressionAttributeNames, ExpressionAttributeValues: u.ExpressionAttributeValues})
		if err != nil {
			return nil, err
		}
		cc = out.ConsumedCapacity
	case ti.Delete != nil:
		d := ti.Delete
		out, err := client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: d.TableName, Key: d.Key, ReturnConsumedCapacity: rcc,
			ConditionExpression: d.ConditionExpression, ExpressionAttributeNames: d.ExpressionAttributeNames, ExpressionAttributeValues: d.ExpressionAttributeValues})
		if err != nil {
			return nil, err
		}
		cc = out.ConsumedCapacity
	}
	if cc == nil {
		return nil, nil
	}
	return []types.ConsumedCapacity{*cc}, nil
}

// Outcome names DynamoDB's answer to a write in oracle.WriteResult.String's
// form: "ok", the exception of a failed condition
// ("ConditionalCheckFailedException"), or a cancelled transaction with the
// reason of every write ("TransactionCanceledException [None,
// ConditionalCheckFailed]"). Any other error is returned as it is.
func Outcome(err error) (string, error) {
	var ccf *types.ConditionalCheckFailedException
	var tce *types.TransactionCanceledException
	switch {
	case err == nil:
		return "ok", nil
	case errors.As(err, &ccf):
		return ccf.ErrorCode(), nil
	case errors.As(err, &tce):
		reasons := make([]string, len(tce.CancellationReasons))
		for i, cr := range tce.CancellationReasons {
			reasons[i] = aws.ToString(cr.Code)
		}
		return tce.ErrorCode() + " [" + strings.Join(reasons, ", ") + "]", nil
	}
	// An update DynamoDB refuses for the item it finds (a document path
	// the item lacks): the oracle names it as DynamoDB does.
	var api smithy.APIError
	if errors.As(err, &api) && api.ErrorCode() == "ValidationException" && invalidForItem(api.ErrorMessage()) {
		return api.ErrorCode(), nil
	}
	return "", err
}

// invalidForItem reports whether a ValidationException's message is
// DynamoDB's refusal of an update for the item it finds, not of the
// request itself.
func invalidForItem(msg string) bool {
	for _, m := range []string{"document path provided in the update expression is invalid", "refers to an attribute that does not exist in the item",
		"An operand in the update expression has an incorrect data type"} {
		if strings.Contains(msg, m) {
			return true
		}
	}
	return false
}

package hclschema

import (
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/internal/diag"
)

var writePatternSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "description"},
		{Name: "inputs"},
		{Name: "repeat"},
	},
	Blocks: []hcl.BlockHeaderSchema{
		{Type: "put"},
		{Type: "update"},
		{Type: "delete"},
		{Type: "transaction"},
		{Type: "workload"},
	},
}

var transactionSchema = &hcl.BodySchema{
	Blocks: []hcl.BlockHeaderSchema{
		{Type: "put"},
		{Type: "update"},
		{Type: "delete"},
	},
}

var writeSchemas = map[WriteOp]*hcl.BodySchema{
	WritePut: {Attributes: []hcl.AttributeSchema{
		{Name: "entity", Required: true}, {Name: "condition"},
	}},
	WriteUpdate: {Attributes: []hcl.AttributeSchema{
		{Name: "entity", Required: true}, {Name: "condition"},
		{Name: "set"}, {Name: "add"}, {Name: "remove"},
	}},
	WriteDelete: {Attributes: []hcl.AttributeSchema{
		{Name: "entity", Required: true}, {Name: "condition"},
	}},
}

// conditionGrammar says what a write condition may hold.
const conditionGrammar = "A write condition runs in DynamoDB as a ConditionExpression on the stored item: it can compare an attribute with a value (a literal, input.NAME, or a function of those) or with another attribute (==, !=, <, <=, >, >=), test a bool attribute, test that an attribute is absent or present (attribute_not_exists(PK), attribute_exists(PK), attr == null, attr != null), and combine those with &&, || and parentheses."

// WriteTransactionLimit is the most items one TransactWriteItems call may
// write.
const WriteTransactionLimit = 100

func (d *decoder) writePattern(b *hcl.Block) {
	if !d.checkLabel(b, "write pattern") {
		return
	}
	name := b.Labels[0]
	if prev := d.schema.WritePattern(name); prev != nil {
		d.errorf(CodeDuplicate, b.LabelRanges[0], "Duplicate write pattern", "A write pattern named %q is already declared at %s.", name, prev.DeclRange)
		return
	}
	errs := d.errorCount()
	content, ds := b.Body.Content(writePatternSchema)
	d.add(ds, CodeSyntax)
	w := &WritePattern{Name: name, DeclRange: b.DefRange}
	defer func() {
		if d.errorCount() > errs || bodyHasBrokenRef(b.Body) {
			w.Incomplete = true
		}
		d.schema.WritePatterns = append(d.schema.WritePatterns, w)
	}()
	if at := content.Attributes["description"]; at != nil {
		w.Description, _ = d.stringValue(at)
	}
	if at := content.Attributes["repeat"]; at != nil {
		if v, ok := d.stringValue(at, RepeatFails, RepeatSucceeds); ok {
			w.Repeat, w.RepeatRange = v, at.Expr.Range()
		}
	}
	declared := d.declaredInputs(content.Attributes["inputs"], true)
	d.writeWorkload(w, content.Blocks)
	var blocks, writes []*hcl.Block
	for _, blk := range content.Blocks {
		if blk.Type == "workload" {
			continue
		}
		writes = append(writes, blk)
		if blk.Type == "transaction" {
			w.Transaction = true
			w.TransactionRange = blk.DefRange
			tblocks := d.transactionBlocks(blk.Body)
			if len(tblocks) == 0 {
				d.errorf(CodeMissingKey, blk.DefRange, "Empty transaction",
					"The transaction of write pattern %q holds no write; add put, update or delete blocks.", name)
			}
			blocks = append(blocks, tblocks...)
			continue
		}
		blocks = append(blocks, blk)
	}
	switch {
	case len(writes) == 0:
		d.errorf(CodeMissingKey, b.DefRange, "Missing write",
			"Write pattern %q must hold one put, update or delete block, or a transaction block grouping several.", name)
		return
	case len(writes) > 1:
		d.errorf(CodeDuplicate, writes[1].DefRange, "More than one write",
			"Write pattern %q holds several writes; group writes that must succeed together in one transaction block.", name)
		return
	}
	labels := map[string]hcl.Range{}
	for _, blk := range blocks {
		label, labelRange := "", hcl.Range{}
		if len(blk.Labels) == 1 {
			label, labelRange = blk.Labels[0], blk.LabelRanges[0]
			if !validName(label) || label == "input" {
				d.errorf(CodeInvalidValue, labelRange, "Invalid write label",
					"The label %q of a write names its inputs (input.%s.NAME): it starts with a letter and holds letters, digits, \"_\" and \"-\" (and is not \"input\").", label, label)
				continue
			}
			if prev, dup := labels[label]; dup {
				d.errorf(CodeDuplicate, labelRange, "Duplicate write label", "A write of this transaction is already labelled %q at %s.", label, prev)
				continue
			}
			if _, clash := declared[label]; clash {
				d.errorf(CodeDuplicate, labelRange, "Write label is a declared input",
					"%q is declared in inputs too; the label names the write's own inputs (input.%s.NAME): rename one of them.", label, label)
				continue
			}
			labels[label] = labelRange
		}
		if wr := d.write(w, WriteOp(blk.Type), blk); wr != nil {
			wr.Label, wr.LabelRange, wr.Pattern = label, labelRange, w
			w.Writes = append(w.Writes, wr)
		}
	}
	d.expandUnique(w)
	d.writeInputs(w, declared)
	if d.errorCount() == errs {
		d.checkUpdateTypes(w) // with every input typed
	}
	if w.Transaction && len(w.Writes) > WriteTransactionLimit {
		d.errorf(CodeInvalidValue, w.TransactionRange, "Transaction too large",
			"The transaction of write pattern %q writes %d items; DynamoDB takes at most %d in one TransactWriteItems call.", name, len(w.Writes), WriteTransactionLimit)
	}
}

// transactionBlocks returns the writes of a transaction block: put,
// update and delete blocks with an optional label (put "order_item" {}),
// which names the write's own inputs. Anything else is TD001.
func (d *decoder) transactionBlocks(body hcl.Body) []*hcl.Block {
	sb, ok := body.(*hclsyntax.Body)
	if !ok {
		tc, ds := body.Content(transactionSchema)
		d.add(ds, CodeSyntax)
		return tc.Blocks
	}
	for _, at := range sb.Attributes {
		d.errorf(CodeSyntax, at.NameRange, "Unsupported argument",
			"A transaction block holds put, update and delete blocks only; %q belongs in the write pattern or in one of its writes.", at.Name)
	}
	var out []*hcl.Block
	for _, blk := range sb.Blocks {
		switch blk.Type {
		case string(WritePut), string(WriteUpdate), string(WriteDelete):
		default:
			d.errorf(CodeSyntax, blk.TypeRange, "Unsupported block type",
				"A transaction holds put, update and delete blocks, not %q.%s", blk.Type, diag.DidYouMean(blk.Type, []string{"put", "update", "delete"}))
			continue
		}
		if len(blk.Labels) > 1 {
			d.errorf(CodeSyntax, blk.LabelRanges[1], "Extraneous label",
				"A write takes at most one label, the name of its own inputs (%s \"order_item\" { ... }).", blk.Type)
			continue
		}
		out = append(out, blk.AsHCLBlock())
	}
	return out
}

// WritePattern returns the write pattern with the given name, or nil.
func (s *Schema) WritePattern(name string) *WritePattern {
	for _, w := range s.WritePatterns {
		if w.Name == name {
			return w
		}
	}
	return nil
}

func (d *decoder) write(w *WritePattern, op WriteOp, blk *hcl.Block) *Write {
	content, ds := blk.Body.Content(writeSchemas[op])
	d.add(ds, CodeSyntax)
	at := content.Attributes["entity"]
	if at == nil {
		return nil
	}
	ents, ranges := d.entityRefs(at, nil, blk.DefRange, w.Name)
	if len(ents) != 1 {
		return nil
	}
	e := ents[0]
	if e.Incomplete {
		w.Incomplete = true
	}
	if w.Table == nil {
		w.Table = e.Table
	} else if e.Table != w.Table {
		d.errorf(CodeInvalidValue, ranges[0], "Entities in different tables",
			"Write pattern %q writes table %q and %q (table %q); one write pattern writes one table.", w.Name, w.Table.Label, e.Name, e.Table.Label)
		return nil
	}
	wr := &Write{Op: op, Entity: e, DeclRange: blk.DefRange, EntityRange: ranges[0]}
	if at := content.Attributes["condition"]; at != nil {
		wr.Condition = d.newCond(at.Expr)
		errs := d.errorCount()
		d.checkConditionNames(e, at.Expr)
		if d.errorCount() == errs {
			d.checkWriteCondition(wr.Condition)
		}
	}
	wr.Set = d.updateValues(wr, content.Attributes["set"])
	wr.Add = d.updateValues(wr, content.Attributes["add"])
	if at := content.Attributes["remove"]; at != nil && op == WriteUpdate {
		paths, ranges, _ := d.pathList(at, func(n string) bool { return e.StoredType(n) != cty.NilType })
		for i, p := range paths {
			ua := &UpdateAction{Attr: p.Attr(), Path: p, Range: ranges[i]}
			if !d.checkUpdateAttr(wr, ua, "remove") || !d.checkActionPath(wr, ua, "remove") {
				continue
			}
			if !p.Nested() {
				if a := e.Attribute(p.Attr()); a != nil && !a.Optional {
					d.errorf(CodeInvalidValue, ua.Range, "Removing a required attribute",
						"The update removes %q, which entity %q declares as required; declare it optional(...) or set it instead.", p.Attr(), e.Name)
					continue
				}
			} else if parent, err := TypeAt(e.StoredType(p.Attr()), p[:len(p)-1]); err == nil && parent.IsObjectType() {
				if last := p[len(p)-1]; !last.IsIndex && !parent.AttributeOptional(last.Name) {
					d.errorf(CodeInvalidValue, ua.Range, "Removing a required attribute",
						"The update removes %s, which the type of %q declares as required (%s); declare it optional(...) in the object type, or set it instead.", p, p.Attr(), friendly(parent))
					continue
				}
			}
			wr.Remove = append(wr.Remove, ua)
		}
	}
	written := content.Attributes["set"] != nil || content.Attributes["add"] != nil || content.Attributes["remove"] != nil
	if op == WriteUpdate && !written && !e.Incomplete {
		d.errorf(CodeMissingKey, blk.DefRange, "Update without actions",
			"The update of %q sets, adds and removes nothing; give it set = {...}, add = {...} or remove = [...].", e.Name)
	}
	for _, x := range wr.Add {
		if x.Path.Nested() {
			d.errorf(CodeInvalidValue, x.Range, "Add to a part of an attribute",
				"DynamoDB's ADD works on top-level attributes only; to count up %s write set = { %s = %s + value }.", x.Path, x.Path, x.Path)
			continue
		}
		if a := e.Attribute(x.Attr); a != nil && a.Type != cty.Number {
			d.errorf(CodeInvalidType, x.Range, "Add to a non-number",
				"The update adds to %q, a %s attribute; add counts only numbers (use set for other types).", x.Attr, a.Type.FriendlyName())
		}
	}
	d.checkOverlaps(wr)
	return wr
}

// updateValues decodes set = {...} or add = {...}: each name is an
// attribute (an identifier, or a quoted string naming a declared attribute)
// or a document path (Detail.Payments, or "Detail.Payments" when no
// attribute has that name).
func (d *decoder) updateValues(wr *Write, at *hcl.Attribute) []*UpdateAction {
	if at == nil {
		return nil
	}
	what := at.Name
	if wr.Op != WriteUpdate {
		return nil
	}
	pairs, ds := hcl.ExprMap(at.Expr)
	if ds.HasErrors() {
		d.errorf(CodeInvalidValue, at.Expr.Range(), "Invalid "+what,
			"%s must be an object of attribute names and values, like { status = input.status }.", what)
		return nil
	}
	e := wr.Entity
	var out []*UpdateAction
	for _, kv := range pairs {
		p, ok := d.keyPath(kv.Key, func(n string) bool { return e.StoredType(n) != cty.NilType })
		if !ok {
			continue
		}
		name := p.Attr()
		ua := &UpdateAction{Attr: name, Path: p, Range: kv.Key.Range(), Value: d.newTemplate(kv.Value)}
		if !d.checkUpdateAttr(wr, ua, what) || !d.checkActionPath(wr, ua, what) {
			continue
		}
		if hasBrokenRef(kv.Value) {
			continue // a malformed attr(...), already reported
		}
		if what == "set" {
			ua.Expr = d.updateValue(kv.Value, true)
			if ua.Expr == nil {
				continue
			}
		} else {
			if ua.Value.UsesAttrs() {
				d.errorf(CodeInvalidCondition, kv.Value.Range(), "Value computed from an attribute",
					"The value of %s in %s uses an item attribute; add counts up by a literal or input.NAME (set = { n = n + value } reads the item).", p, what)
				continue
			}
			ua.Expr = &UpdateValue{Kind: ValueOperand, Operand: ua.Value, Text: ua.Value.Text, rng: ua.Value.Range()}
		}
		if a := e.Attribute(name); a != nil && a.Enum != nil && !p.Nested() {
			if v, ok := ua.Value.Literal(); ok && v.Type() == cty.String && !a.InEnum(v) {
				d.errorf(CodeInvalidValue, kv.Value.Range(), "Value not in enum",
					"The update's %s gives %q the value %q, which is not one of its values %s.%s", what, name, v.AsString(), a.TypeString(), diag.DidYouMean(v.AsString(), a.Enum))
				continue
			}
		}
		for _, tr := range kv.Value.Variables() {
			if tr.RootName() == "input" && len(tr) < 2 {
				d.errorf(CodeUnknownVariable, tr.SourceRange(), "Invalid input reference", "Refer to an input as input.NAME.")
			}
		}
		out = append(out, ua)
	}
	return out
}

// keyPath reads the name of a set or add item: an identifier, a quoted
// string (the attribute of that name when known says there is one, else
// a path in its string form), or a traversal (Detail.Payments).
func (d *decoder) keyPath(key hcl.Expression, known func(string) bool) (Path, bool) {
	if n, ok := objectKeyName(key); ok {
		if known(n) || IsIdentifier(n) {
			return AttrPath(n), true
		}
		p, err := ParsePath(n)
		if err != nil {
			d.errorf(CodeInvalidValue, key.Range(), "Invalid document path", "%s; quote the name of a declared attribute, or write a path like Detail.Payments.", err)
			return nil, false
		}
		return p, true
	}
	if p, ok := exprPath(key); ok {
		return p, true
	}
	d.errorf(CodeInvalidValue, key.Range(), "Invalid attribute name",
		"Name an attribute (an identifier, or a quoted string such as \"State#Date\") or a part of one (Detail.Payments, Items[0].Sku).")
	return nil, false
}

// pathList reads a list of attributes or paths (attributes, remove): each
// element a string (the attribute of that name when known says there is
// one, else a path in its string form) or a reference (Detail.Payments).
// It returns the paths, their ranges, and whether every element read.
func (d *decoder) pathList(at *hcl.Attribute, known func(string) bool) ([]Path, []hcl.Range, bool) {
	exprs, ds := hcl.ExprList(at.Expr)
	if ds.HasErrors() {
		exprs = []hcl.Expression{at.Expr}
	}
	var paths []Path
	var ranges []hcl.Range
	ok := true
	for _, x := range exprs {
		if p, isPath := exprPath(x); isPath {
			paths, ranges = append(paths, p), append(ranges, x.Range())
			continue
		}
		v, ds := Eval(x, nil, CodeInvalidValue)
		if ds.HasErrors() || v.IsNull() || !v.IsWhollyKnown() || v.Type() != cty.String || v.AsString() == "" {
			d.errorf(CodeInvalidValue, x.Range(), "Invalid value for "+at.Name,
				"The argument %q lists attributes: names as strings (\"total\", \"State#Date\") or paths (\"Detail.Payments\", Detail.Payments).", at.Name)
			ok = false
			continue
		}
		s := v.AsString()
		if known(s) {
			paths, ranges = append(paths, AttrPath(s)), append(ranges, x.Range())
			continue
		}
		p, err := ParsePath(s)
		if err != nil {
			d.errorf(CodeInvalidValue, x.Range(), "Invalid document path", "%s.", err)
			ok = false
			continue
		}
		paths, ranges = append(paths, p), append(ranges, x.Range())
	}
	return paths, ranges, ok
}

// checkActionPath checks that a nested path of an update action exists in
// the type of its attribute.
func (d *decoder) checkActionPath(wr *Write, ua *UpdateAction, what string) bool {
	if !ua.Path.Nested() {
		return true
	}
	t := wr.Entity.StoredType(ua.Attr)
	if t == cty.NilType {
		return false // reported by checkUpdateAttr
	}
	if _, err := TypeAt(t, ua.Path); err != nil {
		d.errorf(CodeUnknownVariable, ua.Range, "Invalid document path", "The update's %s names %s: %s.", what, ua.Path, err)
		return false
	}
	return true
}

// checkOverlaps reports two actions of one update on overlapping paths
// (Detail and Detail.Payments, or one path twice): DynamoDB rejects the
// update ("Two document paths overlap with each other").
func (d *decoder) checkOverlaps(wr *Write) {
	var all []*UpdateAction
	for _, list := range [][]*UpdateAction{wr.Set, wr.Add, wr.Remove} {
		all = append(all, list...)
	}
	for i, a := range all {
		for _, b := range all[:i] {
			if a.Path.HasPrefix(b.Path) || b.Path.HasPrefix(a.Path) {
				d.errorf(CodeInvalidValue, a.Range, "Overlapping update paths",
					"The update changes %s and %s (at %s); DynamoDB rejects an update whose paths overlap (\"Two document paths overlap with each other\"). Change one of them, or the whole attribute.", a.Path, b.Path, b.Range)
				break
			}
		}
	}
}

// checkUpdateTypes checks that every set value can be stored at its path,
// once the pattern's input types are known.
func (d *decoder) checkUpdateTypes(w *WritePattern) {
	ins := map[string]cty.Value{}
	for _, in := range w.Inputs {
		ins[in.Name] = cty.UnknownVal(in.Type)
	}
	// A shared name that stands for a labelled write's input (input.qty
	// for input.line.qty) has that input's type.
	for n, r := range w.aliases {
		if in := w.Input(r.Label); in != nil && in.Type.IsObjectType() && in.Type.HasAttribute(r.Attr) {
			if _, own := ins[n]; !own {
				ins[n] = cty.UnknownVal(in.Type.AttributeType(r.Attr))
			}
		}
	}
	inputs := cty.ObjectVal(ins)
	for _, wr := range w.Writes {
		pathType := d.pathTypeIn(wr.Entity)
		for _, ua := range wr.Set {
			if ua.Expr == nil {
				continue
			}
			target, ok := pathType(ua.Path, ua.Range)
			if !ok {
				continue
			}
			vt, ok := d.updateType(ua.Expr, pathType, inputs)
			if !ok {
				continue
			}
			if !convertible(vt, target) {
				d.errorf(CodeInvalidType, ua.Expr.rng, "Value of another type",
					"The update sets %s to %s, which is %s; %s is %s.", ua.Path, ua.Expr.Text, friendly(vt), ua.Path, friendly(target))
			}
		}
	}
}

// checkUpdateAttr checks that an update action names an attribute of the
// entity that is not a key attribute of the table.
func (d *decoder) checkUpdateAttr(wr *Write, ua *UpdateAction, what string) bool {
	e := wr.Entity
	if _, key := e.Table.Primary.KeyAttr(ua.Attr); key {
		d.errorf(CodeInvalidKeyAssignment, ua.Range, "Update of a primary key attribute",
			"The update's %s changes %q, a primary key attribute of table %q; DynamoDB cannot update a key attribute. Delete the item and put a new one in a transaction.", what, ua.Attr, e.Table.Label)
		return false
	}
	if c := e.ComputedAttr(ua.Attr); c != nil {
		d.errorf(CodeInvalidKeyAssignment, ua.Range, "Update of a computed attribute",
			"The update's %s changes %q, which entity %q computes (%s) on every write; change the attributes it reads instead, and the update rewrites it.", what, ua.Attr, e.Name, c.Expr.Text)
		return false
	}
	if e.Attribute(ua.Attr) == nil {
		if !d.isBroken(e, ua.Attr) {
			d.errorf(CodeUnknownVariable, ua.Range, "Unknown attribute",
				"The update's %s names %q, which is not an attribute of %q.%s", what, ua.Attr, e.Name, diag.DidYouMean(ua.Attr, e.AttributeNames()))
		}
		return false
	}
	return true
}

// checkConditionNames checks that every bare name of a write condition is
// an attribute of the entity or a key attribute of its table.
func (d *decoder) checkConditionNames(e *Entity, expr hcl.Expression) {
	cands := e.StoredNames()
	keys := map[string]bool{}
	for _, ix := range e.Table.Indexes() {
		for _, k := range ix.KeyAttrs() {
			keys[k.Name] = true
		}
	}
	for k := range keys {
		cands = append(cands, k)
	}
	sort.Strings(cands)
	for _, tr := range expr.Variables() {
		root := tr.RootName()
		if root == brokenRef {
			continue // a malformed attr(...), already reported
		}
		if root == "input" {
			if len(tr) < 2 {
				d.errorf(CodeUnknownVariable, tr.SourceRange(), "Invalid input reference", "Refer to an input as input.NAME.")
			}
			continue
		}
		if e.StoredType(root) != cty.NilType || keys[root] || d.isBroken(e, root) {
			continue
		}
		d.errorf(CodeUnknownVariable, tr.SourceRange(), "Unknown attribute",
			"The condition uses %q, which is neither an attribute of %q nor a key attribute of table %q.%s", root, e.Name, e.Table.Label, diag.DidYouMean(root, cands))
	}
}

// checkWriteCondition reports every part of a write condition DynamoDB
// cannot run as a ConditionExpression (what verify sends).
func (d *decoder) checkWriteCondition(c *Cond) {
	switch c.Kind {
	case CondAnd, CondOr, CondNot:
		for _, s := range c.Sub {
			d.checkWriteCondition(s)
		}
	case CondAttr, CondExists, CondNotExists:
	case CondCompare:
		_, lp := c.Left.DocPath()
		_, rp := c.Right.DocPath()
		computed := false
		for _, t := range []*Template{c.Left, c.Right} {
			if _, path := t.DocPath(); !path && t.UsesAttrs() {
				computed = true
				d.errorf(CodeInvalidCondition, t.Range(), "Condition computes from an attribute",
					"DynamoDB evaluates the condition on the stored item and cannot compute %s. %s", t.Text, conditionGrammar)
			}
		}
		switch {
		case computed:
		case !lp && !rp:
			d.errorf(CodeInvalidCondition, c.Range(), "Condition compares no attribute",
				"%s compares no item attribute, so it is the same for every item. %s", c.Text, conditionGrammar)
		case c.Left.isNull() || c.Right.isNull():
			d.errorf(CodeInvalidCondition, c.Range(), "Null in an ordering comparison",
				"%s orders an attribute against null. Only == null and != null test an attribute (absent or present).", c.Text)
		}
	default:
		d.errorf(CodeInvalidCondition, c.Range(), "Condition DynamoDB cannot run",
			"%s is not a condition DynamoDB can run. %s", c.Text, conditionGrammar)
	}
}

// writeInputs collects the write pattern's inputs: the attributes each
// unlabelled write needs and every input.NAME, typed from the entity
// attribute of the same name or the declaration (one namespace shared by
// the writes), and per labelled write an object input of the attributes it
// needs (input.order_item.Quantity). A shared name that only one labelled
// write needs stands for that write's input (the shared-name form); one
// that several need is ambiguous (TD006).
func (d *decoder) writeInputs(w *WritePattern, declared map[string]cty.Type) {
	types := map[string]cty.Type{}
	ranges := map[string]hcl.Range{}
	labelAttrs := map[string]map[string]cty.Type{}
	labelOptional := map[string][]string{}
	needBy := map[string][]string{} // name -> labels whose writes need it
	for _, wr := range w.Writes {
		if wr.Label == "" {
			attrs := wr.Entity.KeyNames()
			if wr.Op == WritePut {
				attrs = wr.Entity.AttributeNames()
			}
			for _, a := range attrs {
				if n := wr.InputFor(a); types[n] == cty.NilType {
					types[n], ranges[n] = wr.Entity.typeOf(a), wr.EntityRange
				}
			}
			continue
		}
		m := labelAttrs[wr.Label]
		if m == nil {
			m = map[string]cty.Type{}
			labelAttrs[wr.Label] = m
			ranges[wr.Label] = wr.LabelRange
		}
		for _, n := range wr.Names() {
			if _, ok := m[n]; ok {
				continue
			}
			m[n] = wr.Entity.typeOf(n)
			if a := wr.Entity.Attribute(n); a != nil && a.Optional && wr.Op == WritePut {
				labelOptional[wr.Label] = append(labelOptional[wr.Label], n)
			}
			needBy[n] = append(needBy[n], wr.Label)
		}
	}
	for label, m := range labelAttrs {
		types[label] = cty.ObjectWithOptionalAttrs(m, labelOptional[label])
	}
	var exprs []hcl.Expression
	for _, wr := range w.Writes {
		if wr.Condition != nil {
			exprs = append(exprs, wr.Condition.expr)
		}
		for _, ua := range append(append([]*UpdateAction{}, wr.Set...), wr.Add...) {
			exprs = append(exprs, ua.Value.expr)
		}
	}
	for n, ty := range declared {
		if ty != cty.NilType {
			types[n] = ty
		}
	}
	for _, x := range exprs {
		for _, tr := range x.Variables() {
			if tr.RootName() != "input" || len(tr) < 2 {
				continue
			}
			n := traversalAttr(tr)
			if n == "" {
				continue
			}
			if m, isLabel := labelAttrs[n]; isLabel {
				// input.order_item.Quantity: an attribute the write needs.
				if len(tr) > 2 {
					if ta, ok := tr[2].(hcl.TraverseAttr); ok {
						if _, has := m[ta.Name]; !has {
							d.errorf(CodeUnknownVariable, tr.SourceRange(), "Unknown input",
								"input.%s holds the attributes the write labelled %q needs (%s); it has no %q.%s", n, n, quoteList(sortedKeysOf(m)), ta.Name, diag.DidYouMean(ta.Name, sortedKeysOf(m)))
						}
					}
				}
				continue
			}
			if _, ok := types[n]; ok {
				if _, seen := ranges[n]; !seen {
					ranges[n] = tr.SourceRange()
				}
				continue
			}
			if _, failed := declared[n]; failed {
				continue
			}
			switch labels := needBy[n]; {
			case len(labels) == 1:
				if w.aliases == nil {
					w.aliases = map[string]InputRef{}
				}
				w.aliases[n] = InputRef{Label: labels[0], Attr: n}
				continue
			case len(labels) > 1:
				var forms []string
				for _, l := range labels {
					forms = append(forms, "input."+l+"."+n)
				}
				d.errorf(CodeUnknownVariable, tr.SourceRange(), "Ambiguous input",
					"input.%s could be %s: the writes labelled %s each need a %q of their own. Write one of them.", n, strings.Join(forms, " or "), quoteList(labels), n)
				types[n] = cty.NilType
				continue
			}
			found := false
			for _, wr := range w.Writes {
				if ty := wr.Entity.typeOf(n); ty != cty.NilType {
					types[n], ranges[n], found = ty, tr.SourceRange(), true
					break
				}
			}
			if !found {
				var names []string
				for k := range types {
					names = append(names, k)
				}
				for _, wr := range w.Writes {
					names = append(names, wr.Entity.AttributeNames()...)
				}
				sort.Strings(names)
				d.errorf(CodeUnknownVariable, tr.SourceRange(), "Unknown input",
					"input.%s is neither an attribute of a written entity nor declared; declare it with inputs = { %s = string } (or number).%s", n, n, diag.DidYouMean(n, names))
				types[n] = cty.NilType
			}
		}
	}
	for n, ty := range types {
		if ty == cty.NilType {
			continue
		}
		rng, ok := ranges[n]
		if !ok {
			rng = w.DeclRange
		}
		w.Inputs = append(w.Inputs, &Input{Name: n, Type: ty, Range: rng})
	}
	sort.Slice(w.Inputs, func(i, j int) bool { return w.Inputs[i].Name < w.Inputs[j].Name })
}

func sortedKeysOf(m map[string]cty.Type) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// uniqueAttr decodes an entity's `unique = [...]` and builds the guard
// entities. It runs once the entity's attributes and table are known.
func (d *decoder) uniqueAttr(e *Entity, at *hcl.Attribute) {
	if at == nil || e.Table == nil {
		return
	}
	exprs, ds := hcl.ExprList(at.Expr)
	if ds.HasErrors() {
		exprs = []hcl.Expression{at.Expr}
	}
	seen := map[string]hcl.Range{}
	for _, x := range exprs {
		rng := x.Range()
		u := &Unique{Entity: e, Range: rng}
		switch name, isName := uniqueName(x); {
		case isName:
			u.Attr = name
		default:
			if !d.uniqueExpr(e, u, x) {
				continue
			}
		}
		// One guard per attribute: a unique expression of an attribute
		// already makes the attribute unique, and two normalisations of
		// one attribute would key two guards on one value.
		if prev, dup := seen[u.Attr]; dup {
			d.errorf(CodeDuplicate, rng, "Duplicate unique attribute",
				"unique lists %q twice (first at %s); list each attribute once, as it is (\"%s\") or normalised (lower(%s)): a unique normalised value already makes the value unique.", u.Attr, prev, u.Attr, u.Attr)
			continue
		}
		seen[u.Attr] = rng
		a := e.Attribute(u.Attr)
		if a == nil {
			if !d.isBroken(e, u.Attr) {
				d.errorf(CodeUnknownVariable, rng, "Unknown attribute",
					"unique names %q, which is not an attribute of %q.%s", u.Attr, e.Name, diag.DidYouMean(u.Attr, e.AttributeNames()))
			}
			continue
		}
		if a.DynamoType() == "" {
			d.errorf(CodeInvalidType, rng, "Unique attribute not a string or number",
				"unique names %q, a %s attribute; a unique value is stored in a guard item's key, so it must be a string or a number.", u.Attr, a.Type.FriendlyName())
			continue
		}
		u.Guard = d.guardEntity(e, a, u, rng)
		if u.Guard == nil {
			continue
		}
		e.Unique = append(e.Unique, u)
	}
}

// uniqueName returns the attribute an element of unique names: a quoted
// string ("email") or a bare name (email); false for an expression.
func uniqueName(x hcl.Expression) (string, bool) {
	if sx, ok := x.(hclsyntax.Expression); ok {
		if s, ok := literalString(sx); ok {
			return s, true
		}
	}
	if tr, ds := hcl.AbsTraversalForExpr(x); !ds.HasErrors() && len(tr) == 1 {
		return tr.RootName(), true
	}
	return "", false
}

// uniqueExpr decodes an element of unique that is an expression of one
// attribute (lower(email), trimspace(lower(email))): the value the guard
// item is keyed on, so that two values that normalise alike share a guard.
func (d *decoder) uniqueExpr(e *Entity, u *Unique, x hcl.Expression) bool {
	var names []string
	for _, tr := range x.Variables() {
		n := tr.RootName()
		if n == brokenRef {
			return false // a malformed attr(...), already reported
		}
		if len(tr) > 1 {
			d.errorf(CodeInvalidType, tr.SourceRange(), "Unique expression reads a part of an attribute",
				"A unique expression reads one string or number attribute, like lower(email); %s reads a part of %q.", d.source(x.Range()), n)
			return false
		}
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	switch {
	case len(names) == 0:
		d.errorf(CodeInvalidType, x.Range(), "Unique expression reads no attribute",
			"%s is the same for every item; a unique expression normalises one attribute, like lower(email).", d.source(x.Range()))
		return false
	case len(names) > 1:
		d.errorf(CodeInvalidType, x.Range(), "Unique expression reads several attributes",
			"%s reads %s; a unique expression normalises one attribute, like lower(email). For a combination, declare a computed attribute and a lookup keyed on it.", d.source(x.Range()), quoteList(names))
		return false
	}
	u.Attr = names[0]
	if e.Attribute(u.Attr) == nil {
		return true // reported as unknown by the caller
	}
	v, ds := Eval(x, unknownContext(e), CodeInvalidTemplate)
	if ds.HasErrors() {
		d.add(ds, CodeInvalidTemplate)
		return false
	}
	if v.Type() != cty.String && v.Type() != cty.Number {
		d.errorf(CodeInvalidType, x.Range(), "Unique expression not a string or number",
			"%s is %s; a unique value is stored in a guard item's key, so it must be a string or a number.", d.source(x.Range()), friendly(v.Type()))
		return false
	}
	u.Expr = d.newTemplate(x)
	return true
}

// guardEntity builds the guard item entity of a unique attribute (or of
// an expression of one): the attribute, keyed on its value (or the
// expression's).
func (d *decoder) guardEntity(e *Entity, a *Attribute, u *Unique, rng hcl.Range) *Entity {
	t := e.Table
	g := &Entity{
		Name:       e.Name + "Unique" + strings.ToUpper(a.Name[:1]) + a.Name[1:],
		Table:      t,
		Attributes: []*Attribute{{Name: a.Name, Type: a.Type, Range: rng, TypeRange: a.TypeRange}},
		DeclRange:  rng,
		Key:        &KeyBlock{DeclRange: rng},
	}
	for i, k := range t.Primary.KeyAttrs() {
		if k.Name == a.Name && u.Expr == nil {
			continue // stored as is
		}
		src := `"UNIQUE"`
		if i == 0 {
			value := AttrRef(a.Name)
			if u.Expr != nil {
				value = u.Expr.Text
			}
			src = `"UNIQUE#` + e.Name + `#` + escapeTemplate(a.Name) + `#${` + value + `}"`
		}
		if k.Type == TypeN {
			d.errorf(CodeInvalidType, rng, "Unique needs a string key",
				"The guard item of unique %s stores %s in the key attribute %q, which table %q types as a number.", u.Text(), src, k.Name, t.Label)
			return nil
		}
		fn := rng.Filename + "#unique." + e.Name + "." + a.Name + "." + k.Name
		expr, ds := hclsyntax.ParseExpression([]byte(src), fn, hcl.InitialPos)
		if ds.HasErrors() {
			d.add(ds, CodeSyntax)
			return nil
		}
		if d.src[fn] == nil {
			d.src[fn] = []byte(src)
		}
		tpl := d.newTemplate(expr)
		tpl.rng = rng
		g.Key.Templates = append(g.Key.Templates, &KeyTemplate{Attr: k.Name, Expr: tpl, Type: TypeS, Range: rng})
	}
	return g
}

// escapeTemplate escapes the template sequences of literal text.
func escapeTemplate(s string) string {
	s = strings.ReplaceAll(s, "${", "$${")
	s = strings.ReplaceAll(s, "%{", "%%{")
	return strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`)
}

// expandUnique writes the guard items of the entities' unique attributes
// with their owners, and makes the pattern a transaction:
//
//   - a put of the owner puts every guard item, each with
//     attribute_not_exists on the partition key (the owner's put gets the
//     same condition when it has none);
//   - a delete of the owner deletes every guard item: the owner's delete
//     takes the unique values as inputs named like the attributes and
//     requires the stored item to hold them (email == input.email), so
//     that it never deletes another item's guard;
//   - an update that sets a unique attribute from an input (set = { email =
//     input.email }) and whose condition pins its current value to an input
//     (email == input.current_email) swaps the guard: it deletes the
//     current value's guard and puts the new value's (attribute_not_exists),
//     both left out when the two values are equal (Write.Skipped). Any
//     other update of a unique attribute is left as it is (lint TD145, gen
//     GN108).
func (d *decoder) expandUnique(w *WritePattern) {
	var out []*Write
	for _, wr := range w.Writes {
		out = append(out, wr)
		if len(wr.Entity.Unique) == 0 || wr.Entity.Table == nil || len(wr.Entity.Table.Primary.PartitionKey) == 0 {
			continue // no table key (reported): no guard to write
		}
		pk := wr.Entity.Table.Primary.PartitionKey[0].Name
		switch wr.Op {
		case WritePut:
			if wr.Condition == nil {
				wr.Condition = d.notExists(pk, wr.DeclRange)
			}
			for _, u := range wr.Entity.Unique {
				out = append(out, &Write{Op: WritePut, Entity: u.Guard, Guard: u, Label: wr.Label, LabelRange: wr.LabelRange, Pattern: w,
					Condition: d.notExists(pk, u.Range), DeclRange: wr.DeclRange, EntityRange: u.Range})
			}
		case WriteDelete:
			for _, u := range wr.Entity.Unique {
				wr.Condition = d.and(wr.Condition, d.pinInput(u.Attr, u.Attr, wr.DeclRange))
				out = append(out, &Write{Op: WriteDelete, Entity: u.Guard, Guard: u, Label: wr.Label, LabelRange: wr.LabelRange, Pattern: w, DeclRange: wr.DeclRange, EntityRange: u.Range})
			}
		case WriteUpdate:
			swapped := false
			for _, u := range wr.Entity.Unique {
				sw := swapOf(wr, u)
				if sw == nil {
					continue
				}
				swapped = true
				out = append(out,
					&Write{Op: WriteDelete, Entity: u.Guard, Guard: u, Inputs: map[string]string{u.Attr: sw.Current}, Swap: sw, Pattern: w,
						DeclRange: wr.DeclRange, EntityRange: u.Range},
					&Write{Op: WritePut, Entity: u.Guard, Guard: u, Inputs: map[string]string{u.Attr: sw.New}, Swap: sw, Pattern: w,
						Condition: d.notExists(pk, u.Range), DeclRange: wr.DeclRange, EntityRange: u.Range})
			}
			if !swapped {
				continue
			}
		default:
			continue
		}
		w.Transaction = true
		if w.TransactionRange == (hcl.Range{}) {
			w.TransactionRange = wr.DeclRange
		}
	}
	w.Writes = out
}

// swapOf returns the swap of unique attribute u by update wr: set from an
// input, its current value pinned to an input by the condition, neither
// added to nor removed; nil otherwise.
func swapOf(wr *Write, u *Unique) *Swap {
	bare := func(t *Template) string {
		if t != nil && !t.Quoted && len(t.Parts) == 1 && t.Parts[0].Kind == PartInput {
			return t.Parts[0].Name
		}
		return ""
	}
	newInput := ""
	for _, ua := range wr.Set {
		if ua.Attr == u.Attr {
			newInput = bare(ua.Value)
		}
	}
	for _, ua := range append(append([]*UpdateAction{}, wr.Add...), wr.Remove...) {
		if ua.Attr == u.Attr {
			return nil
		}
	}
	if newInput == "" {
		return nil
	}
	for _, pin := range wr.Pinned() {
		if pin.Attr == u.Attr {
			if cur := bare(pin.Value); cur != "" && cur != newInput {
				return &Swap{Unique: u, Current: cur, New: newInput}
			}
		}
	}
	return nil
}

// pinInput builds the condition attr == input.name, placed at rng.
func (d *decoder) pinInput(attr, name string, rng hcl.Range) *Cond {
	src := attr + " == input." + name
	expr, ds := hclsyntax.ParseExpression([]byte(src), rng.Filename+"#generated", hcl.InitialPos)
	if ds.HasErrors() {
		return nil
	}
	c := d.newCond(expr)
	c.rng, c.Text = rng, src
	c.Left.rng, c.Right.rng = rng, rng
	return c
}

// and joins two write conditions with && (either may be nil).
func (d *decoder) and(a, b *Cond) *Cond {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	ax, _ := a.expr.(hclsyntax.Expression)
	bx, _ := b.expr.(hclsyntax.Expression)
	if ax == nil || bx == nil {
		return a
	}
	text := a.Text
	if a.Kind == CondOr {
		text = "(" + text + ")"
	}
	expr := &hclsyntax.BinaryOpExpr{LHS: ax, Op: hclsyntax.OpLogicalAnd, RHS: bx, SrcRange: a.rng}
	return &Cond{Kind: CondAnd, Sub: []*Cond{a, b}, Text: text + " && " + b.Text, rng: a.rng, expr: expr, src: a.src}
}

// notExists builds the condition attribute_not_exists(attr), placed at rng.
func (d *decoder) notExists(attr string, rng hcl.Range) *Cond {
	src := "attribute_not_exists(" + attr + ")"
	expr, ds := hclsyntax.ParseExpression([]byte(src), rng.Filename+"#generated", hcl.InitialPos)
	if ds.HasErrors() {
		return nil
	}
	return &Cond{Kind: CondNotExists, Attr: attr, Path: AttrPath(attr), Text: src, rng: rng, expr: expr}
}

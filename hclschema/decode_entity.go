package hclschema

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfdyn/tfdyn/internal/diag"
)

var entitySchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "table"},
		{Name: "attributes", Required: true},
		{Name: "unique"},
		{Name: "key"},
		{Name: "computed"},
	},
	Blocks: []hcl.BlockHeaderSchema{
		{Type: "key"},
		{Type: "index", LabelNames: []string{"name"}},
		{Type: "workload"},
	},
}

func (d *decoder) entity(b *hcl.Block) {
	if !d.checkLabel(b, "entity") {
		return
	}
	name := b.Labels[0]
	if prev := d.entityNamed(name); prev != nil {
		d.errorf(CodeDuplicate, b.LabelRanges[0], "Duplicate entity", "An entity named %q is already declared at %s. Entity names must be unique.", name, prev.DeclRange)
		return
	}
	errs := d.errorCount()
	body, exampleBlocks := d.splitExamples(b.Body)
	content, ds := body.Content(entitySchema)
	d.add(ds, CodeSyntax)
	e := &Entity{Name: name, DeclRange: b.DefRange}
	defer func() {
		if d.errorCount() > errs || bodyHasBrokenRef(b.Body) {
			e.Incomplete = true
		}
	}()

	e.Table = d.tableRef(content.Attributes["table"], b.DefRange, name)
	d.entityWorkload(e, content.Blocks)
	if at := content.Attributes["attributes"]; at != nil {
		d.attributes(e, at)
	}
	d.computedAttrs(e, content.Attributes["computed"])
	if e.Table == nil {
		d.addEntity(e)
		return
	}
	t := e.Table
	var keyBlocks []*hcl.Block
	for _, blk := range content.Blocks {
		switch blk.Type {
		case "key":
			keyBlocks = append(keyBlocks, blk)
		case "index":
			d.entityIndex(e, blk)
		}
	}
	if len(keyBlocks) > 1 {
		d.errorf(CodeDuplicate, keyBlocks[1].DefRange, "Duplicate key block", "An entity has one key block; this one repeats the block at %s.", keyBlocks[0].DefRange)
	}
	keyArg := content.Attributes["key"]
	keyFailed := false
	if keyArg != nil && len(keyBlocks) > 0 {
		d.errorf(CodeDuplicate, keyArg.NameRange, "Duplicate key block",
			"Entity %q gives its key templates both as a key block (at %s) and as key = {...}; use one of them.", e.Name, keyBlocks[0].DefRange)
		keyArg = nil
	}
	switch {
	case keyArg != nil:
		e.Key = &KeyBlock{DeclRange: keyArg.Range}
		as, ok := d.objectAssignments(keyArg.Expr, "key")
		keyFailed = !ok
		e.Key.Templates = d.keyTemplates(e, t.Primary, d.uniqueAssignments(as))
	case len(keyBlocks) > 0:
		e.Key = &KeyBlock{DeclRange: keyBlocks[0].DefRange}
		e.Key.Templates = d.templates(e, t.Primary, keyBlocks[0].Body, nil)
	}
	// Every primary key attribute must be provided (unless the key
	// argument itself failed: reported once).
	for _, k := range t.Primary.KeyAttrs() {
		if keyFailed {
			break
		}
		if e.Attribute(k.Name) == nil && e.Key.Template(k.Name) == nil && !d.isBroken(e, k.Name) {
			rng := e.DeclRange
			if e.Key != nil {
				rng = e.Key.DeclRange
			}
			d.errorf(CodeMissingKey, rng, "Missing primary key attribute",
				"Entity %q does not provide the table's key attribute %q. Add %s = \"...\" to its key block, or an attribute named %q.", e.Name, k.Name, k.Name, k.Name)
		}
	}
	// Index blocks must provide every key attribute of their index.
	for _, ei := range e.Indexes {
		for _, k := range ei.Index.KeyAttrs() {
			if e.Attribute(k.Name) != nil || ei.Template(k.Name) != nil || d.isBroken(e, k.Name) {
				continue
			}
			if _, primary := t.Primary.KeyAttr(k.Name); primary {
				continue // an inverted index: the value comes from the key block
			}
			if ei.Index.Kind == IndexLocal && ei.Index.IsPartitionKey(k.Name) {
				continue // the LSI shares the table's partition key
			}
			d.errorf(CodeMissingKey, ei.DeclRange, "Missing index key attribute",
				"The index block %q of entity %q does not provide the key attribute %q. Add %s = \"...\" to the block.", ei.Index.Name, e.Name, k.Name, k.Name)
		}
	}
	// When the attributes or templates failed to load, an example cannot
	// be checked against them without follow-on errors.
	checkItem := d.errorCount() == errs
	labels := map[string]hcl.Range{}
	for i, blk := range exampleBlocks {
		label, labelRange := "", blk.DefRange
		if len(blk.Labels) == 1 {
			label, labelRange = blk.Labels[0], blk.LabelRanges[0]
			if !validExampleLabel(label) {
				d.errorf(CodeInvalidValue, labelRange, "Invalid example label",
					"The example label %q must be non-empty and contain only letters, digits, \"_\" and \"-\".", label)
				d.markBrokenExample(e, label)
				continue
			}
			if prev, dup := labels[label]; dup {
				d.errorf(CodeDuplicate, labelRange, "Duplicate example label",
					"Entity %q already has an example labelled %q at %s. Example labels are unique per entity.", e.Name, label, prev)
				continue
			}
			labels[label] = labelRange
		}
		if !d.example(e, blk, checkItem, label, labelRange, i+1) && label != "" {
			d.markBrokenExample(e, label)
		}
	}
	d.uniqueAttr(e, content.Attributes["unique"])
	t.Entities = append(t.Entities, e)
	d.addEntity(e)
}

// tableRef resolves `table = table.NAME`; without it, the only table.
func (d *decoder) tableRef(at *hcl.Attribute, def hcl.Range, entity string) *Table {
	if at == nil {
		switch len(d.schema.Tables) {
		case 1:
			return d.schema.Tables[0]
		case 0:
			d.errorf(CodeUnknownReference, def, "No table", "Entity %q needs a table, and the schema declares none. Add a table block.", entity)
		default:
			d.errorf(CodeUnknownReference, def, "Missing table reference",
				"The schema declares several tables; say which one stores entity %q with table = table.<name>.", entity)
		}
		return nil
	}
	name, _, ok := d.reference(at.Expr, "table", "table")
	if !ok {
		return nil
	}
	if t := d.schema.Table(name); t != nil {
		return t
	}
	var labels []string
	for _, t := range d.schema.Tables {
		labels = append(labels, t.Label)
	}
	d.errorf(CodeUnknownReference, at.Expr.Range(), "Unknown table", "No table named %q is declared.%s", name, diag.DidYouMean(name, labels))
	return nil
}

// attributes decodes `attributes = { name = type, ... }`.
func (d *decoder) attributes(e *Entity, at *hcl.Attribute) {
	pairs, ds := hcl.ExprMap(at.Expr)
	if ds.HasErrors() {
		d.errorf(CodeInvalidValue, at.Expr.Range(), "Invalid attributes", "The attributes argument must be an object of types, like { username = string, age = number }.")
		return
	}
	seen := map[string]bool{}
	for _, kv := range pairs {
		name := hcl.ExprAsKeyword(kv.Key)
		if name == "" {
			if v, ds := Eval(kv.Key, nil, CodeInvalidValue); !ds.HasErrors() && v.Type() == cty.String && !v.IsNull() {
				name = v.AsString()
			}
		}
		if name == "" {
			d.errorf(CodeInvalidValue, kv.Key.Range(), "Invalid attribute name", "Attribute names must be identifiers or strings.")
			continue
		}
		if seen[name] {
			d.errorf(CodeDuplicate, kv.Key.Range(), "Duplicate attribute", "Entity %q declares attribute %q twice.", e.Name, name)
			continue
		}
		seen[name] = true
		typeExpr := kv.Value
		optional := false
		if call, ds := hcl.ExprCall(typeExpr); !ds.HasErrors() && call.Name == "optional" {
			if len(call.Arguments) != 1 {
				d.errorf(CodeInvalidType, typeExpr.Range(), "Invalid optional type", "optional(TYPE) takes exactly one type, like optional(string).")
				continue
			}
			optional = true
			typeExpr = call.Arguments[0]
		}
		if call, ds := hcl.ExprCall(typeExpr); !ds.HasErrors() && call.Name == "enum" {
			values, ranges, ok := d.enumValues(e, name, call)
			if !ok {
				d.markBroken(e, name)
				continue
			}
			e.Attributes = append(e.Attributes, &Attribute{Name: name, Type: cty.String, Optional: optional, Enum: values, EnumRanges: ranges,
				Range: kv.Key.Range(), TypeRange: kv.Value.Range()})
			continue
		}
		ty, ds := typeexpr.TypeConstraint(typeExpr)
		if ds.HasErrors() {
			d.add(ds, CodeInvalidType)
			d.markBroken(e, name)
			continue
		}
		if ty == cty.DynamicPseudoType {
			d.errorf(CodeInvalidType, typeExpr.Range(), "Type any is not supported", "Give attribute %q a concrete type such as string, number, bool, list(string) or map(number).", name)
			d.markBroken(e, name)
			continue
		}
		e.Attributes = append(e.Attributes, &Attribute{Name: name, Type: ty, Optional: optional, Range: kv.Key.Range(), TypeRange: kv.Value.Range()})
	}
}

// enumValues decodes the values of enum("a", "b", ...): quoted strings,
// at least one, each once. It reports whether the enum is valid.
func (d *decoder) enumValues(e *Entity, attr string, call *hcl.StaticCall) ([]string, []hcl.Range, bool) {
	if len(call.Arguments) == 0 {
		d.errorf(CodeInvalidType, hcl.RangeBetween(call.NameRange, call.ArgsRange), "Empty enum",
			"Attribute %q of entity %q is enum() without values; list the values it may take, like enum(\"active\", \"suspended\").", attr, e.Name)
		return nil, nil, false
	}
	var values []string
	var ranges []hcl.Range
	first := map[string]hcl.Range{}
	ok := true
	for _, arg := range call.Arguments {
		v, ds := Eval(arg, nil, CodeInvalidType)
		if ds.HasErrors() || v.IsNull() || !v.IsWhollyKnown() || v.Type() != cty.String {
			hint := ""
			if !ds.HasErrors() && !v.IsNull() && v.IsWhollyKnown() && v.Type() == cty.Number {
				hint = fmt.Sprintf(" An enum is stored as a string: write %q.", NumberText(v.AsBigFloat()))
			}
			d.errorf(CodeInvalidType, arg.Range(), "Enum value not a string",
				"The values of enum(...) for attribute %q of entity %q are quoted strings, like enum(\"active\", \"suspended\").%s", attr, e.Name, hint)
			ok = false
			continue
		}
		s := v.AsString()
		if prev, dup := first[s]; dup {
			d.errorf(CodeDuplicate, arg.Range(), "Duplicate enum value",
				"The enum of attribute %q of entity %q lists %q twice (first at %s).", attr, e.Name, s, prev)
			ok = false
			continue
		}
		first[s] = arg.Range()
		values = append(values, s)
		ranges = append(ranges, arg.Range())
	}
	return values, ranges, ok
}

func (d *decoder) entityIndex(e *Entity, blk *hcl.Block) {
	name := blk.Labels[0]
	ix := e.Table.Index(name)
	if ix == nil && d.brokenIndexes[e.Table][name] {
		e.Incomplete = true // the index declaration was already reported
		return
	}
	if ix == nil || ix.Kind == IndexPrimary {
		d.errorf(CodeUnknownReference, blk.LabelRanges[0], "Unknown index",
			"Table %q has no secondary index named %q.%s", e.Table.Label, name, diag.DidYouMean(name, e.Table.IndexNames()))
		return
	}
	if prev := e.IndexBlock(name); prev != nil {
		d.errorf(CodeDuplicate, blk.LabelRanges[0], "Duplicate index block", "Entity %q already has an index block %q at %s.", e.Name, name, prev.DeclRange)
		return
	}
	ei := &EntityIndex{Index: ix, DeclRange: blk.DefRange}
	ei.Templates = d.templates(e, ix, blk.Body, &ei.When)
	e.Indexes = append(e.Indexes, ei)
}

// templates decodes the key attribute assignments of a key or index block.
// When when is non-nil, a `when` argument is accepted as the sparse
// condition; an index block also takes its assignments in the object form
// key = { "State#Date" = "..." } (quoted names).
func (d *decoder) templates(e *Entity, ix *Index, body hcl.Body, when **Cond) []*KeyTemplate {
	objectArg := ""
	if when != nil {
		objectArg = "key"
	}
	as, whenAt := d.blockAssignments(body, objectArg, when != nil)
	if whenAt != nil {
		at := whenAt
		if d.checkVariables(e, at.Expr, sparseWhat) {
			v, ds := Eval(at.Expr, unknownContext(e), CodeInvalidTemplate)
			if ds.HasErrors() {
				d.add(ds, CodeInvalidTemplate)
			} else if !v.Type().Equals(cty.Bool) && v.Type() != cty.DynamicPseudoType {
				d.errorf(CodeInvalidTemplate, at.Expr.Range(), "Invalid sparse condition", "The when condition must be true or false, like status == \"OPEN\"; it evaluates to %s.", v.Type().FriendlyName())
			}
		}
		*when = d.newCond(at.Expr)
	}
	return d.keyTemplates(e, ix, as)
}

// keyTemplates decodes key attribute assignments (a key block's, an index
// block's, or the object form's) into templates.
func (d *decoder) keyTemplates(e *Entity, ix *Index, as []assignment) []*KeyTemplate {
	var out []*KeyTemplate
	for _, at := range as {
		n := at.Name
		if _, ok := ix.KeyAttr(n); !ok {
			keyNames := []string{}
			for _, k := range ix.KeyAttrs() {
				keyNames = append(keyNames, k.Name)
			}
			d.errorf(CodeInvalidKeyAssignment, at.NameRange, "Not a key attribute",
				"%q is not a key attribute of %s (its key attributes are %s).%s", n, ixPhrase(ix), quoteList(keyNames), diag.DidYouMean(n, keyNames))
			continue
		}
		if _, primary := ix.Table.Primary.KeyAttr(n); primary && ix.Kind != IndexPrimary {
			d.errorf(CodeInvalidKeyAssignment, at.NameRange, "Table key attribute assigned in an index block",
				"%q is a key attribute of the table; its value comes from the entity's key block and is shared by every index that uses it. Remove this assignment.", n)
			continue
		}
		if ix.Kind == IndexLocal && ix.IsPartitionKey(n) {
			d.errorf(CodeInvalidKeyAssignment, at.NameRange, "LSI partition key assigned",
				"An LSI shares the table's partition key %q: set it in the entity's key block, not in the index block.", n)
			continue
		}
		if a := e.Attribute(n); a != nil {
			d.errorf(CodeInvalidKeyAssignment, at.NameRange, "Key attribute is an entity attribute",
				"%q is an attribute of entity %q, so its value is stored as is; remove this assignment (declared at %s).", n, e.Name, a.Range)
			continue
		}
		if tpl := d.template(e, n, at); tpl != nil {
			out = append(out, tpl)
		} else {
			d.markBroken(e, n)
		}
	}
	return out
}

// checkVariables reports every variable of expr that is not an attribute of
// e (a sparse condition may also read a computed attribute; a key template
// may not: it is computed from the attributes the caller gives).
func (d *decoder) checkVariables(e *Entity, expr hcl.Expression, what string) bool {
	ok := true
	for _, tr := range expr.Variables() {
		root := tr.RootName()
		if e.Attribute(root) != nil || what == sparseWhat && e.ComputedAttr(root) != nil {
			continue
		}
		if c := e.ComputedAttr(root); c != nil {
			ok = false
			d.errorf(CodeUnknownVariable, tr.SourceRange(), "Template reads a computed attribute",
				"The %s uses %q, a computed attribute (%s); a key template reads the entity's attributes: use %s itself.", what, root, c.Expr.Text, c.Expr.Text)
			continue
		}
		ok = false
		if root == brokenRef {
			continue // a malformed attr(...), already reported
		}
		if d.isBroken(e, root) {
			continue // its declaration was already reported
		}
		d.errorf(CodeUnknownVariable, tr.SourceRange(), "Unknown attribute",
			"The %s uses %q, which is not an attribute of entity %q.%s", what, root, e.Name, diag.DidYouMean(root, e.AttributeNames()))
	}
	return ok
}

func (d *decoder) template(e *Entity, attr string, at assignment) *KeyTemplate {
	if !d.checkVariables(e, at.Expr, "template for "+attr) {
		return nil
	}
	v, ds := Eval(at.Expr, unknownContext(e), CodeInvalidTemplate)
	if ds.HasErrors() {
		d.add(ds, CodeInvalidTemplate)
		return nil
	}
	ty := DynamoType(v.Type())
	if ty == "" {
		if v.Type() == cty.DynamicPseudoType {
			ty = TypeS
		} else {
			d.errorf(CodeInvalidTemplate, at.Expr.Range(), "Invalid key template",
				"The template for %q evaluates to %s; a key attribute must be a string or a number.", attr, v.Type().FriendlyName())
			return nil
		}
	}
	return &KeyTemplate{Attr: attr, Expr: d.newTemplate(at.Expr), Type: ty, Range: at.Range}
}

// sparseWhat names a sparse condition in checkVariables' messages.
const sparseWhat = "sparse condition"

// unknownContext binds every attribute of e (computed ones too) to an
// unknown value of its type, so evaluation checks types and yields the
// result type.
func unknownContext(e *Entity) *hcl.EvalContext {
	vars := map[string]cty.Value{}
	for _, a := range e.Attributes {
		vars[a.Name] = cty.UnknownVal(a.Type)
	}
	for _, c := range e.Computed {
		vars[c.Attr] = cty.UnknownVal(c.Type)
	}
	return &hcl.EvalContext{Variables: vars, Functions: functions}
}

// example decodes an example item; with checkItem, its item is computed
// with the key templates, else the example is checked only against the
// attributes that loaded and is not kept. It reports whether the example
// was kept.
func (d *decoder) example(e *Entity, blk *hcl.Block, checkItem bool, label string, labelRange hcl.Range, pos int) bool {
	attrs, ds := blk.Body.JustAttributes()
	d.add(ds, CodeSyntax)
	attrs = d.exampleValues(e, attrs)
	vals := map[string]cty.Value{}
	set := map[string]bool{}
	ok := true
	ctx := &hcl.EvalContext{Functions: functions}
	for n, at := range attrs {
		set[n] = true
		a := e.Attribute(n)
		if a == nil && d.isBroken(e, n) {
			ok = false
			continue
		}
		if a == nil {
			d.errorf(CodeInvalidExample, at.NameRange, "Unknown attribute in example",
				"Entity %q has no attribute %q.%s", e.Name, n, diag.DidYouMean(n, e.AttributeNames()))
			ok = false
			continue
		}
		v, ds := Eval(at.Expr, ctx, CodeInvalidExample)
		if ds.HasErrors() {
			d.add(ds, CodeInvalidExample)
			ok = false
			continue
		}
		cv, err := convert.Convert(v, a.Type)
		if err != nil {
			d.errorf(CodeInvalidExample, at.Expr.Range(), "Wrong type in example",
				"Attribute %q of entity %q is %s: %s.", n, e.Name, a.Type.FriendlyName(), err)
			ok = false
			continue
		}
		if !a.InEnum(cv) {
			d.errorf(CodeInvalidExample, at.Expr.Range(), "Value not in enum",
				"Attribute %q of entity %q is %s; %q is not one of its values.%s", n, e.Name, a.TypeString(), cv.AsString(), diag.DidYouMean(cv.AsString(), a.Enum))
			ok = false
			continue
		}
		vals[n] = cv
	}
	for _, a := range e.Attributes {
		if _, has := vals[a.Name]; !has {
			if !a.Optional && !set[a.Name] {
				d.errorf(CodeInvalidExample, blk.DefRange, "Missing attribute in example",
					"The example of entity %q does not set the required attribute %q. Set it, or declare it optional(%s).", e.Name, a.Name, a.TypeString())
				ok = false
			}
			vals[a.Name] = cty.NullVal(a.Type)
		}
	}
	if !ok || !checkItem {
		return false
	}
	ex := &Example{Entity: e, Label: label, Position: pos, Values: cty.ObjectVal(vals), DeclRange: blk.DefRange, LabelRange: labelRange,
		ValueRanges: argRanges(attrs)}
	it, err := e.Item(ex.Values)
	if err != nil {
		d.errorf(CodeInvalidExample, blk.DefRange, "Example does not fit the key templates", "%s", err)
		return false
	}
	ex.item = &it
	e.Examples = append(e.Examples, ex)
	return true
}

// resolveKeyTypes sets the DynamoDB type of every key attribute from the
// entities that write it (first writer wins; lint reports disagreements).
func (d *decoder) resolveKeyTypes() {
	for _, t := range d.schema.Tables {
		// Declarations of one attribute in several indexes must agree.
		for _, ix := range t.Indexes() {
			for _, k := range ix.KeyAttrs() {
				if k.DeclaredType == "" {
					continue
				}
				if first, _ := t.DeclaredKeyType(k.Name); first.DeclaredType != k.DeclaredType {
					d.errorf(CodeInvalidValue, k.TypeRange, "Conflicting key type declarations",
						"Key attribute %q is declared %s here and %s at %s; a key attribute has one type in the table and all its indexes.",
						k.Name, typeWord(k.DeclaredType), typeWord(first.DeclaredType), first.TypeRange)
				}
			}
		}
		for _, ix := range t.Indexes() {
			for _, part := range [][]KeyAttr{ix.PartitionKey, ix.SortKey} {
				for i := range part {
					part[i].Type = TypeS
					if decl, ok := t.DeclaredKeyType(part[i].Name); ok {
						part[i].Type = decl.DeclaredType
					} else if ws := t.KeyWriters(part[i].Name); len(ws) > 0 {
						part[i].Type = ws[0].Type
					}
				}
			}
		}
	}
}

func typeWord(t string) string {
	if t == TypeN {
		return "number"
	}
	return "string"
}

// ixPhrase names an index in a sentence: "the table" or "GSI \"X\"".
func ixPhrase(ix *Index) string {
	if ix.Kind == IndexPrimary {
		return "the table"
	}
	return ix.Kind.String() + " \"" + ix.Name + "\""
}

// exampleValuesArg is the argument of an example block that sets
// attributes whose names are not identifiers: values = { "Order Date" =
// "2024-05-01" }. An entity with an attribute of that name sets the
// attribute with it instead.
const exampleValuesArg = "values"

// exampleValues expands an example block's values = { ... } into its
// arguments, one per item (quoted names allowed), unless the entity has an
// attribute named values. A name set twice is TD003.
func (d *decoder) exampleValues(e *Entity, attrs hcl.Attributes) hcl.Attributes {
	at, ok := attrs[exampleValuesArg]
	if !ok || e.Attribute(exampleValuesArg) != nil || d.isBroken(e, exampleValuesArg) {
		return attrs
	}
	items, _ := d.objectAssignments(at.Expr, exampleValuesArg)
	out := hcl.Attributes{}
	for n, a := range attrs {
		if n != exampleValuesArg {
			out[n] = a
		}
	}
	for _, it := range items {
		if prev, dup := out[it.Name]; dup {
			d.errorf(CodeDuplicate, it.NameRange, "Duplicate attribute in example", "%q is already set at %s.", it.Name, prev.NameRange)
			continue
		}
		out[it.Name] = &hcl.Attribute{Name: it.Name, Expr: it.Expr, Range: it.Range, NameRange: it.NameRange}
	}
	return out
}

package hclschema

import (
	"slices"
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"

	"github.com/tfdyn/tfdyn/internal/diag"
)

var patternSchema = &hcl.BodySchema{
	Attributes: []hcl.AttributeSchema{
		{Name: "description"},
		{Name: "entity"},
		{Name: "entities"},
		{Name: "index"},
		{Name: "order"},
		{Name: "limit"},
		{Name: "filter"},
		{Name: "attributes"},
		{Name: "inputs"},
		{Name: "cardinality"},
		{Name: "key"},
	},
	Blocks: []hcl.BlockHeaderSchema{
		{Type: "key"},
		{Type: "example"},
		{Type: "workload"},
	},
}

// conditionFuncs maps condition function names to operators and operand counts.
var conditionFuncs = map[string]struct {
	op    ConditionOp
	nargs int
}{
	"eq":          {OpEq, 1},
	"begins_with": {OpBeginsWith, 1},
	"between":     {OpBetween, 2},
	"lt":          {OpLT, 1},
	"lte":         {OpLE, 1},
	"gt":          {OpGT, 1},
	"gte":         {OpGE, 1},
}

// ConditionFunctions lists the function names that make a key condition.
func ConditionFunctions() []string {
	out := make([]string, 0, len(conditionFuncs))
	for n := range conditionFuncs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func (d *decoder) pattern(b *hcl.Block) {
	loaded := false
	defer func() {
		if !loaded {
			d.schema.PatternsIncomplete = true
		}
	}()
	if !d.checkLabel(b, "access pattern") {
		return
	}
	name := b.Labels[0]
	if prev := d.patterns[name]; prev != nil {
		d.errorf(CodeDuplicate, b.LabelRanges[0], "Duplicate access pattern", "An access pattern named %q is already declared at %s.", name, prev.DeclRange)
		return
	}
	errs := d.errorCount()
	content, ds := b.Body.Content(patternSchema)
	d.add(ds, CodeSyntax)
	p := &AccessPattern{Name: name, DeclRange: b.DefRange, inputSets: &lazy[[]InputSet]{}}
	a := content.Attributes
	if at := a["description"]; at != nil {
		p.Description, _ = d.stringValue(at)
	}
	p.Entities, p.EntityRanges = d.entityRefs(a["entity"], a["entities"], b.DefRange, name)
	if len(p.Entities) == 0 {
		return
	}
	p.Table = p.Entities[0].Table
	for _, e := range p.Entities[1:] {
		if e.Table != p.Table {
			d.errorf(CodeInvalidValue, b.DefRange, "Entities in different tables",
				"Access pattern %q returns %q (table %q) and %q (table %q); one pattern reads one table.",
				name, p.Entities[0].Name, p.Table.Label, e.Name, e.Table.Label)
			return
		}
	}
	if p.Table == nil {
		return
	}
	p.Index = p.Table.Primary
	if at := a["index"]; at != nil {
		ixName, ok := d.stringValue(at)
		if !ok {
			return
		}
		p.Index = p.Table.Index(ixName)
		if p.Index == nil && d.brokenIndexes[p.Table][ixName] {
			return // the index declaration was already reported
		}
		if p.Index == nil {
			d.errorf(CodeUnknownReference, at.Expr.Range(), "Unknown index",
				"Table %q has no index named %q.%s", p.Table.Label, ixName, diag.DidYouMean(ixName, append(p.Table.IndexNames(), PrimaryIndexName)))
			return
		}
	}
	if at := a["order"]; at != nil {
		if s, ok := d.stringValue(at, "asc", "desc"); ok {
			p.Descending = s == "desc"
		}
	}
	if at := a["limit"]; at != nil {
		p.Limit, _ = d.intValue(at, 1, 1<<31)
		p.LimitRange = at.Expr.Range()
	}
	p.Cardinality = CardinalityMany
	if at := a["cardinality"]; at != nil {
		if c, ok := d.stringValue(at, string(CardinalityOne), string(CardinalityMany)); ok {
			p.Cardinality = Cardinality(c)
		}
		p.CardinalityRange = at.Expr.Range()
	}
	if at := a["attributes"]; at != nil {
		known := func(n string) bool {
			if _, key := p.Table.Primary.KeyAttr(n); key || keyIndexOf(p.Table, n) != nil {
				return true
			}
			for _, e := range p.Entities {
				if e.StoredType(n) != cty.NilType {
					return true
				}
			}
			return false
		}
		paths, ranges, ok := d.pathList(at, known)
		for i, x := range paths {
			for j, y := range paths[:i] {
				if x.HasPrefix(y) || y.HasPrefix(x) {
					d.errorf(CodeInvalidValue, ranges[i], "Overlapping attributes",
						"attributes lists %s and %s (at %s); DynamoDB rejects a projection whose paths overlap (\"Two document paths overlap with each other\"). Keep one of them.", PathText(x), PathText(y), ranges[j])
					ok = false
					break
				}
			}
		}
		if ok {
			p.AttributePaths, p.AttributeRanges = paths, ranges
			for _, x := range paths {
				p.Attributes = append(p.Attributes, PathText(x))
			}
		}
		p.AttributesRange = at.Expr.Range()
	}
	declared := d.declaredInputs(a["inputs"], false)
	declaredRanges := map[string]hcl.Range{}
	if at := a["inputs"]; at != nil {
		if pairs, ds := hcl.ExprMap(at.Expr); !ds.HasErrors() {
			for _, kv := range pairs {
				declaredRanges[hcl.ExprAsKeyword(kv.Key)] = kv.Key.Range()
			}
		}
	}

	var keyBlocks []*hcl.Block
	for _, blk := range content.Blocks {
		if blk.Type == "key" {
			keyBlocks = append(keyBlocks, blk)
		}
	}
	keyArg := a["key"]
	switch {
	case keyArg != nil && len(keyBlocks) > 0:
		d.errorf(CodeDuplicate, keyArg.NameRange, "Duplicate key block",
			"Access pattern %q gives its key conditions both as a key block (at %s) and as key = {...}; use one of them.", name, keyBlocks[0].DefRange)
		return
	case keyArg != nil:
		p.KeyRange = keyArg.NameRange
		as, ok := d.objectAssignments(keyArg.Expr, "key")
		if !ok {
			return
		}
		d.conditions(p, d.uniqueAssignments(as))
	case len(keyBlocks) == 0:
		d.errorf(CodeMissingKey, b.DefRange, "Missing key block",
			"Access pattern %q needs a key block with its key conditions, like key { PK = \"USER#${username}\" } (or key = { \"State#Date\" = ... } for a name that is not an identifier). tfdyn never plans a Scan.", name)
		return
	default:
		if len(keyBlocks) > 1 {
			d.errorf(CodeDuplicate, keyBlocks[1].DefRange, "Duplicate key block", "An access pattern has one key block.")
		}
		p.KeyRange = keyBlocks[0].DefRange
		as, _ := d.blockAssignments(keyBlocks[0].Body, "", false)
		d.conditions(p, as)
	}
	d.inputs(p, declared, declaredRanges)
	if at := a["filter"]; at != nil {
		p.Filter = d.newCond(at.Expr)
		errs := d.errorCount()
		d.checkFilter(p, at)
		if d.errorCount() == errs {
			d.checkSendable(p.Filter)
		}
	}
	if d.errorCount() > errs || p.Incomplete || bodyHasBrokenRef(b.Body) {
		p.Incomplete = true
		d.schema.PatternsIncomplete = true
	}
	pos := 0
	for _, blk := range content.Blocks {
		if blk.Type == "example" {
			pos++
			d.patternExample(p, blk, pos)
		}
	}
	d.patternWorkload(p, content.Blocks)
	d.addPattern(p)
	loaded = true
}

func (d *decoder) entityRefs(one, many *hcl.Attribute, def hcl.Range, pattern string) ([]*Entity, []hcl.Range) {
	var exprs []hcl.Expression
	switch {
	case one != nil && many != nil:
		d.errorf(CodeInvalidValue, many.NameRange, "Both entity and entities", "Use entity = entity.X for one result type or entities = [entity.X, entity.Y] for an item collection, not both.")
		return nil, nil
	case one != nil:
		exprs = []hcl.Expression{one.Expr}
	case many != nil:
		list, ds := hcl.ExprList(many.Expr)
		if ds.HasErrors() || len(list) == 0 {
			d.errorf(CodeInvalidValue, many.Expr.Range(), "Invalid entities", "entities must be a non-empty list of references, like [entity.User, entity.Order].")
			return nil, nil
		}
		exprs = list
	default:
		d.errorf(CodeMissingKey, def, "Missing entity", "Access pattern %q must say what it returns: entity = entity.X (or entities = [...]).", pattern)
		return nil, nil
	}
	var out []*Entity
	var ranges []hcl.Range
	for _, expr := range exprs {
		name, _, ok := d.reference(expr, "entity", "entity")
		if !ok {
			return nil, nil
		}
		e := d.entityNamed(name)
		if e == nil {
			var names []string
			for _, x := range d.schema.Entities {
				names = append(names, x.Name)
			}
			d.errorf(CodeUnknownReference, expr.Range(), "Unknown entity", "No entity named %q is declared.%s", name, diag.DidYouMean(name, names))
			return nil, nil
		}
		if e.Table == nil {
			return nil, nil
		}
		for _, x := range out {
			if x == e {
				d.errorf(CodeDuplicate, expr.Range(), "Duplicate entity", "Entity %q is listed twice.", name)
			}
		}
		out = append(out, e)
		ranges = append(ranges, expr.Range())
	}
	return out, ranges
}

// declaredInputs reads `inputs = { name = type }`; a name whose type is
// invalid maps to cty.NilType (already reported). An access pattern's
// inputs are strings or numbers (key condition operands, filter values); a
// write pattern's may also be bools, lists, sets, maps and objects (a
// document a write stores: list_append(Detail.Payments, [input.payment])).
func (d *decoder) declaredInputs(at *hcl.Attribute, documents bool) map[string]cty.Type {
	out := map[string]cty.Type{}
	if at == nil {
		return out
	}
	pairs, ds := hcl.ExprMap(at.Expr)
	if ds.HasErrors() {
		d.errorf(CodeInvalidValue, at.Expr.Range(), "Invalid inputs", "inputs must be an object of types, like { month = string }.")
		return out
	}
	for _, kv := range pairs {
		name := hcl.ExprAsKeyword(kv.Key)
		if name == "" {
			d.errorf(CodeInvalidValue, kv.Key.Range(), "Invalid input name", "Input names must be identifiers.")
			continue
		}
		ty, ds := typeexpr.TypeConstraint(kv.Value)
		if ds.HasErrors() {
			d.add(ds, CodeInvalidType)
			out[name] = cty.NilType
			continue
		}
		if ty == cty.DynamicPseudoType {
			d.errorf(CodeInvalidType, kv.Value.Range(), "Type any is not supported", "Give input %q a concrete type such as string, number or object({ amount = number }).", name)
			out[name] = cty.NilType
			continue
		}
		if DynamoType(ty) == "" && !documents {
			d.errorf(CodeInvalidType, kv.Value.Range(), "Invalid input type",
				"Input %q of an access pattern must be a string or a number; lists, maps and objects are inputs of write patterns (a document a write stores).", name)
			out[name] = cty.NilType
			continue
		}
		out[name] = ty
	}
	return out
}

func (d *decoder) conditions(p *AccessPattern, as []assignment) {
	for _, at := range as {
		c := &Condition{Attr: at.Name, Op: OpEq, Args: []*Template{d.newTemplate(at.Expr)}, Range: at.Range, NameRange: at.NameRange}
		if call, ds := hcl.ExprCall(at.Expr); !ds.HasErrors() {
			if _, known := functions[call.Name]; !known {
				if _, cond := conditionFuncs[call.Name]; !cond {
					d.errorf(CodeInvalidCondition, call.NameRange, "Unknown condition",
						"%q is not a key condition. Write a value for equality, or one of %s.%s", call.Name, quoteList(ConditionFunctions()), diag.DidYouMean(call.Name, ConditionFunctions()))
					continue
				}
			}
			if f, ok := conditionFuncs[call.Name]; ok {
				if len(call.Arguments) != f.nargs {
					d.errorf(CodeInvalidCondition, call.ArgsRange, "Wrong number of operands",
						"%s takes %d operand(s); got %d.", call.Name, f.nargs, len(call.Arguments))
					continue
				}
				c.Op, c.Args = f.op, nil
				for _, arg := range call.Arguments {
					c.Args = append(c.Args, d.newTemplate(arg))
				}
			}
		}
		p.Conditions = append(p.Conditions, c)
	}
	// Key schema order first, then source order.
	pos := map[string]int{}
	for i, k := range p.Index.KeyAttrs() {
		pos[k.Name] = i
	}
	sort.SliceStable(p.Conditions, func(i, j int) bool {
		pi, iok := pos[p.Conditions[i].Attr]
		pj, jok := pos[p.Conditions[j].Attr]
		if iok != jok {
			return iok
		}
		if iok && pi != pj {
			return pi < pj
		}
		return p.Conditions[i].Range.Start.Byte < p.Conditions[j].Range.Start.Byte
	})
}

// inputs collects the free variables of the key conditions and types them:
// an input named like an attribute of a result entity takes its type, any
// other must be declared in `inputs`.
func (d *decoder) inputs(p *AccessPattern, declared map[string]cty.Type, declaredRanges map[string]hcl.Range) {
	seen := map[string]bool{}
	for _, c := range p.Conditions {
		for _, arg := range c.Args {
			for _, ref := range arg.NameRanges() {
				name := ref.Name
				if seen[name] {
					continue
				}
				seen[name] = true
				if name == brokenRef {
					p.Incomplete = true // a malformed attr(...), already reported
					continue
				}
				if !IsIdentifier(name) {
					d.errorf(CodeInvalidCondition, ref.Range, "Attribute reference in a key condition",
						"A key condition's operand is computed from the pattern's inputs, which are named like HCL variables; %s names an attribute. Declare an input, like inputs = { state = string }, and use it.", AttrRef(name))
					p.Incomplete = true
					continue
				}
				ty, ok := declared[name]
				if ok && ty == cty.NilType {
					continue // invalid declaration, already reported
				}
				if !ok {
					for _, e := range p.Entities {
						if a := e.Attribute(name); a != nil {
							ty, ok = a.Type, true
							break
						}
					}
				}
				if !ok && d.brokenIn(p.Entities, name) {
					p.Incomplete = true // the attribute's declaration was already reported
					continue
				}
				if !ok {
					var cands []string
					for _, e := range p.Entities {
						cands = append(cands, e.AttributeNames()...)
					}
					d.errorf(CodeUnknownVariable, ref.Range, "Unknown input",
						"The key condition uses %q, which is neither an attribute of %s nor declared in inputs.%s Declare it with inputs = { %s = string }.",
						name, entityNames(p.Entities), diag.DidYouMean(name, cands), name)
					continue
				}
				p.Inputs = append(p.Inputs, &Input{Name: name, Type: ty, Range: ref.Range})
			}
		}
	}
	for name, ty := range declared {
		if !seen[name] && ty != cty.NilType {
			p.Inputs = append(p.Inputs, &Input{Name: name, Type: ty, Range: declaredRanges[name]})
		}
	}
	sort.Slice(p.Inputs, func(i, j int) bool { return p.Inputs[i].Name < p.Inputs[j].Name })
}

// brokenIn reports whether name is an attribute of one of es whose
// declaration failed to load.
func (d *decoder) brokenIn(es []*Entity, name string) bool {
	for _, e := range es {
		if d.isBroken(e, name) {
			return true
		}
	}
	return false
}

func entityNames(es []*Entity) string {
	var names []string
	for _, e := range es {
		names = append(names, e.Name)
	}
	return quoteList(names)
}

// checkFilter checks that a filter uses only attributes of the result
// entities and input.NAME references to the pattern's inputs.
func (d *decoder) checkFilter(p *AccessPattern, at *hcl.Attribute) {
	bad := false
	defer func() {
		if !bad {
			d.checkFilterType(p, at)
		}
	}()
	for _, tr := range at.Expr.Variables() {
		root := tr.RootName()
		if root == brokenRef {
			bad, p.Incomplete = true, true // a malformed attr(...), already reported
			continue
		}
		if root == "input" {
			if len(tr) < 2 {
				d.errorf(CodeUnknownVariable, tr.SourceRange(), "Invalid input reference", "Refer to an input as input.NAME.")
				bad = true
				continue
			}
			if ta, ok := tr[1].(hcl.TraverseAttr); !ok || p.Input(ta.Name) == nil {
				var names []string
				for _, in := range p.Inputs {
					names = append(names, in.Name)
				}
				bad = true
				d.errorf(CodeUnknownVariable, tr.SourceRange(), "Unknown input", "The filter refers to an input that the pattern does not have; declare it with inputs = { NAME = string }.%s", diag.DidYouMean(traversalAttr(tr), names))
			}
			continue
		}
		found := false
		var cands []string
		for _, e := range p.Entities {
			if e.StoredType(root) != cty.NilType {
				found = true
			}
			cands = append(cands, e.StoredNames()...)
		}
		if !found && d.brokenIn(p.Entities, root) {
			p.Incomplete = true // the attribute's declaration was already reported
			bad = true
			continue
		}
		if !found {
			d.errorf(CodeUnknownVariable, tr.SourceRange(), "Unknown attribute",
				"The filter uses %q, which is not an attribute of %s.%s", root, entityNames(p.Entities), diag.DidYouMean(root, cands))
			bad = true
		}
	}
}

// checkFilterType evaluates the filter with unknown values: it must be a
// valid boolean expression.
func (d *decoder) checkFilterType(p *AccessPattern, at *hcl.Attribute) {
	vars := map[string]cty.Value{}
	for _, e := range p.Entities {
		for _, n := range e.StoredNames() {
			if _, ok := vars[n]; !ok {
				vars[n] = cty.UnknownVal(e.StoredType(n))
			}
		}
	}
	ins := map[string]cty.Value{}
	for _, in := range p.Inputs {
		ins[in.Name] = cty.UnknownVal(in.Type)
	}
	vars["input"] = cty.ObjectVal(ins)
	v, ds := Eval(at.Expr, &hcl.EvalContext{Variables: vars, Functions: functions}, CodeInvalidCondition)
	if ds.HasErrors() {
		d.add(ds, CodeInvalidCondition)
		return
	}
	if !v.Type().Equals(cty.Bool) && v.Type() != cty.DynamicPseudoType {
		d.errorf(CodeInvalidCondition, at.Expr.Range(), "Filter is not a condition",
			"The filter must be true or false for an item, like status == \"OPEN\"; it evaluates to %s.", v.Type().FriendlyName())
	}
}

func traversalAttr(tr hcl.Traversal) string {
	if len(tr) > 1 {
		if ta, ok := tr[1].(hcl.TraverseAttr); ok {
			return ta.Name
		}
	}
	return ""
}

// Reserved arguments of a pattern's example block: the expectation, not
// inputs.
const (
	argReturns      = "returns"
	argReturnsCount = "returns_count"
)

func (d *decoder) patternExample(p *AccessPattern, blk *hcl.Block, pos int) {
	attrs, ds := blk.Body.JustAttributes()
	d.add(ds, CodeSyntax)
	x := &PatternExample{Inputs: map[string]cty.Value{}, DeclRange: blk.DefRange, Position: pos}
	ok := true
	for n, at := range attrs {
		switch n {
		case argReturns:
			ok = d.returns(p, x, at) && ok
			continue
		case argReturnsCount:
			if n, good := d.intValue(at, 0, 1<<31); good {
				x.ReturnsCount, x.HasCount, x.CountRange = n, true, at.Expr.Range()
			} else {
				ok = false
			}
			continue
		}
		in := p.Input(n)
		if in == nil {
			var names []string
			for _, x := range p.Inputs {
				names = append(names, x.Name)
			}
			d.errorf(CodeInvalidExample, at.NameRange, "Unknown input in example", "Access pattern %q has no input %q.%s", p.Name, n, diag.DidYouMean(n, append(names, argReturns, argReturnsCount)))
			return
		}
		v, ds := Eval(at.Expr, &hcl.EvalContext{Functions: functions}, CodeInvalidExample)
		if ds.HasErrors() {
			d.add(ds, CodeInvalidExample)
			return
		}
		cv, err := convert.Convert(v, in.Type)
		if err != nil {
			d.errorf(CodeInvalidExample, at.Expr.Range(), "Wrong type in example", "Input %q is %s: %s.", n, in.Type.FriendlyName(), err)
			return
		}
		if values, ok := EnumOf(p.Entities, n); ok && cv.Type() == cty.String && !cv.IsNull() && !slices.Contains(values, cv.AsString()) {
			d.errorf(CodeInvalidExample, at.Expr.Range(), "Value not in enum",
				"Input %q of access pattern %q is the attribute %q of entity %s, which is %s; %q is not one of its values, so the pattern can find nothing for it.%s",
				n, p.Name, n, entityNames(p.Entities), EnumString(values), cv.AsString(), diag.DidYouMean(cv.AsString(), values))
			return
		}
		x.Inputs[n] = cv
	}
	if x.HasReturns && x.HasCount {
		d.errorf(CodeInvalidValue, attrs[argReturnsCount].NameRange, "Both returns and returns_count",
			"An input set declares either the items it returns (returns = [...]) or how many (returns_count = N), not both; returns already fixes the count.")
		ok = false
	}
	for _, in := range p.Inputs {
		if _, set := x.Inputs[in.Name]; !set {
			d.errorf(CodeInvalidExample, blk.DefRange, "Missing input in example", "The example does not set input %q of access pattern %q.", in.Name, p.Name)
			return
		}
	}
	if !ok {
		// The input set stays usable; its broken expectation (reported)
		// is dropped, and the pattern's other checks still run.
		x.HasReturns, x.HasCount, x.Returns = false, false, nil
	}
	p.Examples = append(p.Examples, x)
}

// returns decodes `returns = [entity.X.example["label"], ...]` into x; it
// reports whether every element resolved.
func (d *decoder) returns(p *AccessPattern, x *PatternExample, at *hcl.Attribute) bool {
	list, ds := hcl.ExprList(at.Expr)
	if ds.HasErrors() {
		d.errorf(CodeInvalidValue, at.Expr.Range(), "Invalid returns",
			"returns must be a list of example items in the order the pattern returns them, like [%s], or [] for no item.", exampleRefForm)
		return false
	}
	ok := true
	for _, el := range list {
		name, label, labelRange, good := d.exampleReference(el)
		if !good {
			ok = false
			continue
		}
		e := d.entityNamed(name)
		if e == nil {
			var names []string
			for _, x := range d.schema.Entities {
				names = append(names, x.Name)
			}
			d.errorf(CodeUnknownReference, el.Range(), "Unknown entity", "No entity named %q is declared.%s", name, diag.DidYouMean(name, names))
			ok = false
			continue
		}
		if e.Table != p.Table {
			d.errorf(CodeInvalidValue, el.Range(), "Example of another table",
				"Entity %q is not stored in the table that access pattern %q reads, so none of its items can be returned.", name, p.Name)
			ok = false
			continue
		}
		ex := e.Example(label)
		if ex == nil {
			ok = false
			if d.brokenExamples[e][label] || e.Incomplete {
				continue // the example's own error was already reported
			}
			var labels []string
			for _, x := range e.Examples {
				if x.Label != "" {
					labels = append(labels, x.Label)
				}
			}
			d.errorf(CodeUnknownReference, labelRange, "Unknown example",
				"Entity %q has no example labelled %q.%s Label an example with example %q { ... }.", name, label, diag.DidYouMean(label, labels), label)
			continue
		}
		for _, prev := range x.Returns {
			if prev.Example == ex {
				d.errorf(CodeDuplicate, el.Range(), "Duplicate expected item",
					"%s is listed twice; a query returns each item once (first listed at %s).", ex.Name(), prev.Range)
				ok = false
			}
		}
		x.Returns = append(x.Returns, &ExampleRef{Example: ex, Range: el.Range()})
	}
	x.HasReturns = ok
	x.ReturnsRange = at.Expr.Range()
	return ok
}

// filterGrammar is the part of a detail that says what a filter can be.
const filterGrammar = "A filter runs in DynamoDB as a FilterExpression: it can compare an attribute with a value (a literal, input.NAME, or a function of those) or with another attribute (==, !=, <, <=, >, >=), test a bool attribute (flag, !flag), test that an attribute is absent or present (attr == null, attr != null), and combine those with &&, || and parentheses."

// checkSendable reports every part of a filter that DynamoDB cannot run as
// a FilterExpression (what verify sends), at its position.
func (d *decoder) checkSendable(c *Cond) {
	switch c.Kind {
	case CondAnd, CondOr, CondNot:
		for _, s := range c.Sub {
			d.checkSendable(s)
		}
	case CondAttr, CondExists, CondNotExists:
	case CondCompare:
		_, lp := c.Left.DocPath()
		_, rp := c.Right.DocPath()
		computed := false
		for _, t := range []*Template{c.Left, c.Right} {
			if _, path := t.DocPath(); !path && t.UsesAttrs() {
				computed = true
				d.errorf(CodeInvalidCondition, t.Range(), "Filter computes from an attribute",
					"DynamoDB evaluates the filter on the stored item and cannot compute %s. %s Compare the attribute itself, or store the computed value in an attribute of its own.", t.Text, filterGrammar)
			}
		}
		switch {
		case computed:
		case !lp && !rp:
			d.errorf(CodeInvalidCondition, c.Range(), "Filter compares no attribute",
				"%s compares no item attribute, so it is the same for every item. %s", c.Text, filterGrammar)
		case c.Left.isNull() || c.Right.isNull():
			d.errorf(CodeInvalidCondition, c.Range(), "Null in an ordering comparison",
				"%s orders an attribute against null. Only == null and != null test an attribute (absent or present).", c.Text)
		}
	default:
		d.errorf(CodeInvalidCondition, c.Range(), "Filter DynamoDB cannot run",
			"%s is not a condition DynamoDB can run. %s", c.Text, filterGrammar)
	}
}

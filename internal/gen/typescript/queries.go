package typescript

import (
	"fmt"
	"strings"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// queryStart is the function starting a query builder: matchByRegionQuery.
func queryStart(q *gen.Query) string { return funcName(q.Name) }

// queryType is the type of a builder with the first d sort key attributes
// fixed by equality: MatchByRegionQuery, MatchByRegionQueryRound.
func queryType(q *gen.Query, d int) string {
	n := append(gen.Name{}, q.Name...)
	for _, st := range q.Steps[:d] {
		n = append(n, gen.NameOf(st.Value.Attr)...)
	}
	return typeName(n)
}

// queryRange is the type of a builder whose conditions are complete.
func queryRange(q *gen.Query) string { return typeName(q.Name.With("range")) }

// queryPage is the type of a page of a builder: MatchByRegionPage.
func queryPage(q *gen.Query) string {
	return typeName(append(append(gen.Name{}, q.Name[:len(q.Name)-1]...), "page"))
}

// queryImpl is the module function making the builder of type t.
func queryImpl(t string) string { return "tfdyn" + t }

var opWords = map[hclschema.ConditionOp]string{
	hclschema.OpEq: "Eq", hclschema.OpLT: "Lt", hclschema.OpLE: "Le", hclschema.OpGT: "Gt", hclschema.OpGE: "Ge",
	hclschema.OpBetween: "Between", hclschema.OpBeginsWith: "BeginsWith",
}

// stepMethod is the method of a builder putting op on a step's attribute:
// roundEq, bracketBeginsWith.
func stepMethod(st *gen.QueryStep, op hclschema.ConditionOp) string {
	return funcName(gen.NameOf(st.Value.Attr)) + opWords[op]
}

// sortType is the TypeScript type of a range operand of a step's
// attribute: the field's type for an attribute of the entity, else the
// stored key value's (a string or a number).
func (p *printer) sortType(m *module, st *gen.QueryStep) *gen.Type {
	switch {
	case st.Value.Field != nil:
		return st.Value.Field.Type
	case st.Value.Type == gen.KeyN:
		return &gen.Type{Kind: gen.TNumber}
	}
	return &gen.Type{Kind: gen.TString}
}

// query prints a query builder into m (its entity's module): the page
// and builder types, the start function, one builder per depth and the
// page function.
func (p *printer) query(m *module, q *gen.Query) {
	b := &m.body
	e := q.Entity
	ix := q.Index
	where := "the table"
	index := ""
	if ix.Kind != gen.IndexPrimary {
		where = "index " + ix.IndexName
		index = ix.IndexName
	}
	what := "query builder of " + e.SchemaName + " in " + where
	start := p.declare(queryStart(q), what, e.Range)
	p.local(start, what, e.Range)
	res := q.Result
	db := m.use(clientFile, "Db", true)
	call := m.use(clientFile, "CallOptions", true)
	pageOpts := m.use(clientFile, "PageOptions", true)
	state := m.rt("tfdynQuery")
	item := m.rt("tfdynItem")
	rt := p.declare(queryPage(q), what, e.Range)
	if res.Projected() {
		name := p.declare(typeName(res.Type), what, e.Range)
		p.homes[name] = m.path
		entity := m.use(entityFile(e), typeName(e.Name), true)
		var attrs []string
		for _, f := range res.Fields {
			attrs = append(attrs, str(f.Attr))
		}
		fmt.Fprintf(b, "/** %s is %s as %s projects it. */\n", name, gen.Article(entity), where)
		fmt.Fprintf(b, "export type %s = Pick<%s, %s>;\n\n", name, entity, strings.Join(attrs, " | "))
		m.export(name, true)
	}
	b.WriteString("/**\n")
	doc(b, "", fmt.Sprintf("%s is one page of a query of %s items in %s, in DynamoDB's order (items of other entities in the index are left out), and the cursor of the next page.", rt, e.SchemaName, where))
	b.WriteString(" */\n")
	fmt.Fprintf(b, "export interface %s {\n  items: %s[];\n  /** next is the cursor of the next page, undefined after the last page. */\n  next: %s | undefined;\n}\n\n", rt, p.resultType(m, res), m.use(clientFile, "Cursor", true))
	m.export(rt, true)

	// The builder types, one per depth, and the complete one.
	types := make([]string, len(q.Steps)+1)
	for d := range types {
		types[d] = p.declare(queryType(q, d), what, e.Range)
	}
	rng := p.declare(queryRange(q), what, e.Range)
	runMethods := func(t string) {
		fmt.Fprintf(b, "  /** desc returns the query in descending order of the sort key. */\n  desc(): %s;\n", t)
		fmt.Fprintf(b, "  /** limit returns the query with pages of at most n items read (DynamoDB's Limit). */\n  limit(n: number): %s;\n", t)
		fmt.Fprintf(b, "  /** page reads one page after options.after (undefined: the first page). */\n  page(options?: %s): Promise<%s>;\n", pageOpts, rt)
		fmt.Fprintf(b, "  /** pages reads every page, in order; it stops at the first error (thrown) or when the caller stops iterating. */\n  pages(options?: %s): AsyncGenerator<%s, void, undefined>;\n", call, rt)
	}
	for d, t := range types {
		var fixed []string
		for _, st := range q.Steps[:d] {
			fixed = append(fixed, st.Value.Attr)
		}
		fixes := "the partition key"
		if d > 0 {
			fixes += " and " + strings.Join(fixed, ", ")
		}
		b.WriteString("/**\n")
		doc(b, "", fmt.Sprintf("%s is a query of %s items in %s that fixes %s.", t, e.SchemaName, where, fixes))
		b.WriteString(" */\n")
		fmt.Fprintf(b, "export interface %s {\n", t)
		if d < len(q.Steps) {
			st := q.Steps[d]
			for _, c := range st.Conditions {
				params, docText := p.stepParams(m, st, c.Op)
				next := rng
				if c.Op == hclschema.OpEq {
					next = types[d+1]
				}
				fmt.Fprintf(b, "  /** %s */\n  %s(%s): %s;\n", strings.ReplaceAll(docText, "*/", "*\\/"), stepMethod(st, c.Op), strings.Join(params, ", "), next)
			}
		}
		runMethods(t)
		b.WriteString("}\n\n")
		m.export(t, true)
	}
	b.WriteString("/**\n")
	doc(b, "", fmt.Sprintf("%s is a query of %s items in %s whose conditions are complete (a range condition on its last attribute).", rng, e.SchemaName, where))
	b.WriteString(" */\n")
	fmt.Fprintf(b, "export interface %s {\n", rng)
	runMethods(rng)
	b.WriteString("}\n\n")
	m.export(rng, true)

	// The start: the partition key.
	pk := len(ix.PartitionKey)
	part := q.Key.Prefixes[0]
	var keyDoc []string
	for _, kv := range q.Key.Values {
		if kv.Field != nil {
			keyDoc = append(keyDoc, kv.Attr)
		} else {
			keyDoc = append(keyDoc, kv.Attr+" = "+oneLine(kv.Text))
		}
	}
	b.WriteString("/**\n")
	doc(b, "", fmt.Sprintf("%s starts a query of %s items in %s (key: %s): the partition key from its attributes, then the sort key attributes left to right, each by equality or, last, by a range condition. DynamoDB refuses any other query of the key, and it has no method here.",
		start, e.SchemaName, where, strings.Join(keyDoc, ", ")))
	b.WriteString(" *\n")
	doc(b, "", "@throws {KeyError} when a key template cannot be computed for the values given")
	b.WriteString(" */\n")
	kArg := ""
	if len(part.Params) > 0 {
		kArg = ", k: " + p.paramType(m, part.Params, true, nil)
	}
	fmt.Fprintf(b, "export function %s(db: %s%s): %s {\n", start, db, kArg, types[0])
	fmt.Fprintf(b, "  const values: %s = {};\n", item)
	for i, kv := range q.Key.Values[:pk] {
		fmt.Fprintf(b, "  values[%s] = %s;\n", str(q.Prefix.Values[i].Name), p.keyValueAV(m, e, index, kv, func(f *gen.Field) string { return access("k", f.Attr) }))
	}
	idx := str(index)
	fmt.Fprintf(b, "  return %s(db, {\n    name: %s,\n    table: %s,\n    index: %s,\n    cond: %s,\n    names: %s,\n    values,\n    desc: false,\n    limit: 0,\n  });\n}\n\n",
		queryImpl(types[0]), str(e.SchemaName+" "+where), tableRef(e.Table), idx, str(q.Prefix.KeyCondition), namesLiteral(q.Prefix.Names))
	m.export(start, false)

	// The builders.
	page := "tfdyn" + typeName(q.Name) + "Page"
	runImpl := func(t string) {
		fmt.Fprintf(b, "    desc: () => %s(db, { ...s, desc: true }),\n", queryImpl(t))
		fmt.Fprintf(b, "    limit: (n) => %s(db, { ...s, limit: n }),\n", queryImpl(t))
		fmt.Fprintf(b, "    page: (options = {}) => %s(db, s, options),\n", page)
		fmt.Fprintf(b, "    pages: (options = {}) => %s((after) => %s(db, s, { ...options, after })),\n", m.rt("tfdynPages"), page)
	}
	for d, t := range types {
		fmt.Fprintf(b, "function %s(db: %s, s: %s): %s {\n  return {\n", queryImpl(t), db, state, t)
		if d < len(q.Steps) {
			st := q.Steps[d]
			for _, c := range st.Conditions {
				shape := c.Shape
				next := queryImpl(rng)
				if c.Op == hclschema.OpEq {
					next = queryImpl(types[d+1])
				}
				names, vals := p.stepValues(m, e, index, st, c.Op, shape.Values[pk+d:])
				fmt.Fprintf(b, "    %s: (%s) => %s(db, %s(s, %s, %s, { %s })),\n", stepMethod(st, c.Op), strings.Join(names, ", "), next, m.rt("tfdynStep"),
					str(shape.KeyCondition), namesLiteral(shape.Names), strings.Join(vals, ", "))
			}
		}
		runImpl(t)
		b.WriteString("  };\n}\n\n")
	}
	fmt.Fprintf(b, "function %s(db: %s, s: %s): %s {\n  return {\n", queryImpl(rng), db, state, rng)
	runImpl(rng)
	b.WriteString("  };\n}\n\n")

	// The page function.
	rec := m.use(recogniseFile, p.recogniserName(typeName(q.Name), res), false)
	fmt.Fprintf(b, "async function %s(db: %s, s: %s, options: %s): Promise<%s> {\n", page, db, state, pageOpts, rt)
	fmt.Fprintf(b, "  const { request, binding } = %s(s, options.after);\n", m.rt("tfdynQueryRequest"))
	fmt.Fprintf(b, "  const out = await db.client.send(new %s(request), %s(options.signal));\n", m.use("@aws-sdk/client-dynamodb", "QueryCommand", false), m.rt("tfdynAbort"))
	fmt.Fprintf(b, "  const page: %s = { items: [], next: %s(out.LastEvaluatedKey, binding) };\n", rt, m.rt("tfdynEncodeCursor"))
	b.WriteString("  for (const item of out.Items ?? []) {\n")
	fmt.Fprintf(b, "    let x: %s | undefined;\n", p.resultType(m, res))
	fmt.Fprintf(b, "    try {\n      x = %s(item);\n    } catch (err) {\n      throw new %s(s.name, %s(item, %s), err);\n    }\n", rec, m.rt("ItemError"), m.rt("tfdynKeyText"), keyAttrs(e.Table))
	b.WriteString("    if (x !== undefined) {\n      page.items.push(x); // items of other entities are left out\n    }\n  }\n  return page;\n}\n\n")
}

// stepParams are the parameters of a step's method for operator op, and
// its documentation.
func (p *printer) stepParams(m *module, st *gen.QueryStep, op hclschema.ConditionOp) ([]string, string) {
	attr := st.Value.Attr
	method := stepMethod(st, op)
	t := p.tsType(m, p.sortType(m, st))
	raw := st.Value.Field == nil && op != hclschema.OpEq
	var params []string
	var text string
	switch {
	case op == hclschema.OpEq && st.Value.Field == nil:
		for _, f := range st.Value.Reads {
			params = append(params, param(f.Name)+": "+p.tsType(m, f.Type))
		}
		text = fmt.Sprintf("%s fixes %s = %s by equality.", method, attr, oneLine(st.Value.Text))
	case op == hclschema.OpBetween:
		params = []string{"lo: " + t, "hi: " + t}
		text = fmt.Sprintf("%s puts %s BETWEEN lo AND hi (both included) and ends the query's conditions.", method, attr)
	case op == hclschema.OpBeginsWith:
		params = []string{"prefix: string"}
		text = fmt.Sprintf("%s puts begins_with(%s, prefix) and ends the query's conditions.", method, attr)
	case op == hclschema.OpEq:
		params = []string{"v: " + t}
		text = fmt.Sprintf("%s fixes %s = v by equality.", method, attr)
	default:
		params = []string{"v: " + t}
		text = fmt.Sprintf("%s puts %s %s v and ends the query's conditions.", method, attr, op)
	}
	if raw {
		text += fmt.Sprintf(" The value is %s as stored (%s).", attr, oneLine(st.Value.Text))
	}
	return params, text
}

// stepValues are the parameter names of a step's method and the values
// (placeholder: attribute value) it adds.
func (p *printer) stepValues(m *module, e *gen.Entity, index string, st *gen.QueryStep, op hclschema.ConditionOp, ops []dynamo.Placeholder) ([]string, []string) {
	raw := func(v string) string {
		return p.rawAV(m, e, st, v)
	}
	switch {
	case op == hclschema.OpEq && st.Value.Field == nil:
		var names []string
		for _, f := range st.Value.Reads {
			names = append(names, param(f.Name))
		}
		return names, []string{str(ops[0].Name) + ": " + p.keyValueAV(m, e, index, st.Value, func(f *gen.Field) string { return param(f.Name) })}
	case op == hclschema.OpBetween:
		return []string{"lo", "hi"}, []string{str(ops[0].Name) + ": " + raw("lo"), str(ops[1].Name) + ": " + raw("hi")}
	case op == hclschema.OpBeginsWith:
		return []string{"prefix"}, []string{str(ops[0].Name) + ": { S: prefix }"}
	}
	return []string{"v"}, []string{str(ops[0].Name) + ": " + raw("v")}
}

// rawAV is the attribute value of a range operand v of a step: the
// field's value, or the stored key value (a string or a number).
func (p *printer) rawAV(m *module, e *gen.Entity, st *gen.QueryStep, v string) string {
	t := p.sortType(m, st)
	switch t.Kind {
	case gen.TString, gen.TEnum:
		return "{ S: " + v + " }"
	case gen.TNumber:
		return "{ N: " + m.rt("tfdynNumText") + "(" + m.rt("tfdynFinite") + "(" + v + ", " + str(e.SchemaName) + ", " + str(st.Value.Attr) + ")) }"
	case gen.TBool:
		return "{ BOOL: " + v + " }"
	}
	return m.rt("tfdynAV") + "(" + v + ")"
}

// keyValueAV is the attribute value of key value kv of entity e computed
// from the values ref gives: the attribute's value, or its template's.
func (p *printer) keyValueAV(m *module, e *gen.Entity, index string, kv *gen.KeyValue, ref func(*gen.Field) string) string {
	if kv.Field != nil {
		src := ref(kv.Field)
		switch kv.Field.Type.Kind {
		case gen.TString, gen.TEnum:
			return "{ S: " + src + " }"
		case gen.TNumber:
			return "{ N: " + m.rt("tfdynNumText") + "(" + m.rt("tfdynFinite") + "(" + src + ", " + str(e.SchemaName) + ", " + str(kv.Field.Attr) + ")) }"
		}
		return m.rt("tfdynAV") + "(" + src + ")"
	}
	var args []string
	for _, f := range kv.Reads {
		args = append(args, ref(f))
	}
	call := m.use(dataAccessDir+"templates.ts", templateName(e, kv), false) + "(" + strings.Join(args, ", ") + ")"
	return m.rt("tfdynKeyAV") + "(" + p.present(m, e, index, kv, call) + ")"
}

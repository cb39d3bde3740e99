package golang

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// queryStart is the method of Queries that starts a query builder:
// QueryMatchByRegion.
func queryStart(q *gen.Query) string { return "Query" + exported(q.Name[:len(q.Name)-1]) }

// queryType is the type of a builder with the first d sort key attributes
// fixed by equality.
func queryType(q *gen.Query, d int) string {
	s := exported(q.Name)
	for _, st := range q.Steps[:d] {
		s += exported(gen.NameOf(st.Value.Attr))
	}
	return s
}

func queryRange(q *gen.Query) string { return exported(q.Name) + "Range" }

func queryResultType(q *gen.Query) string {
	return exported(q.Name[:len(q.Name)-1]) + "Result"
}

// queryConst is the prefix of the constants of a builder's requests.
func queryConst(q *gen.Query) string { return "tfdyn" + exported(q.Name) }

// shapeConst names the key condition and names of one request of a
// builder: the prefix of d equalities, or op at depth d.
func shapeConst(q *gen.Query, d int, op hclschema.ConditionOp) string {
	if op == "" {
		return fmt.Sprintf("%s%d", queryConst(q), d)
	}
	return fmt.Sprintf("%s%d%s", queryConst(q), d, opWord(op))
}

var opWords = map[hclschema.ConditionOp]string{
	hclschema.OpEq: "Eq", hclschema.OpLT: "LT", hclschema.OpLE: "LE", hclschema.OpGT: "GT", hclschema.OpGE: "GE",
	hclschema.OpBetween: "Between", hclschema.OpBeginsWith: "BeginsWith",
}

func opWord(op hclschema.ConditionOp) string { return opWords[op] }

// prefixShape is the request of the partition key and d sort key
// attributes by equality.
func prefixShape(q *gen.Query, d int) *dynamo.ReadShape {
	if d == 0 {
		return q.Prefix
	}
	for _, c := range q.Steps[d-1].Conditions {
		if c.Op == hclschema.OpEq {
			return c.Shape
		}
	}
	return nil
}

// queries prints the query builders.
func (p *printer) queries(b *bytes.Buffer) {
	p.header(b, "context", "iter", typesImport)
	for _, q := range p.api.Queries {
		p.query(b, q)
	}
}

func (p *printer) query(b *bytes.Buffer, q *gen.Query) {
	e := q.Entity
	ix := q.Index
	where := "the table"
	if ix.Kind != gen.IndexPrimary {
		where = "index " + ix.IndexName
	}
	start := p.declareMethod(queryStart(q), "the query builder of "+e.SchemaName+" in "+where, e.Range)
	res := q.Result
	rt := p.declare(queryResultType(q), "the query builder of "+e.SchemaName+" in "+where, e.Range)
	if res.Projected() {
		name := p.declare(resultType(res), "the query builder of "+e.SchemaName+" in "+where, e.Range)
		comment(b, "", fmt.Sprintf("%s is %s as %s projects it.", name, gen.Article(exported(e.Name)), where))
		fmt.Fprintf(b, "type %s struct {\n", name)
		p.fields(b, res.Fields)
		b.WriteString("}\n\n")
	}
	comment(b, "", fmt.Sprintf("%s is one page of a query of %s items in %s, in DynamoDB's order (items of other entities in the index are left out), and the cursor of the next page.", rt, e.SchemaName, where))
	fmt.Fprintf(b, "type %s struct {\n\tItems []%s\n\t// Next is the cursor of the next page, \"\" after the last page.\n\tNext Cursor\n}\n\n", rt, resultType(res))

	// The constant requests.
	var consts []string
	shapes := map[string]*dynamo.ReadShape{}
	var order []string
	add := func(name string, s *dynamo.ReadShape) {
		shapes[name] = s
		order = append(order, name)
		consts = append(consts, fmt.Sprintf("%sKeyCondition = %s", name, quote(s.KeyCondition)))
	}
	for d := 0; d <= len(q.Steps); d++ {
		if d > 0 {
			continue // a prefix of d equalities is step d-1's equality
		}
		add(shapeConst(q, 0, ""), q.Prefix)
	}
	for _, st := range q.Steps {
		for _, c := range st.Conditions {
			add(shapeConst(q, st.Depth, c.Op), c.Shape)
		}
	}
	fmt.Fprintf(b, "// The key conditions of the queries of %s items in %s.\nconst (\n", e.SchemaName, where)
	for _, c := range consts {
		fmt.Fprintf(b, "\t%s\n", c)
	}
	b.WriteString(")\n\n")
	for _, n := range order {
		fmt.Fprintf(b, "var %sNames = %s\n\n", n, namesLiteral(shapes[n].Names))
	}

	// The start: the partition key.
	pk := len(ix.PartitionKey)
	part := q.Key.Prefixes[0]
	t0 := p.declare(queryType(q, 0), "the query builder of "+e.SchemaName+" in "+where, e.Range)
	var keyDoc []string
	for _, kv := range q.Key.Values {
		if kv.Field != nil {
			keyDoc = append(keyDoc, kv.Attr)
		} else {
			keyDoc = append(keyDoc, kv.Attr+" = "+kv.Text)
		}
	}
	comment(b, "", fmt.Sprintf("%s starts a query of %s items in %s (key: %s): the partition key from its attributes, then the sort key attributes left to right, each by equality or, last, by a range condition. DynamoDB refuses any other query of the key, and it has no method here.",
		start, e.SchemaName, where, strings.Join(keyDoc, ", ")))
	fmt.Fprintf(b, "func (q *Queries) %s(%s) %s {\n", start, paramList(part.Params), t0)
	idx := ""
	if ix.IndexName != "" {
		idx = quote(ix.IndexName)
	} else {
		idx = `""`
	}
	fmt.Fprintf(b, "\tb := tfdynQuery{name: %s, table: q.tables.%s, index: %s}\n", quote(e.SchemaName+" "+where), tableField(e.Table), idx)
	n0 := shapeConst(q, 0, "")
	fmt.Fprintf(b, "\tb = b.tfdynStep(%sKeyCondition, %sNames, func(values map[string]types.AttributeValue) error {\n", n0, n0)
	for i, kv := range q.Key.Values[:pk] {
		p.keyValueStmt(b, "\t\t", e, kv, fmt.Sprintf("values[%q]", q.Prefix.Values[i].Name))
	}
	b.WriteString("\t\treturn nil\n\t})\n")
	fmt.Fprintf(b, "\treturn %s{q: q, b: b}\n}\n\n", t0)

	for d := 0; d <= len(q.Steps); d++ {
		t := queryType(q, d)
		if d > 0 {
			p.declare(t, "the query builder of "+e.SchemaName+" in "+where, e.Range)
		}
		var fixed []string
		for _, st := range q.Steps[:d] {
			fixed = append(fixed, st.Value.Attr)
		}
		what := "the partition key"
		if d > 0 {
			what += " and " + strings.Join(fixed, ", ")
		}
		comment(b, "", fmt.Sprintf("%s is a query of %s items in %s that fixes %s.", t, e.SchemaName, where, what))
		fmt.Fprintf(b, "type %s struct {\n\tq *Queries\n\tb tfdynQuery\n}\n\n", t)
		p.queryRun(b, q, t, rt)
		if d == len(q.Steps) {
			continue
		}
		st := q.Steps[d]
		attr := exported(gen.NameOf(st.Value.Attr))
		for _, c := range st.Conditions {
			name := shapeConst(q, d, c.Op)
			s := c.Shape
			next := queryRange(q)
			if c.Op == hclschema.OpEq {
				next = queryType(q, d+1)
			}
			// The values this condition adds: its operands.
			ops := s.Values[pk+d:]
			var params []string
			var doc string
			raw := st.Value.Field == nil && c.Op != hclschema.OpEq
			switch {
			case c.Op == hclschema.OpEq && st.Value.Field == nil:
				params = []string{paramList(st.Value.Reads)}
				doc = fmt.Sprintf("%s fixes %s = %s by equality.", attr+"Eq", st.Value.Attr, st.Value.Text)
			case c.Op == hclschema.OpBetween:
				params = []string{"lo " + sortType(st), "hi " + sortType(st)}
				doc = fmt.Sprintf("%sBetween puts %s BETWEEN lo AND hi (both included) and ends the query's conditions.", attr, st.Value.Attr)
			case c.Op == hclschema.OpBeginsWith:
				params = []string{"prefix string"}
				doc = fmt.Sprintf("%sBeginsWith puts begins_with(%s, prefix) and ends the query's conditions.", attr, st.Value.Attr)
			case c.Op == hclschema.OpEq:
				params = []string{"v " + sortType(st)}
				doc = fmt.Sprintf("%sEq fixes %s = v by equality.", attr, st.Value.Attr)
			default:
				params = []string{"v " + sortType(st)}
				doc = fmt.Sprintf("%s%s puts %s %s v and ends the query's conditions.", attr, opWord(c.Op), st.Value.Attr, c.Op)
			}
			if raw {
				doc += fmt.Sprintf(" The value is %s as stored (%s).", st.Value.Attr, st.Value.Text)
			}
			comment(b, "", doc)
			fmt.Fprintf(b, "func (x %s) %s%s(%s) %s {\n", t, attr, opWord(c.Op), strings.Join(params, ", "), next)
			fmt.Fprintf(b, "\tb := x.b.tfdynStep(%sKeyCondition, %sNames, func(values map[string]types.AttributeValue) error {\n", name, name)
			switch {
			case c.Op == hclschema.OpEq && st.Value.Field == nil:
				p.keyValueStmt(b, "\t\t", e, st.Value, fmt.Sprintf("values[%q]", ops[0].Name))
			case c.Op == hclschema.OpBetween:
				p.rawStmt(b, "\t\t", st, "lo", fmt.Sprintf("values[%q]", ops[0].Name))
				p.rawStmt(b, "\t\t", st, "hi", fmt.Sprintf("values[%q]", ops[1].Name))
			case c.Op == hclschema.OpBeginsWith:
				fmt.Fprintf(b, "\t\tvalues[%q] = &types.AttributeValueMemberS{Value: prefix}\n", ops[0].Name)
			default:
				p.rawStmt(b, "\t\t", st, "v", fmt.Sprintf("values[%q]", ops[0].Name))
			}
			b.WriteString("\t\treturn nil\n\t})\n")
			fmt.Fprintf(b, "\treturn %s{q: x.q, b: b}\n}\n\n", next)
		}
	}
	comment(b, "", fmt.Sprintf("%s is a query of %s items in %s whose conditions are complete (a range condition on its last attribute).", queryRange(q), e.SchemaName, where))
	fmt.Fprintf(b, "type %s struct {\n\tq *Queries\n\tb tfdynQuery\n}\n\n", p.declare(queryRange(q), "the query builder of "+e.SchemaName, e.Range))
	p.queryRun(b, q, queryRange(q), rt)

	// The page function.
	fn := "tfdyn" + exported(q.Name) + "Page"
	rec := p.recogniserName(exported(q.Name), res)
	fmt.Fprintf(b, "func %s(ctx context.Context, q *Queries, b tfdynQuery, after Cursor) (%s, error) {\n\tvar res %s\n", fn, rt, rt)
	b.WriteString("\tin, binding, err := b.tfdynInput(after)\n\tif err != nil {\n\t\treturn res, err\n\t}\n")
	b.WriteString("\tout, err := q.db.Query(ctx, in)\n\tif err != nil {\n\t\treturn res, err\n\t}\n")
	var keys []string
	for _, k := range e.Table.Primary.PartitionKey {
		keys = append(keys, quote(k.Attr))
	}
	for _, k := range e.Table.Primary.SortKey {
		keys = append(keys, quote(k.Attr))
	}
	fmt.Fprintf(b, "\tfor _, item := range out.Items {\n\t\tx, err := %s(item)\n\t\tif err == errTfdynOther {\n\t\t\tcontinue // an item of another entity\n\t\t}\n", rec)
	fmt.Fprintf(b, "\t\tif err != nil {\n\t\t\treturn res, &ItemError{Pattern: b.name, Key: tfdynKeyText(item, %s), Err: err}\n\t\t}\n\t\tres.Items = append(res.Items, x)\n\t}\n", strings.Join(keys, ", "))
	b.WriteString("\tres.Next = tfdynEncodeCursor(out.LastEvaluatedKey, binding)\n\treturn res, nil\n}\n\n")
}

// queryRun prints the options and the methods that run a builder of type t.
func (p *printer) queryRun(b *bytes.Buffer, q *gen.Query, t, rt string) {
	fn := "tfdyn" + exported(q.Name) + "Page"
	fmt.Fprintf(b, "// Desc returns the query in descending order of the sort key.\nfunc (x %s) Desc() %s {\n\tx.b.desc = true\n\treturn x\n}\n\n", t, t)
	fmt.Fprintf(b, "// Limit returns the query with pages of at most n items read (DynamoDB's\n// Limit).\nfunc (x %s) Limit(n int32) %s {\n\tx.b.limit = n\n\treturn x\n}\n\n", t, t)
	fmt.Fprintf(b, "// Page reads one page after the cursor after (\"\": the first page).\nfunc (x %s) Page(ctx context.Context, after Cursor) (%s, error) {\n\treturn %s(ctx, x.q, x.b, after)\n}\n\n", t, rt, fn)
	fmt.Fprintf(b, "// Pages reads every page, in order; it stops at the first error (yielded)\n// or when the caller stops.\nfunc (x %s) Pages(ctx context.Context) iter.Seq2[%s, error] {\n", t, rt)
	fmt.Fprintf(b, "\treturn func(yield func(%s, error) bool) {\n\t\tvar after Cursor\n\t\tfor {\n\t\t\tpage, err := x.Page(ctx, after)\n", rt)
	b.WriteString("\t\t\tif !yield(page, err) || err != nil || page.Next == \"\" {\n\t\t\t\treturn\n\t\t\t}\n\t\t\tafter = page.Next\n\t\t}\n\t}\n}\n\n")
}

// sortType is the Go type of a range operand of a step's attribute: the
// field's type for an attribute of the entity, else the stored key value's
// (a string or a number).
func sortType(st *gen.QueryStep) string {
	if st.Value.Field != nil {
		return goType(st.Value.Field.Type)
	}
	if st.Value.Type == gen.KeyN {
		return "float64"
	}
	return "string"
}

// rawStmt prints the statement setting dst to a range operand v of a step.
func (p *printer) rawStmt(b *bytes.Buffer, ind string, st *gen.QueryStep, v, dst string) {
	t := &gen.Type{Kind: gen.TString}
	switch {
	case st.Value.Field != nil:
		t = st.Value.Field.Type
	case st.Value.Type == gen.KeyN:
		t = &gen.Type{Kind: gen.TNumber}
	}
	p.marshalValueFail(b, ind, v, t, dst, "return err", 0)
}

// keyValueStmt prints the statement setting dst to key value kv of entity
// e computed from the parameters of the same names.
func (p *printer) keyValueStmt(b *bytes.Buffer, ind string, e *gen.Entity, kv *gen.KeyValue, dst string) {
	if kv.Field != nil {
		src := unexported(kv.Field.Name)
		if kv.Field.Optional {
			fmt.Fprintf(b, "%sif %s == nil {\n%s\treturn ErrNotInIndex\n%s}\n", ind, src, ind, ind)
			src = "*" + src
		}
		p.marshalValueFail(b, ind, src, kv.Field.Type, dst, "return err", 0)
		return
	}
	fmt.Fprintf(b, "%sif av, err := %s(%s); err != nil {\n%s\treturn &KeyError{Entity: %s, Attribute: %s, Template: %s, Err: err}\n%s} else {\n%s\t%s = av\n%s}\n",
		ind, p.templateFunc(e, kv), p.argsOf(kv), ind, quote(e.SchemaName), quote(kv.Attr), quote(kv.Text), ind, ind, dst, ind)
}

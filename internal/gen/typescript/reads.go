package typescript

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// readFunc is the function of an access pattern: ordersForCustomer.
func readFunc(r *gen.Read) string { return funcName(r.Name) }

// inputType is the type of a pattern's inputs: OrdersForCustomerInput.
func inputType(n gen.Name) string { return typeName(n.With("input")) }

// resultTypeName is the TypeScript type of one entity's items as a read
// returns them: the entity's type, or a type of the pattern's projection.
func resultTypeName(res *gen.Result) string {
	if res.Projected() {
		return typeName(res.Type)
	}
	return typeName(res.Entity.Name)
}

// resultType is resultTypeName, imported into m.
func (p *printer) resultType(m *module, res *gen.Result) string {
	if res.Projected() {
		return m.use(p.homes[typeName(res.Type)], typeName(res.Type), true)
	}
	return m.use(entityFile(res.Entity), typeName(res.Entity.Name), true)
}

// pageType is the type of a read's page (a Query of several items) or of
// its result with one list per entity (a read of one item of several
// entities).
func pageType(r *gen.Read) string {
	if r.One {
		return typeName(r.Name.With("result"))
	}
	return typeName(r.Name.With("page"))
}

// resultProp is the property of a page holding an entity's items: items,
// or per entity its plural (orders, orderItems).
func resultProp(r *gen.Read, res *gen.Result) string {
	if len(r.Results) == 1 {
		return "items"
	}
	return pluralProp(res.Entity.Name)
}

// pluralProp is the plural of an entity's name as a property: orderItems.
func pluralProp(n gen.Name) string {
	if len(n) == 0 {
		return "items"
	}
	out := append(gen.Name{}, n[:len(n)-1]...)
	last := n[len(n)-1]
	switch {
	case strings.HasSuffix(last, "y") && len(last) > 1 && !strings.ContainsRune("aeiou", rune(last[len(last)-2])):
		last = last[:len(last)-1] + "ies"
	case strings.HasSuffix(last, "s"), strings.HasSuffix(last, "x"), strings.HasSuffix(last, "z"), strings.HasSuffix(last, "ch"), strings.HasSuffix(last, "sh"):
		last += "es"
	default:
		last += "s"
	}
	return funcName(append(out, last))
}

// inputRef is a parameter's value in a function: input.username.
func inputRef(f *gen.Field) string {
	if f.Of != nil {
		return access(inputRef(f.Of), f.Attr)
	}
	return access("input", f.Attr)
}

// keyAttrs is the list literal of a table's primary key attributes.
func keyAttrs(t *gen.Table) string {
	var keys []string
	for _, k := range t.Primary.PartitionKey {
		keys = append(keys, str(k.Attr))
	}
	for _, k := range t.Primary.SortKey {
		keys = append(keys, str(k.Attr))
	}
	return "[" + strings.Join(keys, ", ") + "]"
}

// read prints the function (or functions) of an access pattern into m: its
// input and result types, the request built from the shape's constant
// expressions and the values computed per call, and the items recognised
// as the pattern's entities.
func (p *printer) read(m *module, r *gen.Read) {
	b := &m.body
	what := "access pattern " + str(r.Pattern.Name)
	fn := p.declare(readFunc(r), what, r.Range)
	p.local(fn, what, r.Range)
	s := r.Shape
	db := m.use(clientFile, "Db", true)
	pattern := str(r.Pattern.Name)

	in := ""
	if len(r.Params) > 0 {
		in = p.declare(inputType(r.Name), what, r.Range)
		fmt.Fprintf(b, "/** %s are the inputs of access pattern %s. */\n", in, r.Pattern.Name)
		fmt.Fprintf(b, "export interface %s {\n", in)
		for _, f := range r.Params {
			fmt.Fprintf(b, "  %s: %s;\n", prop(f.Attr), p.tsType(m, f.Type))
		}
		b.WriteString("}\n\n")
		m.export(in, true)
	}
	for _, res := range r.Results {
		if !res.Projected() {
			continue
		}
		name := p.declare(typeName(res.Type), "the result of "+what, r.Range)
		p.homes[name] = m.path
		entity := m.use(entityFile(res.Entity), typeName(res.Entity.Name), true)
		var attrs []string
		for _, f := range res.Fields {
			attrs = append(attrs, str(f.Attr))
		}
		b.WriteString("/**\n")
		doc(b, "", fmt.Sprintf("%s is %s as access pattern %s reads it: the attributes %s returns.", name, gen.Article(entity), r.Pattern.Name, indexWhat(r)))
		b.WriteString(" */\n")
		fmt.Fprintf(b, "export type %s = Pick<%s, %s>;\n\n", name, entity, strings.Join(attrs, " | "))
		m.export(name, true)
	}
	page := ""
	if !r.One || len(r.Results) > 1 {
		page = p.declare(pageType(r), "the result of "+what, r.Range)
		b.WriteString("/**\n")
		if r.One {
			doc(b, "", fmt.Sprintf("%s is the item access pattern %s reads, in the list of its entity.", page, r.Pattern.Name))
		} else {
			doc(b, "", fmt.Sprintf("%s is one page of access pattern %s: the items in DynamoDB's order%s, and the cursor of the next page.", page, r.Pattern.Name, perEntity(r)))
		}
		b.WriteString(" */\n")
		fmt.Fprintf(b, "export interface %s {\n", page)
		for _, res := range r.Results {
			fmt.Fprintf(b, "  %s: %s[];\n", resultProp(r, res), p.resultType(m, res))
		}
		if !r.One {
			b.WriteString("  /** next is the cursor of the next page, undefined after the last page. */\n")
			fmt.Fprintf(b, "  next: %s | undefined;\n", m.use(clientFile, "Cursor", true))
		}
		b.WriteString("}\n\n")
		m.export(page, true)
	}

	p.readDoc(b, r, fn)
	inArg := ""
	if in != "" {
		inArg = ", input: " + in
	}
	ret := page
	switch {
	case r.One && len(r.Results) == 1:
		ret = p.resultType(m, r.Results[0]) + " | undefined"
	case r.One:
		ret += " | undefined"
	}
	opts := m.use(clientFile, "CallOptions", true)
	if !r.One {
		opts = m.use(clientFile, "PageOptions", true)
	}
	fmt.Fprintf(b, "export async function %s(db: %s%s, options: %s = {}): Promise<%s> {\n", fn, db, inArg, opts, ret)
	item := m.rt("tfdynItem")
	abort := m.rt("tfdynAbort") + "(options.signal)"
	if s.Operation == hclschema.OpGetItem {
		fmt.Fprintf(b, "  const key: %s = {};\n", item)
		for _, v := range r.Key {
			fmt.Fprintf(b, "  key[%s] = %s;\n", str(v.Attr), p.valueExpr(m, v, r.Pattern.Name, inputRef))
		}
		get := m.use("@aws-sdk/client-dynamodb", "GetItemCommand", false)
		fields := []string{"TableName: " + tableRef(r.Table), "Key: key"}
		if s.ConsistentRead {
			fields = append(fields, "ConsistentRead: true")
		}
		if s.Projection != "" {
			fields = append(fields, "ProjectionExpression: "+str(s.Projection), "ExpressionAttributeNames: "+namesLiteral(s.Names))
		}
		fmt.Fprintf(b, "  const out = await db.client.send(new %s({ %s }), %s);\n", get, strings.Join(fields, ", "), abort)
		b.WriteString("  if (out.Item === undefined) {\n    return undefined;\n  }\n")
		p.dispatch(m, "  ", r, "out.Item", true)
		b.WriteString("}\n\n")
		m.export(fn, false)
		return
	}
	p.queryRequest(m, r)
	query := m.use("@aws-sdk/client-dynamodb", "QueryCommand", false)
	if r.One {
		fmt.Fprintf(b, "  const found: %s[] = [];\n  for (;;) {\n", item)
		fmt.Fprintf(b, "    const out = await db.client.send(new %s(request), %s);\n", query, abort)
		b.WriteString("    found.push(...(out.Items ?? []));\n")
		b.WriteString("    if (found.length > 1 || out.LastEvaluatedKey === undefined || Object.keys(out.LastEvaluatedKey).length === 0) {\n      break;\n    }\n")
		b.WriteString("    request.ExclusiveStartKey = out.LastEvaluatedKey;\n  }\n")
		b.WriteString("  const first = found[0];\n  if (first === undefined) {\n    return undefined;\n  }\n")
		fmt.Fprintf(b, "  if (found.length > 1) {\n    throw new %s(%s, found.length);\n  }\n", m.rt("CardinalityError"), pattern)
		p.dispatch(m, "  ", r, "first", true)
		b.WriteString("}\n\n")
		m.export(fn, false)
		return
	}
	fmt.Fprintf(b, "  const binding = %s(%s, values);\n", m.rt("tfdynBinding"), pattern)
	fmt.Fprintf(b, "  if (options.after !== undefined) {\n    request.ExclusiveStartKey = %s(options.after, %s, binding);\n  }\n", m.rt("tfdynDecodeCursor"), pattern)
	fmt.Fprintf(b, "  const out = await db.client.send(new %s(request), %s);\n", query, abort)
	var props []string
	for _, res := range r.Results {
		props = append(props, resultProp(r, res)+": []")
	}
	fmt.Fprintf(b, "  const page: %s = { %s, next: %s(out.LastEvaluatedKey, binding) };\n", page, strings.Join(props, ", "), m.rt("tfdynEncodeCursor"))
	b.WriteString("  for (const item of out.Items ?? []) {\n")
	p.dispatch(m, "    ", r, "item", false)
	b.WriteString("  }\n  return page;\n}\n\n")
	m.export(fn, false)

	pages := p.declare(fn+"Pages", what, r.Range)
	p.local(pages, what, r.Range)
	b.WriteString("/**\n")
	doc(b, "", fmt.Sprintf("%s reads every page of access pattern %s, in order, from the first; it stops at the first error (thrown) or when the caller stops iterating.", pages, r.Pattern.Name))
	b.WriteString(" */\n")
	inRef := ""
	if in != "" {
		inRef = ", input"
	}
	fmt.Fprintf(b, "export function %s(db: %s%s, options: %s = {}): AsyncGenerator<%s, void, undefined> {\n", pages, db, inArg, m.use(clientFile, "CallOptions", true), page)
	fmt.Fprintf(b, "  return %s((after) => %s(db%s, { ...options, after }));\n}\n\n", m.rt("tfdynPages"), fn, inRef)
	m.export(pages, false)
}

// queryRequest prints the values and the Query request (request) of a
// read.
func (p *printer) queryRequest(m *module, r *gen.Read) {
	b := &m.body
	s := r.Shape
	fmt.Fprintf(b, "  const values: %s = {};\n", m.rt("tfdynItem"))
	for _, v := range r.Values {
		fmt.Fprintf(b, "  values[%s] = %s;\n", str(v.Placeholder), p.valueExpr(m, v, r.Pattern.Name, inputRef))
	}
	fmt.Fprintf(b, "  const request: %s = {\n", m.use("@aws-sdk/client-dynamodb", "QueryCommandInput", true))
	fmt.Fprintf(b, "    TableName: %s,\n", tableRef(r.Table))
	if s.IndexName != "" {
		fmt.Fprintf(b, "    IndexName: %s,\n", str(s.IndexName))
	}
	fmt.Fprintf(b, "    KeyConditionExpression: %s,\n", str(s.KeyCondition))
	if s.Filter != "" {
		fmt.Fprintf(b, "    FilterExpression: %s,\n", str(s.Filter))
	}
	if s.Projection != "" {
		fmt.Fprintf(b, "    ProjectionExpression: %s,\n", str(s.Projection))
	}
	fmt.Fprintf(b, "    ExpressionAttributeNames: %s,\n", namesLiteral(s.Names))
	b.WriteString("    ExpressionAttributeValues: values,\n")
	fmt.Fprintf(b, "    ScanIndexForward: %t,\n", s.ScanIndexForward)
	if s.ConsistentRead {
		b.WriteString("    ConsistentRead: true,\n")
	}
	if s.Limit > 0 {
		fmt.Fprintf(b, "    Limit: %d,\n", s.Limit)
	}
	b.WriteString("  };\n")
}

// dispatch prints the recognition of one stored item (src) as one of the
// read's entities. one: the function returns the item (a read of one
// item); else the item joins the page's list of its entity.
func (p *printer) dispatch(m *module, ind string, r *gen.Read, src string, one bool) {
	b := &m.body
	pattern := str(r.Pattern.Name)
	keys := keyAttrs(r.Table)
	if len(r.Results) == 1 {
		res := r.Results[0]
		x := fmt.Sprintf("%s(%s, %s, %s, %s)", m.rt("tfdynRecognise"), pattern, src, keys, p.recogniser(m, r, res))
		if one {
			fmt.Fprintf(b, "%sreturn %s;\n", ind, x)
		} else {
			fmt.Fprintf(b, "%spage.items.push(%s);\n", ind, x)
		}
		return
	}
	target := "page"
	if one {
		var props []string
		for _, res := range r.Results {
			props = append(props, resultProp(r, res)+": []")
		}
		fmt.Fprintf(b, "%sconst result: %s = { %s };\n", ind, pageType(r), strings.Join(props, ", "))
		target = "result"
	}
	for i, res := range r.Results {
		fmt.Fprintf(b, "%sconst x%d = %s(%s, %s);\n", ind, i, m.rt("tfdynTry"), p.recogniser(m, r, res), src)
		fmt.Fprintf(b, "%sif (x%d !== undefined) {\n%s  %s.%s.push(x%d);\n", ind, i, ind, target, resultProp(r, res), i)
		if one {
			fmt.Fprintf(b, "%s  return result;\n%s}\n", ind, ind)
		} else {
			fmt.Fprintf(b, "%s  continue;\n%s}\n", ind, ind)
		}
	}
	var names []string
	for _, res := range r.Results {
		names = append(names, res.Entity.SchemaName)
	}
	fmt.Fprintf(b, "%sthrow new %s(%s, %s(%s, %s), new Error(%s));\n", ind, m.rt("ItemError"), pattern, m.rt("tfdynKeyText"), src, keys,
		str("it is an item of none of "+strings.Join(names, ", ")+": none of them computes its key from it"))
}

// readDoc prints a read function's documentation: the pattern, its
// request and its cost.
func (p *printer) readDoc(b *bytes.Buffer, r *gen.Read, fn string) {
	s := r.Shape
	what := fmt.Sprintf("%s runs access pattern %s", fn, r.Pattern.Name)
	if r.Pattern.Description != "" {
		what += ": " + r.Pattern.Description
	}
	b.WriteString("/**\n")
	doc(b, "", strings.TrimSuffix(what, ".")+".")
	b.WriteString(" *\n")
	docLine(b, "", fmt.Sprintf("    %s on %s", s.Operation, indexWhat(r)))
	docLine(b, "", "    key condition: "+oneLine(r.KeyConditionText))
	if r.FilterText != "" {
		docLine(b, "", "    filter: "+oneLine(r.FilterText))
	}
	if len(s.ProjectionAttrs) > 0 {
		docLine(b, "", "    attributes: "+strings.Join(s.ProjectionAttrs, ", "))
	}
	if s.Operation == hclschema.OpQuery {
		order := "ascending"
		if !s.ScanIndexForward {
			order = "descending"
		}
		line := "    order: " + order
		if s.Limit > 0 {
			line += fmt.Sprintf(", %d items per page", s.Limit)
		}
		docLine(b, "", line)
	}
	consistency := "eventually consistent"
	if s.ConsistentRead {
		consistency = "strongly consistent"
	}
	docLine(b, "", fmt.Sprintf("    cost: %s RCU per call (tfdyn cost, %s)", units(r.RCU), consistency))
	b.WriteString(" *\n")
	switch {
	case s.Operation == hclschema.OpGetItem:
		doc(b, "", "It returns undefined when no item has the key.")
	case r.One:
		doc(b, "", "The pattern is declared cardinality = \"one\": it returns undefined when no item matches and throws a CardinalityError when several do.")
	case s.Limit > 0:
		doc(b, "", fmt.Sprintf("It reads one page of at most %d items (DynamoDB's Limit counts the items read before the filter) after options.after (undefined: the first page).", s.Limit))
	default:
		doc(b, "", "It reads one page (up to 1 MB read) after options.after (undefined: the first page).")
	}
	b.WriteString(" *\n")
	doc(b, "", "@throws {InputError} when an input cannot be sent (a template over the inputs fails)")
	if !r.One {
		doc(b, "", "@throws {CursorError} when options.after is not a cursor of this pattern and these inputs")
	}
	if r.One && s.Operation != hclschema.OpGetItem {
		doc(b, "", "@throws {CardinalityError} when several items match")
	}
	doc(b, "", "@throws {ItemError} when a stored item is of none of the pattern's entities or does not read as one")
	b.WriteString(" */\n")
}

// indexWhat names the table or index a read reads.
func indexWhat(r *gen.Read) string {
	if r.Shape.IndexName != "" {
		kind := "GSI"
		if r.Index.Kind == gen.IndexLocal {
			kind = "LSI"
		}
		return fmt.Sprintf("%s %s of table %s", kind, r.Shape.IndexName, r.Table.TableName)
	}
	return "table " + r.Table.TableName
}

// perEntity says how a multi-entity page holds its items.
func perEntity(r *gen.Read) string {
	if len(r.Results) == 1 {
		return ""
	}
	var fs []string
	for _, res := range r.Results {
		fs = append(fs, resultProp(r, res))
	}
	return " (one list per entity: " + strings.Join(fs, ", ") + ", each in DynamoDB's order)"
}

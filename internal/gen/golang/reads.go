package golang

import (
	"bytes"
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// method is the Go name of a read's or write's method.
func method(n gen.Name) string { return exported(n) }

// paramsType is the Go type of a read's parameters, "" without inputs.
func (p *printer) paramsType(r *gen.Read) string {
	if len(r.Params) == 0 {
		return ""
	}
	return method(r.Name) + "Params"
}

// resultType is the Go type of one entity's items as a read returns them.
func resultType(res *gen.Result) string {
	if res.Projected() {
		return exported(res.Type)
	}
	return exported(res.Entity.Name)
}

// many reports whether a read returns pages (its result type holds them).
func many(r *gen.Read) bool { return !r.One }

// returnType is what a read's method returns besides the error.
func returnType(r *gen.Read) string {
	if r.One && len(r.Results) == 1 {
		return resultType(r.Results[0])
	}
	return method(r.Name) + "Result"
}

// readSignatures are a read's methods as the Querier interface lists them.
func (p *printer) readSignatures(r *gen.Read) []string {
	m := method(r.Name)
	arg := ""
	if pt := p.paramsType(r); pt != "" {
		arg = ", arg " + pt
	}
	if !many(r) {
		return []string{fmt.Sprintf("%s(ctx context.Context%s) (%s, error)", m, arg, returnType(r))}
	}
	return []string{
		fmt.Sprintf("%s(ctx context.Context%s, after Cursor) (%s, error)", m, arg, returnType(r)),
		fmt.Sprintf("%sPages(ctx context.Context%s) iter.Seq2[%s, error]", m, arg, returnType(r)),
	}
}

// plural is the name of a result's slice of an entity's items.
func plural(s string) string {
	switch {
	case strings.HasSuffix(s, "y") && len(s) > 1 && !strings.ContainsRune("aeiouAEIOU", rune(s[len(s)-2])):
		return s[:len(s)-1] + "ies"
	case strings.HasSuffix(s, "s"), strings.HasSuffix(s, "x"), strings.HasSuffix(s, "z"), strings.HasSuffix(s, "ch"), strings.HasSuffix(s, "sh"):
		return s + "es"
	}
	return s + "s"
}

// resultField is the field of a result struct holding an entity's items.
func resultField(r *gen.Read, res *gen.Result) string {
	if len(r.Results) == 1 {
		return "Items"
	}
	return plural(exported(res.Entity.Name))
}

// reads prints one method per access pattern, with its parameters, its
// result types, the constant expressions of its request and the
// recognisers of the items it returns.
func (p *printer) reads(b *bytes.Buffer) {
	imports := []string{"context"}
	for _, r := range p.api.Reads {
		if len(r.Results) > 1 && r.Shape.Operation == hclschema.OpQuery {
			imports = append(imports, "errors")
			break
		}
	}
	for _, r := range p.api.Reads {
		if many(r) {
			imports = append(imports, "iter")
			break
		}
	}
	imports = append(imports, dynamodbImport, typesImport)
	p.header(b, imports...)
	for _, r := range p.api.Reads {
		p.read(b, r)
	}
}

// recogniser is the name of the function that reads a stored item as an
// entity's (a read's projected) type when its key is that entity's.
func (p *printer) recogniser(r *gen.Read, res *gen.Result) string {
	return p.recogniserName(method(r.Name), res)
}

// recogniserName names the recogniser of res, one per entity when it reads
// whole items and recomputes every key attribute, else one per reader
// (prefix names it); the first use schedules it for recognise.go.
func (p *printer) recogniserName(prefix string, res *gen.Result) string {
	all := true
	for _, c := range res.Checks {
		all = all && (c.Recompute || c.Value.Field != nil)
	}
	fn := "tfdynAs" + prefix + exported(res.Entity.Name)
	if !res.Projected() && all {
		fn = "tfdynAs" + exported(res.Entity.Name)
	}
	if _, ok := p.recognisers[fn]; !ok {
		p.recognisers[fn] = func(b *bytes.Buffer) { p.printRecogniser(b, res, fn) }
	}
	return fn
}

// recognise prints the recognisers the readers and query builders use.
func (p *printer) recognise(b *bytes.Buffer) {
	p.header(b, typesImport)
	names := make([]string, 0, len(p.recognisers))
	for n := range p.recognisers {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p.recognisers[n](b)
	}
}

func (p *printer) read(b *bytes.Buffer, r *gen.Read) {
	m := p.declareMethod(method(r.Name), "access pattern "+quote(r.Pattern.Name), r.Range)
	s := r.Shape
	pt := p.paramsType(r)
	if pt != "" {
		p.declare(pt, "access pattern "+quote(r.Pattern.Name), r.Range)
		comment(b, "", fmt.Sprintf("%s are the inputs of access pattern %s.", pt, r.Pattern.Name))
		fmt.Fprintf(b, "type %s struct {\n", pt)
		for _, f := range r.Params {
			fmt.Fprintf(b, "\t%s %s\n", exported(f.Name), fieldType(f))
		}
		b.WriteString("}\n\n")
	}
	for _, res := range r.Results {
		if !res.Projected() {
			continue
		}
		name := p.declare(resultType(res), "the result of access pattern "+quote(r.Pattern.Name), r.Range)
		comment(b, "", fmt.Sprintf("%s is %s as access pattern %s reads it: the attributes %s returns.",
			name, gen.Article(exported(res.Entity.Name)), r.Pattern.Name, indexWhat(r)))
		fmt.Fprintf(b, "type %s struct {\n", name)
		p.fields(b, res.Fields)
		b.WriteString("}\n\n")
	}
	if !r.One || len(r.Results) > 1 {
		rt := p.declare(returnType(r), "the result of access pattern "+quote(r.Pattern.Name), r.Range)
		if many(r) {
			comment(b, "", fmt.Sprintf("%s is one page of access pattern %s: the items in DynamoDB's order%s, and the cursor of the next page.", rt, r.Pattern.Name, perEntity(r)))
		} else {
			comment(b, "", fmt.Sprintf("%s is the item access pattern %s reads, in the slice of its entity.", rt, r.Pattern.Name))
		}
		fmt.Fprintf(b, "type %s struct {\n", rt)
		for _, res := range r.Results {
			fmt.Fprintf(b, "\t%s []%s\n", resultField(r, res), resultType(res))
		}
		if many(r) {
			b.WriteString("\t// Next is the cursor of the next page, \"\" after the last page.\n\tNext Cursor\n")
		}
		b.WriteString("}\n\n")
	}
	// The request's constant expressions.
	base := "tfdyn" + m
	var consts []string
	if s.KeyCondition != "" {
		consts = append(consts, fmt.Sprintf("%sKeyCondition = %s", base, quote(s.KeyCondition)))
	}
	if s.Filter != "" {
		consts = append(consts, fmt.Sprintf("%sFilter = %s", base, quote(s.Filter)))
	}
	if s.Projection != "" {
		consts = append(consts, fmt.Sprintf("%sProjection = %s", base, quote(s.Projection)))
	}
	if len(consts) > 0 {
		fmt.Fprintf(b, "// The expressions of access pattern %s, as tfdyn verify sends them.\nconst (\n", r.Pattern.Name)
		for _, c := range consts {
			fmt.Fprintf(b, "\t%s\n", c)
		}
		b.WriteString(")\n\n")
	}
	if len(s.Names) > 0 {
		fmt.Fprintf(b, "var %sNames = %s\n\n", base, namesLiteral(s.Names))
	}

	// The method's documentation.
	p.readDoc(b, r, m)
	arg, argRef := "", ""
	if pt != "" {
		arg, argRef = ", arg "+pt, ", arg"
	}
	switch {
	case s.Operation == hclschema.OpGetItem:
		fmt.Fprintf(b, "func (q *Queries) %s(ctx context.Context%s) (%s, error) {\n", m, arg, returnType(r))
		fmt.Fprintf(b, "\tvar zero %s\n", returnType(r))
		fmt.Fprintf(b, "\tkey := make(map[string]types.AttributeValue, %d)\n", len(r.Key))
		for _, v := range r.Key {
			p.valueStmt(b, "\t", v, fmt.Sprintf("key[%s]", quote(v.Attr)), p.inputFail(r.Pattern.Name, "zero", v), paramRef)
		}
		fmt.Fprintf(b, "\tin := &dynamodb.GetItemInput{TableName: &q.tables.%s, Key: key", tableField(r.Table))
		if s.ConsistentRead {
			b.WriteString(", ConsistentRead: tfdynPtr(true)")
		}
		if s.Projection != "" {
			fmt.Fprintf(b, ", ProjectionExpression: tfdynPtr(%sProjection), ExpressionAttributeNames: %sNames", base, base)
		}
		b.WriteString("}\n")
		b.WriteString("\tout, err := q.db.GetItem(ctx, in)\n\tif err != nil {\n\t\treturn zero, err\n\t}\n")
		b.WriteString("\tif out.Item == nil {\n\t\treturn zero, ErrNotFound\n\t}\n")
		p.dispatch(b, r, "out.Item", "zero", func(res *gen.Result, x string) string {
			if len(r.Results) == 1 {
				return "return " + x + ", nil"
			}
			return fmt.Sprintf("zero.%s = append(zero.%s, %s)\n\t\treturn zero, nil", resultField(r, res), resultField(r, res), x)
		})
		b.WriteString("}\n\n")
	case r.One:
		fmt.Fprintf(b, "func (q *Queries) %s(ctx context.Context%s) (%s, error) {\n", m, arg, returnType(r))
		fmt.Fprintf(b, "\tvar zero %s\n", returnType(r))
		p.queryInput(b, r, base, "zero")
		b.WriteString("\tvar found []map[string]types.AttributeValue\n\tfor {\n\t\tout, err := q.db.Query(ctx, in)\n\t\tif err != nil {\n\t\t\treturn zero, err\n\t\t}\n")
		b.WriteString("\t\tfound = append(found, out.Items...)\n\t\tif len(found) > 1 || len(out.LastEvaluatedKey) == 0 {\n\t\t\tbreak\n\t\t}\n\t\tin.ExclusiveStartKey = out.LastEvaluatedKey\n\t}\n")
		fmt.Fprintf(b, "\tswitch {\n\tcase len(found) == 0:\n\t\treturn zero, ErrNotFound\n\tcase len(found) > 1:\n\t\treturn zero, &CardinalityError{Pattern: %s, Count: len(found)}\n\t}\n", quote(r.Pattern.Name))
		p.dispatch(b, r, "found[0]", "zero", func(res *gen.Result, x string) string { return "return " + x + ", nil" })
		b.WriteString("}\n\n")
	default:
		rt := returnType(r)
		fmt.Fprintf(b, "func (q *Queries) %s(ctx context.Context%s, after Cursor) (%s, error) {\n", m, arg, rt)
		fmt.Fprintf(b, "\tvar res %s\n", rt)
		p.queryInput(b, r, base, "res")
		fmt.Fprintf(b, "\tbinding := tfdynBinding(%s, in.ExpressionAttributeValues)\n", quote(r.Pattern.Name))
		fmt.Fprintf(b, "\tif after != \"\" {\n\t\tstart, err := tfdynDecodeCursor(after, %s, binding)\n\t\tif err != nil {\n\t\t\treturn res, err\n\t\t}\n\t\tin.ExclusiveStartKey = start\n\t}\n", quote(r.Pattern.Name))
		b.WriteString("\tout, err := q.db.Query(ctx, in)\n\tif err != nil {\n\t\treturn res, err\n\t}\n")
		b.WriteString("\tfor _, item := range out.Items {\n")
		p.dispatchIn(b, "\t\t", r, "item", "res", func(res *gen.Result, x string) string {
			f := resultField(r, res)
			if len(r.Results) == 1 {
				return fmt.Sprintf("res.%s = append(res.%s, %s)", f, f, x)
			}
			return fmt.Sprintf("res.%s = append(res.%s, %s)\n\t\t\tcontinue", f, f, x)
		})
		b.WriteString("\t}\n\tres.Next = tfdynEncodeCursor(out.LastEvaluatedKey, binding)\n\treturn res, nil\n}\n\n")
		pages := p.declareMethod(m+"Pages", "access pattern "+quote(r.Pattern.Name), r.Range)
		comment(b, "", fmt.Sprintf("%s reads every page of access pattern %s, in order; it stops at the first error (yielded) or when the caller stops.", pages, r.Pattern.Name))
		fmt.Fprintf(b, "func (q *Queries) %s(ctx context.Context%s) iter.Seq2[%s, error] {\n", pages, arg, rt)
		fmt.Fprintf(b, "\treturn func(yield func(%s, error) bool) {\n\t\tvar after Cursor\n\t\tfor {\n", rt)
		fmt.Fprintf(b, "\t\t\tpage, err := q.%s(ctx%s, after)\n", m, argRef)
		b.WriteString("\t\t\tif !yield(page, err) || err != nil || page.Next == \"\" {\n\t\t\t\treturn\n\t\t\t}\n\t\t\tafter = page.Next\n\t\t}\n\t}\n}\n\n")
	}
}

// queryInput prints the QueryInput of a read (in).
func (p *printer) queryInput(b *bytes.Buffer, r *gen.Read, base, zero string) {
	s := r.Shape
	fmt.Fprintf(b, "\tvalues := make(map[string]types.AttributeValue, %d)\n", len(r.Values))
	for _, v := range r.Values {
		p.valueStmt(b, "\t", v, fmt.Sprintf("values[%s]", quote(v.Placeholder)), p.inputFail(r.Pattern.Name, zero, v), paramRef)
	}
	fmt.Fprintf(b, "\tin := &dynamodb.QueryInput{\n\t\tTableName:                 &q.tables.%s,\n", tableField(r.Table))
	if s.IndexName != "" {
		fmt.Fprintf(b, "\t\tIndexName: tfdynPtr(%s),\n", quote(s.IndexName))
	}
	fmt.Fprintf(b, "\t\tKeyConditionExpression: tfdynPtr(%sKeyCondition),\n", base)
	if s.Filter != "" {
		fmt.Fprintf(b, "\t\tFilterExpression: tfdynPtr(%sFilter),\n", base)
	}
	if s.Projection != "" {
		fmt.Fprintf(b, "\t\tProjectionExpression: tfdynPtr(%sProjection),\n", base)
	}
	fmt.Fprintf(b, "\t\tExpressionAttributeNames: %sNames,\n\t\tExpressionAttributeValues: values,\n", base)
	fmt.Fprintf(b, "\t\tScanIndexForward: tfdynPtr(%t),\n", s.ScanIndexForward)
	if s.ConsistentRead {
		b.WriteString("\t\tConsistentRead: tfdynPtr(true),\n")
	}
	if s.Limit > 0 {
		fmt.Fprintf(b, "\t\tLimit: tfdynPtr(int32(%d)),\n", s.Limit)
	}
	b.WriteString("\t}\n")
}

// dispatch prints the recognition of one item (src) as one of the read's
// entities: ret gives the statement that returns (or keeps) the item x.
func (p *printer) dispatch(b *bytes.Buffer, r *gen.Read, src, zero string, ret func(*gen.Result, string) string) {
	p.dispatchIn(b, "\t", r, src, zero, ret)
}

func (p *printer) dispatchIn(b *bytes.Buffer, ind string, r *gen.Read, src, zero string, ret func(*gen.Result, string) string) {
	var keys []string
	for _, k := range r.Table.Primary.PartitionKey {
		keys = append(keys, quote(k.Attr))
	}
	for _, k := range r.Table.Primary.SortKey {
		keys = append(keys, quote(k.Attr))
	}
	if len(r.Results) == 1 {
		res := r.Results[0]
		fmt.Fprintf(b, "%sx, err := %s(%s)\n%sif err != nil {\n%s\treturn %s, &ItemError{Pattern: %s, Key: tfdynKeyText(%s, %s), Err: err}\n%s}\n",
			ind, p.recogniser(r, res), src, ind, ind, zero, quote(r.Pattern.Name), src, strings.Join(keys, ", "), ind)
		fmt.Fprintf(b, "%s%s\n", ind, strings.ReplaceAll(ret(res, "x"), "\n\t\t\t", "\n"+ind))
		return
	}
	for i, res := range r.Results {
		fmt.Fprintf(b, "%sif x%d, err := %s(%s); err == nil {\n%s\t%s\n%s}\n", ind, i, p.recogniser(r, res), src, ind,
			strings.ReplaceAll(strings.ReplaceAll(ret(res, fmt.Sprintf("x%d", i)), "\n\t\t\t", "\n"+ind+"\t"), "\n\t\t", "\n"+ind+"\t"), ind)
	}
	var names []string
	for _, res := range r.Results {
		names = append(names, res.Entity.SchemaName)
	}
	fmt.Fprintf(b, "%sreturn %s, &ItemError{Pattern: %s, Key: tfdynKeyText(%s, %s), Err: errors.New(%s)}\n", ind, zero, quote(r.Pattern.Name), src,
		strings.Join(keys, ", "), quote("it is an item of none of "+strings.Join(names, ", ")+": none of them computes its key from it"))
}

// printRecogniser prints the function that reads a stored item as res's
// type when its key is res.Entity's: the literal prefixes of the key
// templates, then the item read and its key recomputed from it.
func (p *printer) printRecogniser(b *bytes.Buffer, res *gen.Result, fn string) {
	e := res.Entity
	t := resultType(res)
	comment(b, "", fmt.Sprintf("%s reads a stored item as %s when it is one: its primary key is the one %s's templates compute from it.", fn, gen.Article(t), e.SchemaName))
	fmt.Fprintf(b, "func %s(item map[string]types.AttributeValue) (%s, error) {\n", fn, t)
	fmt.Fprintf(b, "\tvar zero %s\n", t)
	for _, c := range res.Checks {
		if c.Prefix != "" {
			fmt.Fprintf(b, "\tif !tfdynHasPrefix(item[%s], %s, %t) {\n\t\treturn zero, errTfdynOther\n\t}\n", quote(c.Value.Attr), quote(c.Prefix), c.Exact)
		}
	}
	if res.Projected() {
		fmt.Fprintf(b, "\tx := zero\n")
		for _, f := range res.Fields {
			p.unmarshalField(b, "\t", "x."+exported(f.Name), f, "item", quote(e.SchemaName), "zero")
		}
	} else {
		fmt.Fprintf(b, "\tx, err := Unmarshal%s(item)\n\tif err != nil {\n\t\treturn zero, err\n\t}\n", exported(e.Name))
	}
	for _, c := range res.Checks {
		if !c.Recompute || c.Value.Expr == nil {
			continue
		}
		fmt.Fprintf(b, "\tif av, err := %s(%s); err != nil || !tfdynSameKey(item[%s], av) {\n\t\treturn zero, errTfdynOther\n\t}\n",
			p.templateFunc(e, c.Value), p.readArgs(c.Value, "x."), quote(c.Value.Attr))
	}
	b.WriteString("\treturn x, nil\n}\n\n")
}

// readDoc prints a read method's documentation: the pattern, its request
// and its cost.
func (p *printer) readDoc(b *bytes.Buffer, r *gen.Read, m string) {
	s := r.Shape
	what := fmt.Sprintf("%s runs access pattern %s", m, r.Pattern.Name)
	if r.Pattern.Description != "" {
		what += ": " + r.Pattern.Description
	}
	comment(b, "", strings.TrimSuffix(what, ".")+".")
	b.WriteString("//\n")
	fmt.Fprintf(b, "//\t%s on %s\n", s.Operation, indexWhat(r))
	fmt.Fprintf(b, "//\tkey condition: %s\n", r.KeyConditionText)
	if r.FilterText != "" {
		fmt.Fprintf(b, "//\tfilter: %s\n", r.FilterText)
	}
	if len(s.ProjectionAttrs) > 0 {
		fmt.Fprintf(b, "//\tattributes: %s\n", strings.Join(s.ProjectionAttrs, ", "))
	}
	if s.Operation == hclschema.OpQuery {
		order := "ascending"
		if !s.ScanIndexForward {
			order = "descending"
		}
		line := "//\torder: " + order
		if s.Limit > 0 {
			line += fmt.Sprintf(", %d items per page", s.Limit)
		}
		b.WriteString(line + "\n")
	}
	consistency := "eventually consistent"
	if s.ConsistentRead {
		consistency = "strongly consistent"
	}
	fmt.Fprintf(b, "//\tcost: %s RCU per call (tfdyn cost, %s)\n", units(r.RCU), consistency)
	b.WriteString("//\n")
	switch {
	case s.Operation == hclschema.OpGetItem:
		comment(b, "", "It returns ErrNotFound when no item has the key.")
	case r.One:
		comment(b, "", "The pattern is declared cardinality = \"one\": it returns ErrNotFound when no item matches and a *CardinalityError when several do.")
	case s.Limit > 0:
		comment(b, "", fmt.Sprintf("It reads one page of at most %d items (DynamoDB's Limit counts the items read before the filter) after the cursor after (\"\": the first page).", s.Limit))
	default:
		comment(b, "", "It reads one page (up to 1 MB read) after the cursor after (\"\": the first page).")
	}
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

// perEntity says how a multi-entity result holds its items.
func perEntity(r *gen.Read) string {
	if len(r.Results) == 1 {
		return ""
	}
	var fs []string
	for _, res := range r.Results {
		fs = append(fs, resultField(r, res))
	}
	return " (one slice per entity: " + strings.Join(fs, ", ") + ", each in DynamoDB's order)"
}

// units prints read or write units.
func units(u float64) string {
	return strconv.FormatFloat(u, 'f', -1, 64)
}

// namesLiteral is the ExpressionAttributeNames map literal of names.
func namesLiteral(names []dynamo.Name) string {
	var parts []string
	for _, n := range names {
		parts = append(parts, quote(n.Placeholder)+": "+quote(n.Attr))
	}
	return "map[string]string{" + strings.Join(parts, ", ") + "}"
}

// paramRef is a parameter's Go value in a method (arg.Name), a member's
// through its object parameter (arg.Line.Quantity).
func paramRef(f *gen.Field) string {
	if f.Of != nil {
		return paramRef(f.Of) + "." + exported(f.Name)
	}
	return "arg." + exported(f.Name)
}

// inputFail is the statement that returns a value's error from a method
// whose zero result is zero.
func (p *printer) inputFail(pattern, zero string, v *gen.Value) func(err string) string {
	text := v.Attr
	switch {
	case v.Source.Template != nil:
		text = v.Source.Template.Text
	case v.Param != nil:
		text = v.Param.Attr
	case v.Key != nil:
		text = v.Key.Text
	}
	if zero != "" {
		zero += ", "
	}
	return func(err string) string {
		return fmt.Sprintf("return %s&InputError{Pattern: %s, Attribute: %s, Value: %s, Err: %s}", zero, quote(pattern), quote(v.Attr), quote(text), err)
	}
}

// valueStmt prints statements that compute value v into dst; fail gives
// the statement returning an error, ref a parameter's Go value.
func (p *printer) valueStmt(b *bytes.Buffer, ind string, v *gen.Value, dst string, fail func(err string) string, ref func(*gen.Field) string) {
	switch {
	case v.Key != nil:
		var args []string
		for _, a := range v.Args {
			args = append(args, p.argExpr(a, ref))
		}
		fmt.Fprintf(b, "%sif av, err := %s(%s); err != nil {\n%s\t%s\n%s} else {\n%s\t%s = av\n%s}\n",
			ind, p.templateFunc(v.KeyEntity, v.Key), strings.Join(args, ", "), ind, fail("err"), ind, ind, dst, ind)
	case v.Expr != nil:
		fmt.Fprintf(b, "%sif av, err := tfdynValue(%s, %s); err != nil {\n%s\t%s\n%s} else {\n%s\t%s = av\n%s}\n",
			ind, p.expr(v.Expr, ref), quote(v.Type), ind, fail("err"), ind, ind, dst, ind)
	case v.Param != nil:
		src := ref(v.Param)
		if v.Param.Optional && (v.Param.Type.Scalar() || v.Param.Type.Kind == gen.TObject) {
			src = "*" + src
		}
		var sub bytes.Buffer
		p.marshalValueFail(&sub, ind, src, v.Param.Type, dst, fail("err"), 0)
		b.Write(sub.Bytes())
	case v.Elems != nil:
		// A list the schema constructs: its elements, then the list.
		fmt.Fprintf(b, "%s{\n%s\tl := make([]types.AttributeValue, %d)\n", ind, ind, len(v.Elems))
		for i, el := range v.Elems {
			p.valueStmt(b, ind+"\t", el, fmt.Sprintf("l[%d]", i), fail, ref)
		}
		fmt.Fprintf(b, "%s\t%s = &types.AttributeValueMemberL{Value: l}\n%s}\n", ind, dst, ind)
	default:
		fmt.Fprintf(b, "%s%s = %s\n", ind, dst, avLiteral(v.Const))
	}
}

// argExpr is the Go value of a key template's argument, of the field's
// type.
func (p *printer) argExpr(a *gen.Arg, ref func(*gen.Field) string) string {
	f := a.Field
	switch {
	case a.Absent:
		return "nil"
	case a.Const != nil:
		lit := goLiteral(a.Const, f.Type)
		if f.Optional {
			return "tfdynPtr(" + lit + ")"
		}
		return lit
	case a.Param != nil:
		v := ref(a.Param)
		if f.Type.Kind == gen.TEnum && a.Param.Type.Kind == gen.TString {
			v = exported(f.Type.Enum.Name) + "(" + v + ")"
		}
		switch {
		case f.Optional && !a.Param.Optional:
			return "tfdynPtr(" + v + ")"
		case !f.Optional && a.Param.Optional:
			return "*" + v
		}
		return v
	}
	return "nil"
}

// goLiteral is a literal expression as a Go constant of field type t.
func goLiteral(x *gen.Expr, t *gen.Type) string {
	switch x.Op {
	case gen.OpString:
		if t.Kind == gen.TEnum {
			return exported(t.Enum.Name) + "(" + quote(x.Str) + ")"
		}
		return quote(x.Str)
	case gen.OpNumber:
		f, _, err := big.ParseFloat(x.Num, 10, 64, big.ToNearestEven)
		if err != nil {
			return "0"
		}
		v, _ := f.Float64()
		return "float64(" + strconv.FormatFloat(v, 'g', -1, 64) + ")"
	case gen.OpBool:
		return strconv.FormatBool(x.Bool)
	}
	return "nil"
}

// avLiteral is a constant as an attribute value literal.
func avLiteral(v cty.Value) string {
	switch {
	case v == cty.NilVal || v.IsNull():
		return "&types.AttributeValueMemberNULL{Value: true}"
	case v.Type() == cty.String:
		return "&types.AttributeValueMemberS{Value: " + quote(v.AsString()) + "}"
	case v.Type() == cty.Number:
		return "&types.AttributeValueMemberN{Value: " + quote(hclschema.NumberText(v.AsBigFloat())) + "}"
	case v.Type() == cty.Bool:
		return fmt.Sprintf("&types.AttributeValueMemberBOOL{Value: %t}", v.True())
	case v.Type().IsListType() || v.Type().IsTupleType() || v.Type().IsSetType():
		var els []string
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			els = append(els, avLiteral(e))
		}
		return "&types.AttributeValueMemberL{Value: []types.AttributeValue{" + strings.Join(els, ", ") + "}}"
	default:
		var els []string
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			if e.IsNull() {
				continue
			}
			els = append(els, quote(k.AsString())+": "+avLiteral(e))
		}
		return "&types.AttributeValueMemberM{Value: map[string]types.AttributeValue{" + strings.Join(els, ", ") + "}}"
	}
}

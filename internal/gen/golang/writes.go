package golang

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// writeArgType is the Go type a write method takes, "" without inputs.
func writeArgType(w *gen.Write) string {
	switch {
	case w.Entity != nil:
		return exported(w.Entity.Name)
	case len(w.Params) > 0:
		return method(w.Name) + "Params"
	}
	return ""
}

// writeSignature is a write's method as the Querier interface lists it.
func (p *printer) writeSignature(w *gen.Write) string {
	arg := ""
	if t := writeArgType(w); t != "" {
		arg = ", arg " + t
	}
	return fmt.Sprintf("%s(ctx context.Context%s) error", method(w.Name), arg)
}

// writes prints one method per write pattern with its parameters and the
// constant expressions of its request.
func (p *printer) writes(b *bytes.Buffer) {
	p.header(b, "context", dynamodbImport, typesImport)
	for _, w := range p.api.Writes {
		p.write(b, w)
	}
}

// itemConst is the prefix of the constants of a write's item i.
func itemConst(w *gen.Write, i int) string {
	return fmt.Sprintf("tfdyn%s%d", method(w.Name), i)
}

func (p *printer) write(b *bytes.Buffer, w *gen.Write) {
	m := p.declareMethod(method(w.Name), "write pattern "+quote(w.Pattern.Name), w.Range)
	at := writeArgType(w)
	for _, o := range w.Objects {
		name := p.declare(exported(o.Name), "write pattern "+quote(w.Pattern.Name), w.Range)
		if o.Input {
			comment(b, "", fmt.Sprintf("%s is the input of a labelled write of write pattern %s: the attributes the write needs (the key of the item an update or delete writes).", name, w.Pattern.Name))
		} else {
			comment(b, "", fmt.Sprintf("%s is an object input of write pattern %s (a DynamoDB map).", name, w.Pattern.Name))
		}
		fmt.Fprintf(b, "type %s struct {\n", name)
		for _, f := range o.Fields {
			fmt.Fprintf(b, "\t%s %s\n", exported(f.Name), fieldType(f))
		}
		b.WriteString("}\n\n")
		if !o.Input {
			p.objectMarshal(b, o)
		}
	}
	if at != "" && w.Entity == nil {
		p.declare(at, "write pattern "+quote(w.Pattern.Name), w.Range)
		comment(b, "", fmt.Sprintf("%s are the inputs of write pattern %s.", at, w.Pattern.Name))
		fmt.Fprintf(b, "type %s struct {\n", at)
		for _, f := range w.Params {
			fmt.Fprintf(b, "\t%s %s\n", exported(f.Name), fieldType(f))
		}
		b.WriteString("}\n\n")
	}
	// The constant expressions of every write and form.
	var consts []string
	for i, it := range w.Items {
		for j, v := range it.Shape.Variants {
			base := itemConst(w, i)
			if len(it.Shape.Variants) > 1 {
				base += fmt.Sprintf("v%d", j)
			}
			if v.Condition != "" {
				consts = append(consts, fmt.Sprintf("%sCondition = %s", base, quote(v.Condition)))
			}
			if v.Update != "" {
				consts = append(consts, fmt.Sprintf("%sUpdate = %s", base, quote(v.Update)))
			}
			if len(v.Names) > 0 {
				consts = append(consts, "")
				fmt.Fprintf(b, "var %sNames = %s\n\n", base, namesLiteral(v.Names))
			}
		}
	}
	var real []string
	for _, c := range consts {
		if c != "" {
			real = append(real, c)
		}
	}
	if len(real) > 0 {
		fmt.Fprintf(b, "// The expressions of write pattern %s, as tfdyn verify sends them.\nconst (\n", w.Pattern.Name)
		for _, c := range real {
			fmt.Fprintf(b, "\t%s\n", c)
		}
		b.WriteString(")\n\n")
	}
	p.writeDoc(b, w, m)
	arg := ""
	if at != "" {
		arg = ", arg " + at
	}
	fmt.Fprintf(b, "func (q *Queries) %s(ctx context.Context%s) error {\n", m, arg)
	for i, it := range w.Items {
		p.writeItem(b, w, i, it)
	}
	pattern := quote(w.Pattern.Name)
	if w.Shape.Transaction {
		infos := p.writeInfos(w)
		skippable := false
		for _, it := range w.Items {
			skippable = skippable || it.SwapCurrent != nil
		}
		if !skippable {
			fmt.Fprintf(b, "\tin := &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{")
			for i := range w.Items {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(b, "tx%d", i)
			}
			b.WriteString("}}\n")
			fmt.Fprintf(b, "\tif _, err := q.db.TransactWriteItems(ctx, in); err != nil {\n\t\treturn tfdynWriteError(%s, []tfdynWriteInfo{%s}, err)\n\t}\n\treturn nil\n}\n\n", pattern, strings.Join(infos, ", "))
			return
		}
		// A swap's guard writes are left out when the unique value does not
		// change: the guard stays.
		fmt.Fprintf(b, "\titems := make([]types.TransactWriteItem, 0, %d)\n\tinfos := make([]tfdynWriteInfo, 0, %d)\n", len(w.Items), len(w.Items))
		for i, it := range w.Items {
			add := fmt.Sprintf("items = append(items, tx%d)\n\tinfos = append(infos, tfdynWriteInfo%s)", i, infos[i])
			if it.SwapCurrent != nil && it.SwapNew != nil {
				fmt.Fprintf(b, "\tif %s != %s {\n\t\t%s\n\t}\n", paramRef(it.SwapCurrent), paramRef(it.SwapNew), strings.ReplaceAll(add, "\n\t", "\n\t\t"))
				continue
			}
			fmt.Fprintf(b, "\t%s\n", add)
		}
		fmt.Fprintf(b, "\tif _, err := q.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items}); err != nil {\n\t\treturn tfdynWriteError(%s, infos, err)\n\t}\n\treturn nil\n}\n\n", pattern)
		return
	}
	it := w.Items[0]
	switch it.Shape.Op {
	case hclschema.WritePut:
		b.WriteString("\tin := &dynamodb.PutItemInput{TableName: tx0.Put.TableName, Item: tx0.Put.Item, ConditionExpression: tx0.Put.ConditionExpression,\n\t\tExpressionAttributeNames: tx0.Put.ExpressionAttributeNames, ExpressionAttributeValues: tx0.Put.ExpressionAttributeValues}\n")
		fmt.Fprintf(b, "\tif _, err := q.db.PutItem(ctx, in); err != nil {\n")
	case hclschema.WriteUpdate:
		b.WriteString("\tin := &dynamodb.UpdateItemInput{TableName: tx0.Update.TableName, Key: tx0.Update.Key, UpdateExpression: tx0.Update.UpdateExpression, ConditionExpression: tx0.Update.ConditionExpression,\n\t\tExpressionAttributeNames: tx0.Update.ExpressionAttributeNames, ExpressionAttributeValues: tx0.Update.ExpressionAttributeValues}\n")
		fmt.Fprintf(b, "\tif _, err := q.db.UpdateItem(ctx, in); err != nil {\n")
	default:
		b.WriteString("\tin := &dynamodb.DeleteItemInput{TableName: tx0.Delete.TableName, Key: tx0.Delete.Key, ConditionExpression: tx0.Delete.ConditionExpression,\n\t\tExpressionAttributeNames: tx0.Delete.ExpressionAttributeNames, ExpressionAttributeValues: tx0.Delete.ExpressionAttributeValues}\n")
		fmt.Fprintf(b, "\tif _, err := q.db.DeleteItem(ctx, in); err != nil {\n")
	}
	fmt.Fprintf(b, "\t\treturn tfdynWriteError(%s, []tfdynWriteInfo{%s}, err)\n\t}\n\treturn nil\n}\n\n", pattern, strings.Join(p.writeInfos(w), ", "))
}

// writeInfos are the literals describing a write's items for its errors.
func (p *printer) writeInfos(w *gen.Write) []string {
	var parts []string
	for _, it := range w.Items {
		s := it.Shape
		cond := ""
		if s.Write.Condition != nil {
			cond = s.Write.Condition.Text
		}
		info := fmt.Sprintf("{entity: %s, operation: %s, condition: %s", quote(it.Entity.SchemaName), quote(s.Op.APIName()), quote(cond))
		if it.Guard != nil && s.Op == hclschema.WritePut && it.GuardParam != nil {
			owner := s.Guard.Entity.Name
			v := paramRef(it.GuardParam)
			if it.GuardParam.Optional {
				v = "*" + v
			}
			info = fmt.Sprintf("{entity: %s, operation: %s, condition: %s, unique: %s, value: %s", quote(owner), quote(s.Op.APIName()), quote(cond), quote(it.Guard.Attr), v)
		}
		parts = append(parts, info+"}")
	}
	return parts
}

// writeItem prints the statements that build item i of a write as the
// transaction item tx<i> (whose parts the single-item requests take).
func (p *printer) writeItem(b *bytes.Buffer, w *gen.Write, i int, it *gen.WriteItem) {
	s := it.Shape
	e := it.Entity
	what := fmt.Sprintf("%s %s", s.Op, e.SchemaName)
	if s.Guard != nil {
		what += fmt.Sprintf(" (the guard item of %s)", gen.GuardName(s.Guard))
	}
	fmt.Fprintf(b, "\t// %s\n", what)
	fail := func(v *gen.Value) func(string) string { return p.inputFail(w.Pattern.Name, "", v) }
	var item, key string
	switch s.Op {
	case hclschema.WritePut:
		item = fmt.Sprintf("item%d", i)
		src := "arg"
		if q := gen.ItemInput(it); q != nil {
			src = paramRef(q)
		} else if w.Entity != e {
			var fs []string
			for _, a := range it.Put {
				fs = append(fs, exported(a.Field.Name)+": "+p.argExpr(a, paramRef))
			}
			src = exported(e.Name) + "{" + strings.Join(fs, ", ") + "}"
		}
		fmt.Fprintf(b, "\t%s, err := Marshal%s(%s)\n\tif err != nil {\n\t\treturn err\n\t}\n", item, exported(e.Name), src)
	default:
		key = fmt.Sprintf("key%d", i)
		fmt.Fprintf(b, "\t%s := make(map[string]types.AttributeValue, %d)\n", key, len(it.Key))
		for _, v := range it.Key {
			p.valueStmt(b, "\t", v, fmt.Sprintf("%s[%s]", key, quote(v.Attr)), fail(v), paramRef)
		}
	}
	// The form of the write: the rewritten index entries in or out.
	variant := ""
	if len(it.Rewrites) > 0 {
		p.rewrites(b, w, i, it)
		if len(s.Variants) > 1 {
			variant = fmt.Sprintf("variant%d", i)
		}
	}
	values := ""
	all := map[string]*gen.Value{}
	var order []string
	for _, vs := range it.Variants {
		for _, v := range vs {
			if _, ok := all[v.Placeholder]; !ok {
				all[v.Placeholder] = v
				order = append(order, v.Placeholder)
			}
		}
	}
	if len(order) > 0 {
		values = fmt.Sprintf("values%d", i)
		fmt.Fprintf(b, "\t%s := make(map[string]types.AttributeValue, %d)\n", values, len(order))
		for _, ph := range order {
			v := all[ph]
			if v.Source.Role == dynamo.RoleIndexKey {
				continue
			}
			p.valueStmt(b, "\t", v, fmt.Sprintf("%s[%s]", values, quote(ph)), fail(v), paramRef)
		}
		for k, rw := range it.Rewrites {
			if rw.Out {
				continue
			}
			for _, ph := range order {
				v := all[ph]
				if v.Source.Role != dynamo.RoleIndexKey || !contains(rw.Rewrite.Set, v.Attr) {
					continue
				}
				fmt.Fprintf(b, "\tif in%d[%d] {\n\t\t%s[%s] = %s\n\t}\n", i, k, values, quote(ph), indexKeyVar(i, v.Attr))
			}
		}
		if gen.OnlyIndexKeys(all) {
			// Every value is an index key the form of the write may leave
			// out, and DynamoDB refuses an empty ExpressionAttributeValues.
			fmt.Fprintf(b, "\tif len(%s) == 0 {\n\t\t%s = nil\n\t}\n", values, values)
		}
	}
	base := itemConst(w, i)
	pick := func(suffix string) string {
		if variant == "" {
			return base + suffix
		}
		var vs []string
		for j := range s.Variants {
			vs = append(vs, fmt.Sprintf("%sv%d%s", base, j, suffix))
		}
		if suffix == "Names" {
			return fmt.Sprintf("[]map[string]string{%s}[%s]", strings.Join(vs, ", "), variant)
		}
		return fmt.Sprintf("tfdynPtr([]string{%s}[%s])", strings.Join(vs, ", "), variant)
	}
	v0 := s.Variants[0]
	var fields []string
	fields = append(fields, "TableName: &q.tables."+tableField(w.Table))
	switch s.Op {
	case hclschema.WritePut:
		fields = append(fields, "Item: "+item)
	default:
		fields = append(fields, "Key: "+key)
	}
	if v0.Update != "" {
		if variant == "" {
			fields = append(fields, "UpdateExpression: tfdynPtr("+base+"Update)")
		} else {
			fields = append(fields, "UpdateExpression: "+pick("Update"))
		}
	}
	if v0.Condition != "" {
		if variant == "" {
			fields = append(fields, "ConditionExpression: tfdynPtr("+base+"Condition)")
		} else {
			fields = append(fields, "ConditionExpression: "+pick("Condition"))
		}
	}
	if len(v0.Names) > 0 {
		fields = append(fields, "ExpressionAttributeNames: "+pick("Names"))
	}
	if values != "" {
		fields = append(fields, "ExpressionAttributeValues: "+values)
	}
	kind := map[hclschema.WriteOp]string{hclschema.WritePut: "Put", hclschema.WriteUpdate: "Update", hclschema.WriteDelete: "Delete"}[s.Op]
	fmt.Fprintf(b, "\ttx%d := types.TransactWriteItem{%s: &types.%s{%s}}\n", i, kind, kind, strings.Join(fields, ", "))
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// indexKeyVar is the local holding a rewritten index key attribute.
func indexKeyVar(i int, attr string) string {
	return fmt.Sprintf("ik%d%s", i, exported(gen.NameOf(attr)))
}

// rewrites prints, for an update that rewrites index keys, the updated item
// as the update knows it (u<i>), the index key attributes computed from it
// and, per rewritten index, whether the updated item is in it (in<i>),
// then the form of the write that says so (variant<i>).
func (p *printer) rewrites(b *bytes.Buffer, w *gen.Write, i int, it *gen.WriteItem) {
	e := it.Entity
	u := fmt.Sprintf("u%d", i)
	var fs []string
	for _, a := range it.Known {
		if a.Absent {
			continue
		}
		fs = append(fs, exported(a.Field.Name)+": "+p.argExpr(a, paramRef))
	}
	// The updated item is read only for an index the update may keep the
	// item in (an update that takes it out of every one has no use for it).
	for _, rw := range it.Rewrites {
		if !rw.Out {
			fmt.Fprintf(b, "\t// The updated item as the update knows it: what it sets or removes,\n\t// its key, what its condition pins.\n\t%s := %s{%s}\n", u, exported(e.Name), strings.Join(fs, ", "))
			break
		}
	}
	fmt.Fprintf(b, "\tin%d := make([]bool, %d)\n", i, len(it.Rewrites))
	ref := func(f *gen.Field) string { return u + "." + exported(f.Name) }
	for k, rw := range it.Rewrites {
		ix := rw.Rewrite.Index.Name
		if rw.Out {
			fmt.Fprintf(b, "\t// The update takes the item out of %s (when = %s is false).\n", ix, rw.Entry.WhenText)
			continue
		}
		fmt.Fprintf(b, "\tin%d[%d] = true\n", i, k)
		if rw.Entry != nil && rw.Entry.When != nil && !rw.Rewrite.Fixed {
			fmt.Fprintf(b, "\t// when = %s\n", rw.Entry.WhenText)
			fmt.Fprintf(b, "\tif holds, err := tfdynWhen(%s); err != nil {\n\t\treturn &KeyError{Entity: %s, Index: %s, Template: %s, Err: err}\n\t} else if !holds {\n\t\tin%d[%d] = false\n\t}\n",
				p.expr(rw.Entry.When, ref), quote(e.SchemaName), quote(ix), quote(rw.Entry.WhenText), i, k)
		}
		for _, attr := range rw.Rewrite.Set {
			var kv *gen.KeyValue
			for _, x := range it.Variants[0] {
				if x.Source.Role == dynamo.RoleIndexKey && x.Attr == attr {
					kv = x.Key
				}
			}
			if kv == nil {
				continue
			}
			vr := indexKeyVar(i, attr)
			var args []string
			for _, f := range kv.Reads {
				args = append(args, ref(f))
			}
			fmt.Fprintf(b, "\t// %s = %s\n\t%s, err := %s(%s)\n", attr, kv.Text, vr, p.templateFunc(e, kv), strings.Join(args, ", "))
			if rw.Rewrite.Fixed {
				fmt.Fprintf(b, "\tif err != nil {\n\t\treturn &KeyError{Entity: %s, Index: %s, Attribute: %s, Template: %s, Err: err}\n\t}\n",
					quote(e.SchemaName), quote(ix), quote(attr), quote(kv.Text))
				continue
			}
			fmt.Fprintf(b, "\tif err == errTfdynAbsent {\n\t\tin%d[%d] = false\n\t} else if err != nil && in%d[%d] {\n\t\treturn &KeyError{Entity: %s, Index: %s, Attribute: %s, Template: %s, Err: err}\n\t}\n",
				i, k, i, k, quote(e.SchemaName), quote(ix), quote(attr), quote(kv.Text))
		}
	}
	if len(it.Shape.Variants) < 2 {
		return
	}
	fmt.Fprintf(b, "\tvariant%d := 0\n\tswitch {\n", i)
	for j, v := range it.Shape.Variants {
		var conds []string
		for k, in := range v.In {
			if it.Shape.Rewrites[k].Fixed {
				continue
			}
			if in {
				conds = append(conds, fmt.Sprintf("in%d[%d]", i, k))
			} else {
				conds = append(conds, fmt.Sprintf("!in%d[%d]", i, k))
			}
		}
		fmt.Fprintf(b, "\tcase %s:\n\t\tvariant%d = %d\n", strings.Join(conds, " && "), i, j)
	}
	b.WriteString("\t}\n")
}

// writeDoc prints a write method's documentation.
func (p *printer) writeDoc(b *bytes.Buffer, w *gen.Write, m string) {
	what := fmt.Sprintf("%s runs write pattern %s", m, w.Pattern.Name)
	if w.Pattern.Description != "" {
		what += ": " + w.Pattern.Description
	}
	comment(b, "", strings.TrimSuffix(what, ".")+".")
	b.WriteString("//\n")
	fmt.Fprintf(b, "//\t%s on table %s\n", w.Shape.Operation, w.Table.TableName)
	for _, it := range w.Items {
		s := it.Shape
		line := fmt.Sprintf("%s %s", s.Op, it.Entity.SchemaName)
		if s.Guard != nil {
			line += fmt.Sprintf(" (guard item of %s)", gen.GuardName(s.Guard))
		}
		if s.Write.Condition != nil {
			line += " if " + s.Write.Condition.Text
		}
		fmt.Fprintf(b, "//\t%s\n", line)
		acts := it.Actions()
		if len(acts) > 0 {
			fmt.Fprintf(b, "//\t  %s\n", strings.Join(acts, "; "))
		}
	}
	fmt.Fprintf(b, "//\tcost: %s WCU per call (tfdyn cost)\n", units(w.WCU))
	b.WriteString("//\n")
	var errs []string
	conditional, unique := false, false
	for _, it := range w.Items {
		conditional = conditional || it.Shape.Write.Condition != nil
		unique = unique || it.Guard != nil && it.Shape.Op == hclschema.WritePut
	}
	if conditional {
		errs = append(errs, "a condition that does not hold is a *ConditionFailedError")
	}
	if unique {
		errs = append(errs, "a unique value another item holds is a *UniqueViolationError")
	}
	if w.Shape.Transaction {
		errs = append(errs, "a transaction DynamoDB cancels is a *TransactionCanceledError (which the others wrap); nothing is written then")
	}
	if len(errs) > 0 {
		comment(b, "", "Errors: "+strings.Join(errs, "; ")+".")
	}
}

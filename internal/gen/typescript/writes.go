package typescript

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// writeFunc is the function of a write pattern: placeOrder.
func writeFunc(w *gen.Write) string { return funcName(w.Name) }

// writeOwner is the entity in whose data-access module a write pattern's
// function goes: its first write's that is not a guard item's.
func writeOwner(w *gen.Write) *gen.Entity {
	for _, it := range w.Items {
		if it.Entity.Guard == nil {
			return it.Entity
		}
	}
	return w.Items[0].Entity
}

// writeInputType is the type a write's function takes, "" without inputs:
// the entity's type when the inputs are exactly its attributes.
func (p *printer) writeInputType(m *module, w *gen.Write) string {
	switch {
	case w.Entity != nil:
		return m.use(entityFile(w.Entity), typeName(w.Entity.Name), true)
	case len(w.Params) > 0:
		return inputType(w.Name)
	}
	return ""
}

// write prints the function of a write pattern into m: its input type and
// the request of every write built from the shape's constant expressions,
// the values computed per call, and DynamoDB's answer turned into the
// typed errors.
func (p *printer) write(m *module, w *gen.Write) {
	b := &m.body
	what := "write pattern " + str(w.Pattern.Name)
	fn := p.declare(writeFunc(w), what, w.Range)
	p.local(fn, what, w.Range)
	in := p.writeInputType(m, w)
	for _, o := range w.Objects {
		name := p.declare(typeName(o.Name), what, w.Range)
		if o.Input {
			fmt.Fprintf(b, "/** %s is the input of a labelled write of write pattern %s: the attributes the write needs (the key of the item an update or delete writes). */\n", name, w.Pattern.Name)
		} else {
			fmt.Fprintf(b, "/** %s is an object input of write pattern %s (a DynamoDB map). */\n", name, w.Pattern.Name)
		}
		fmt.Fprintf(b, "export interface %s {\n", name)
		for _, f := range o.Fields {
			opt := ""
			if f.Optional {
				opt = "?"
			}
			fmt.Fprintf(b, "  %s%s: %s;\n", prop(f.Attr), opt, p.tsType(m, f.Type))
		}
		b.WriteString("}\n")
		if !o.Input {
			p.objectWriterFunc(m, o)
		}
		b.WriteString("\n")
		m.export(name, true)
	}
	if in != "" && w.Entity == nil {
		p.declare(in, what, w.Range)
		fmt.Fprintf(b, "/** %s are the inputs of write pattern %s. */\n", in, w.Pattern.Name)
		fmt.Fprintf(b, "export interface %s {\n", in)
		for _, f := range w.Params {
			opt := ""
			if f.Optional {
				opt = "?"
			}
			fmt.Fprintf(b, "  %s%s: %s;\n", prop(f.Attr), opt, p.tsType(m, f.Type))
		}
		b.WriteString("}\n\n")
		m.export(in, true)
	}
	p.writeDoc(b, w, fn)
	arg := ""
	if in != "" {
		arg = ", input: " + in
	}
	fmt.Fprintf(b, "export async function %s(db: %s%s, options: %s = {}): Promise<void> {\n", fn, m.use(clientFile, "Db", true), arg, m.use(clientFile, "CallOptions", true))
	for i, it := range w.Items {
		p.writeItem(m, w, i, it)
	}
	pattern := str(w.Pattern.Name)
	infos := p.writeInfos(w)
	abort := m.rt("tfdynAbort") + "(options.signal)"
	werr := m.rt("tfdynWriteError")
	send := func(ind, cmd string, infos string) {
		fmt.Fprintf(b, "%stry {\n%s  await db.client.send(%s, %s);\n%s} catch (err) {\n%s  throw %s(%s, %s, err);\n%s}\n", ind, ind, cmd, abort, ind, ind, werr, pattern, infos, ind)
	}
	if !w.Shape.Transaction {
		it := w.Items[0]
		cmd := map[hclschema.WriteOp]string{hclschema.WritePut: "PutItemCommand", hclschema.WriteUpdate: "UpdateItemCommand", hclschema.WriteDelete: "DeleteItemCommand"}[it.Shape.Op]
		send("  ", "new "+m.use("@aws-sdk/client-dynamodb", cmd, false)+"(w0)", "["+infos[0]+"]")
		b.WriteString("}\n\n")
		m.export(fn, false)
		return
	}
	tx := m.use("@aws-sdk/client-dynamodb", "TransactWriteItemsCommand", false)
	skippable := false
	for _, it := range w.Items {
		skippable = skippable || it.SwapCurrent != nil
	}
	kind := func(it *gen.WriteItem) string {
		return map[hclschema.WriteOp]string{hclschema.WritePut: "Put", hclschema.WriteUpdate: "Update", hclschema.WriteDelete: "Delete"}[it.Shape.Op]
	}
	if !skippable {
		var items []string
		for i, it := range w.Items {
			items = append(items, fmt.Sprintf("{ %s: w%d }", kind(it), i))
		}
		send("  ", fmt.Sprintf("new %s({ TransactItems: [%s] })", tx, strings.Join(items, ", ")), "["+strings.Join(infos, ", ")+"]")
		b.WriteString("}\n\n")
		m.export(fn, false)
		return
	}
	// A swap's guard writes are left out when the unique value does not
	// change: the guard stays.
	fmt.Fprintf(b, "  const items: %s[] = [];\n", m.use("@aws-sdk/client-dynamodb", "TransactWriteItem", true))
	fmt.Fprintf(b, "  const infos: %s[] = [];\n", m.rt("tfdynWriteInfo"))
	for i, it := range w.Items {
		add := fmt.Sprintf("items.push({ %s: w%d });\n  infos.push(%s);", kind(it), i, infos[i])
		if it.SwapCurrent != nil && it.SwapNew != nil {
			fmt.Fprintf(b, "  if (%s !== %s) {\n    %s\n  }\n", inputRef(it.SwapCurrent), inputRef(it.SwapNew), strings.ReplaceAll(add, "\n  ", "\n    "))
			continue
		}
		fmt.Fprintf(b, "  %s\n", add)
	}
	send("  ", fmt.Sprintf("new %s({ TransactItems: items })", tx), "infos")
	b.WriteString("}\n\n")
	m.export(fn, false)
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
		info := fmt.Sprintf("{ entity: %s, operation: %s, condition: %s", str(it.Entity.SchemaName), str(s.Op.APIName()), str(cond))
		if it.Guard != nil && s.Op == hclschema.WritePut && it.GuardParam != nil {
			info = fmt.Sprintf("{ entity: %s, operation: %s, condition: %s, unique: %s, value: %s", str(s.Guard.Entity.Name), str(s.Op.APIName()), str(cond), str(it.Guard.Attr), inputRef(it.GuardParam))
		}
		parts = append(parts, info+" }")
	}
	return parts
}

// writeItem prints the statements that build the request of item i of a
// write as w<i>, the object a single write sends and a transaction
// holds.
func (p *printer) writeItem(m *module, w *gen.Write, i int, it *gen.WriteItem) {
	b := &m.body
	s := it.Shape
	e := it.Entity
	what := fmt.Sprintf("%s %s", s.Op, e.SchemaName)
	if s.Guard != nil {
		what += fmt.Sprintf(" (the guard item of %s)", gen.GuardName(s.Guard))
	}
	fmt.Fprintf(b, "  // %s\n", what)
	item := m.rt("tfdynItem")
	var fields []string
	fields = append(fields, "TableName: "+tableRef(w.Table))
	switch s.Op {
	case hclschema.WritePut:
		src := "input"
		if q := gen.ItemInput(it); q != nil {
			src = inputRef(q)
		} else if w.Entity != e {
			src = fmt.Sprintf("e%d", i)
			var required, optional []string
			for _, a := range it.Put {
				f := a.Field
				if f.Optional && a.Param != nil && a.Param.Optional {
					optional = append(optional, fmt.Sprintf("  if (%s !== undefined) {\n    %s = %s;\n  }\n", inputRef(a.Param), access(src, f.Attr), p.argExpr(m, a, inputRef)))
					continue
				}
				required = append(required, prop(f.Attr)+": "+p.argExpr(m, a, inputRef))
			}
			fmt.Fprintf(b, "  const %s: %s = { %s };\n", src, m.use(entityFile(e), typeName(e.Name), true), strings.Join(required, ", "))
			for _, o := range optional {
				b.WriteString(o)
			}
		}
		to := m.use(recordsFile(e), funcName(gen.Join(gen.Name{"to"}, e.Name, gen.Name{"record"})), false)
		fields = append(fields, fmt.Sprintf("Item: %s(%s(%s))", m.rt("tfdynToItem"), to, src))
	default:
		key := fmt.Sprintf("key%d", i)
		fmt.Fprintf(b, "  const %s: %s = {};\n", key, item)
		for _, v := range it.Key {
			fmt.Fprintf(b, "  %s[%s] = %s;\n", key, str(v.Attr), p.valueExpr(m, v, w.Pattern.Name, inputRef))
		}
		fields = append(fields, "Key: "+key)
	}
	// The form of the write: the rewritten index entries in or out.
	variant := ""
	if len(it.Rewrites) > 0 {
		p.rewrites(m, w, i, it)
		if len(s.Variants) > 1 {
			variant = fmt.Sprintf("variant%d", i)
		}
	}
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
	values := ""
	if len(order) > 0 {
		values = fmt.Sprintf("values%d", i)
		fmt.Fprintf(b, "  const %s: %s = {};\n", values, item)
		for _, ph := range order {
			v := all[ph]
			if isIndexKey(v) {
				continue
			}
			fmt.Fprintf(b, "  %s[%s] = %s;\n", values, str(ph), p.valueExpr(m, v, w.Pattern.Name, inputRef))
		}
		for k, rw := range it.Rewrites {
			if rw.Out {
				continue
			}
			for _, ph := range order {
				v := all[ph]
				if !isIndexKey(v) || !contains(rw.Rewrite.Set, v.Attr) {
					continue
				}
				fmt.Fprintf(b, "  if (%s) {\n    %s[%s] = %s(%s);\n  }\n", inVar(i, k), values, str(ph), m.rt("tfdynKeyAV"), indexKeyVar(i, v.Attr))
			}
		}
	}
	pick := func(forms []string) string {
		same := true
		for _, f := range forms {
			same = same && f == forms[0]
		}
		if variant == "" || same {
			return forms[0]
		}
		return fmt.Sprintf("%s([%s], %s)", m.rt("tfdynPick"), strings.Join(forms, ", "), variant)
	}
	v0 := s.Variants[0]
	if v0.Update != "" {
		var forms []string
		for _, v := range s.Variants {
			forms = append(forms, str(v.Update))
		}
		fields = append(fields, "UpdateExpression: "+pick(forms))
	}
	if v0.Condition != "" {
		var forms []string
		for _, v := range s.Variants {
			forms = append(forms, str(v.Condition))
		}
		fields = append(fields, "ConditionExpression: "+pick(forms))
	}
	if len(v0.Names) > 0 {
		var forms []string
		for _, v := range s.Variants {
			forms = append(forms, namesLiteral(v.Names))
		}
		fields = append(fields, "ExpressionAttributeNames: "+pick(forms))
	}
	switch {
	case values != "" && gen.OnlyIndexKeys(all):
		// Every value is an index key the form of the write may leave
		// out, and DynamoDB refuses an empty ExpressionAttributeValues.
		fields = append(fields, fmt.Sprintf("ExpressionAttributeValues: Object.keys(%s).length > 0 ? %s : undefined", values, values))
	case values != "":
		fields = append(fields, "ExpressionAttributeValues: "+values)
	}
	fmt.Fprintf(b, "  const w%d = {\n    %s,\n  };\n", i, strings.Join(fields, ",\n    "))
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
	return fmt.Sprintf("ik%d%s", i, typeName(gen.NameOf(attr)))
}

// inVar is the local saying whether the updated item of write i is in the
// index of rewrite k.
func inVar(i, k int) string { return fmt.Sprintf("in%d_%d", i, k) }

// rewrites prints, for an update that rewrites index keys, the updated item
// as the update knows it (u<i>), the index key attributes computed from it
// and, per rewritten index, whether the updated item is in it (in<i>_<k>),
// then the form of the write that says so (variant<i>).
func (p *printer) rewrites(m *module, w *gen.Write, i int, it *gen.WriteItem) {
	b := &m.body
	e := it.Entity
	u := fmt.Sprintf("u%d", i)
	var fs []string
	for _, a := range it.Known {
		fs = append(fs, prop(a.Field.Attr)+": "+p.argExpr(m, a, inputRef))
	}
	// The updated item is read only for an index the update may keep the
	// item in (an update that takes it out of every one has no use for it).
	for _, rw := range it.Rewrites {
		if !rw.Out {
			fmt.Fprintf(b, "  // The updated item as the update knows it: what it sets or removes, its\n  // key, what its condition pins.\n  const %s = { %s };\n", u, strings.Join(fs, ", "))
			break
		}
	}
	ref := func(f *gen.Field) string { return access(u, f.Attr) }
	for k, rw := range it.Rewrites {
		ix := rw.Rewrite.Index.Name
		if rw.Out {
			fmt.Fprintf(b, "  // The update takes the item out of %s (when = %s is false).\n  const %s = false;\n", ix, oneLine(rw.Entry.WhenText), inVar(i, k))
			continue
		}
		fixed := rw.Rewrite.Fixed
		decl := "const"
		if !fixed {
			decl = "let"
		}
		fmt.Fprintf(b, "  %s %s = true;\n", decl, inVar(i, k))
		if rw.Entry != nil && rw.Entry.When != nil && !fixed {
			h := fmt.Sprintf("h%d_%d", i, k)
			fmt.Fprintf(b, "  // when = %s\n", oneLine(rw.Entry.WhenText))
			fmt.Fprintf(b, "  const %s = %s(%s);\n", h, m.rt("tfdynWhen"), p.expr(m, rw.Entry.When, ref))
			fmt.Fprintf(b, "  if (%s === undefined) {\n    throw new %s(%s, %s, \"\", %s, \"the sparse condition cannot be evaluated\");\n  }\n",
				h, m.rt("KeyError"), str(e.SchemaName), str(ix), str(rw.Entry.WhenText))
			fmt.Fprintf(b, "  if (!%s) {\n    %s = false;\n  }\n", h, inVar(i, k))
		}
		for _, attr := range rw.Rewrite.Set {
			var kv *gen.KeyValue
			for _, x := range it.Variants[0] {
				if isIndexKey(x) && x.Attr == attr {
					kv = x.Key
				}
			}
			if kv == nil {
				continue
			}
			vr := indexKeyVar(i, attr)
			fmt.Fprintf(b, "  // %s = %s\n", attr, oneLine(kv.Text))
			call := p.templateCall(m, e, kv, u)
			if fixed {
				fmt.Fprintf(b, "  const %s = %s;\n", vr, call)
				continue
			}
			fmt.Fprintf(b, "  let %s: %s | undefined;\n", vr, p.keyType(m, kv))
			fmt.Fprintf(b, "  try {\n    %s = %s;\n  } catch (err) {\n    if (%s) {\n      throw err;\n    }\n  }\n", vr, call, inVar(i, k))
			fmt.Fprintf(b, "  if (%s === undefined) {\n    %s = false;\n  }\n", vr, inVar(i, k))
		}
	}
	if len(it.Shape.Variants) < 2 {
		return
	}
	fmt.Fprintf(b, "  let variant%d = 0;\n", i)
	for j, v := range it.Shape.Variants {
		var conds []string
		for k, in := range v.In {
			if it.Shape.Rewrites[k].Fixed {
				continue
			}
			if in {
				conds = append(conds, inVar(i, k))
			} else {
				conds = append(conds, "!"+inVar(i, k))
			}
		}
		kw := "} else if"
		if j == 0 {
			kw = "if"
		}
		fmt.Fprintf(b, "  %s (%s) {\n    variant%d = %d;\n", kw, strings.Join(conds, " && "), i, j)
	}
	b.WriteString("  }\n")
}

// writeDoc prints a write function's documentation.
func (p *printer) writeDoc(b *bytes.Buffer, w *gen.Write, fn string) {
	what := fmt.Sprintf("%s runs write pattern %s", fn, w.Pattern.Name)
	if w.Pattern.Description != "" {
		what += ": " + w.Pattern.Description
	}
	b.WriteString("/**\n")
	doc(b, "", strings.TrimSuffix(what, ".")+".")
	b.WriteString(" *\n")
	docLine(b, "", fmt.Sprintf("    %s on table %s", w.Shape.Operation, w.Table.TableName))
	for _, it := range w.Items {
		s := it.Shape
		line := fmt.Sprintf("%s %s", s.Op, it.Entity.SchemaName)
		if s.Guard != nil {
			line += fmt.Sprintf(" (guard item of %s)", gen.GuardName(s.Guard))
		}
		if s.Write.Condition != nil {
			line += " if " + oneLine(s.Write.Condition.Text)
		}
		docLine(b, "", "    "+line)
		acts := it.Actions()
		for i, a := range acts {
			acts[i] = oneLine(a)
		}
		if len(acts) > 0 {
			docLine(b, "", "      "+strings.Join(acts, "; "))
		}
	}
	docLine(b, "", fmt.Sprintf("    cost: %s WCU per call (tfdyn cost)", units(w.WCU)))
	b.WriteString(" *\n")
	conditional, unique := false, false
	for _, it := range w.Items {
		conditional = conditional || it.Shape.Write.Condition != nil
		unique = unique || it.Guard != nil && it.Shape.Op == hclschema.WritePut
	}
	doc(b, "", "@throws {InputError} when an input cannot be sent (a key template over the inputs fails)")
	if conditional {
		doc(b, "", "@throws {ConditionFailedError} when a condition does not hold")
	}
	if unique {
		doc(b, "", "@throws {UniqueViolationError} when a unique value is held by another item")
	}
	if w.Shape.Transaction {
		doc(b, "", "@throws {TransactionCanceledError} when DynamoDB cancels the transaction (the errors above hold it); nothing is written then")
	}
	b.WriteString(" */\n")
}

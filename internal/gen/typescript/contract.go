package typescript

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// contractPrinter prints a contract test: the contract of the front end
// (gen.Contract) as calls of the generated modules, imported as api.
type contractPrinter struct {
	api *gen.API
	b   bytes.Buffer
}

// PrintContract returns contract.test.ts: the contract c of api's schema,
// run with node's test runner against live tables through the generated
// modules, which it imports from modules (a module specifier: the
// package's index.js). It reads the endpoint, the table names and the
// credentials from the environment (gen.ContractEndpointEnv,
// gen.ContractTableVar; AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
// AWS_SESSION_TOKEN, AWS_REGION) and needs node:test's types (Node.js's, or
// the declarations tfdyn verify writes next to it).
func PrintContract(api *gen.API, c *gen.Contract, modules string) []byte {
	cp := &contractPrinter{api: api}
	b := &cp.b
	b.WriteString("// The contract test of the modules tfdyn gen ts wrote, written by tfdyn verify\n")
	b.WriteString("// --gen ts:DIR from the schema: the example items written through the\n")
	b.WriteString("// generated writers, every access pattern's input sets read through the\n")
	b.WriteString("// generated readers and compared with what tfdyn's oracle returns, every\n")
	b.WriteString("// write pattern's cases (success, repeat, a taken unique value) answered with\n")
	b.WriteString("// the typed errors the oracle predicts, the reads again after the writes, and\n")
	b.WriteString("// the DynamoDB calls made compared with the application's IAM policy.\n")
	b.WriteString("import { test } from \"node:test\";\n")
	b.WriteString("import { DynamoDBClient, type DynamoDBClientConfig } from \"@aws-sdk/client-dynamodb\";\n")
	b.WriteString("import { DynamoDBDocumentClient, PutCommand } from \"@aws-sdk/lib-dynamodb\";\n")
	fmt.Fprintf(b, "import * as api from %s;\n\n", str(modules))
	b.WriteString(contractHelpersTS)
	if cuts(c) {
		b.WriteString(contractCutTS)
	}
	if len(api.Writes) > 0 {
		b.WriteString(contractOutcomeTS)
	}
	b.WriteString("\ntest(\"contract\", async (t) => {\n")
	fmt.Fprintf(b, "  const endpoint = process.env[%s];\n", str(gen.ContractEndpointEnv))
	fmt.Fprintf(b, "  if (endpoint === undefined || endpoint === \"\") {\n    throw new Error(%s);\n  }\n", str("set "+gen.ContractEndpointEnv+" to the DynamoDB endpoint the contract runs against (http://127.0.0.1:8000 for DynamoDB Local)"))
	b.WriteString("  const config = contractConfig(endpoint);\n")
	b.WriteString("  const labels = new Map<string, string>();\n")
	var tables []string
	for _, t := range api.Tables {
		v := "table" + typeName(t.Name)
		fmt.Fprintf(b, "  const %s = process.env[%s] || %s;\n  labels.set(%s, %s);\n", v, str(gen.ContractTableVar(t.Label)), str(t.TableName), v, str(t.Label))
		tables = append(tables, tableProp(t)+": "+v)
	}
	b.WriteString("  const recorder = new Recorder(labels);\n")
	b.WriteString("  const client = new DynamoDBClient(config);\n  recorder.attach(client);\n")
	calls := cp.calls()
	if calls {
		fmt.Fprintf(b, "  const db = api.createDb(client, { tables: { %s } });\n", strings.Join(tables, ", "))
	}
	b.WriteString("  const seeder = DynamoDBDocumentClient.from(new DynamoDBClient(config));\n")
	b.WriteString("  let failed = false;\n")
	b.WriteString("  const step = async (name: string, fn: () => Promise<void>): Promise<void> => {\n")
	b.WriteString("    await t.test(name, async () => {\n      try {\n        await fn();\n      } catch (e) {\n        failed = true;\n        throw e;\n      }\n    });\n  };\n\n")

	// The seed.
	b.WriteString("  await step(\"seed\", async () => {\n")
	for _, it := range c.Seed {
		fmt.Fprintf(b, "    await seeder.send(new PutCommand({ TableName: %s, Item: api.%s(%s) }));\n", "table"+typeName(it.Entity.Table.Name),
			funcName(gen.Join(gen.Name{"to"}, it.Entity.Name, gen.Name{"record"})), cp.itemLiteral(it.Entity.Fields, it.Values))
	}
	b.WriteString("  });\n")
	b.WriteString("  if (failed) {\n    return;\n  }\n")
	for _, st := range c.Steps {
		fmt.Fprintf(b, "  await step(%s, async () => {\n", str(st.Name))
		switch {
		case st.Problem != "":
			fmt.Fprintf(b, "    throw new Error(%s);\n", str(st.Problem))
		case st.Read != nil:
			cp.readStep(st)
		case st.Write != nil:
			cp.writeStep(st)
		case st.Query != nil:
			cp.queryStep(st)
		}
		b.WriteString("  });\n")
	}
	var want []string
	for _, cl := range api.Calls() {
		want = append(want, str(cl.Key()))
	}
	b.WriteString("  await step(\"iam-policy\", async () => {\n")
	fmt.Fprintf(b, "    const want: string[] = [%s];\n", strings.Join(want, ", "))
	b.WriteString("    const got = recorder.made();\n")
	b.WriteString("    if (JSON.stringify(got) !== JSON.stringify(want)) {\n      throw new Error(\"the modules called \" + JSON.stringify(got) + \", the IAM policy of tfdyn emit --app-policy grants \" + JSON.stringify(want));\n    }\n  });\n")
	b.WriteString("});\n")
	return b.Bytes()
}

func (cp *contractPrinter) calls() bool {
	return len(cp.api.Reads) > 0 || len(cp.api.Writes) > 0 || len(cp.api.Queries) > 0
}

// resultName is the name (under api.) of the type of res's items.
func resultName(res *gen.Result) string { return "api." + resultTypeName(res) }

// readStep prints a read of the contract and its comparison.
func (cp *contractPrinter) readStep(st *gen.Step) {
	b := &cp.b
	r := st.Read
	fn := "api." + readFunc(r)
	arg := ""
	if len(r.Params) > 0 {
		arg = ", " + cp.itemLiteral(r.Params, st.Inputs)
	}
	src := "the oracle"
	if st.Declared {
		src = "the pattern's example (returns)"
	}
	switch {
	case r.One && len(r.Results) == 1:
		res := r.Results[0]
		fmt.Fprintf(b, "    const got = await %s(db%s);\n", fn, arg)
		fmt.Fprintf(b, "    const want: %s[] = [%s];\n", resultName(res), cp.itemLiterals(res, st.Want))
		fmt.Fprintf(b, "    if (want.length === 0) {\n      if (got !== undefined) {\n        throw new Error(\"want undefined (%s finds nothing), got \" + show(got));\n      }\n      return;\n    }\n", src)
		b.WriteString("    if (got === undefined) {\n      throw new Error(\"got undefined, want \" + show(want));\n    }\n")
		b.WriteString("    same([got], want, null);\n")
		return
	case r.One:
		fmt.Fprintf(b, "    const result = await %s(db%s);\n", fn, arg)
		var empty []string
		for _, res := range r.Results {
			empty = append(empty, resultProp(r, res)+": []")
		}
		fmt.Fprintf(b, "    const got: api.%s = result ?? { %s };\n", pageType(r), strings.Join(empty, ", "))
	case r.Shape.Limit > 0:
		fmt.Fprintf(b, "    const got = await %s(db%s);\n", fn, arg)
		fmt.Fprintf(b, "    if (got.next !== undefined) {\n      await %s(db%s, { after: got.next });\n", fn, arg)
		if other := cp.otherParams(r, st.Inputs); other != "" {
			fmt.Fprintf(b, "      let err: unknown;\n      try {\n        await %s(db, %s, { after: got.next });\n      } catch (e) {\n        err = e;\n      }\n", fn, other)
			b.WriteString("      if (!(err instanceof api.CursorError)) {\n        throw new Error(\"a cursor used with other inputs: want a CursorError, got \" + String(err));\n      }\n")
		}
		b.WriteString("    }\n")
	default:
		var empty []string
		for _, res := range r.Results {
			empty = append(empty, resultProp(r, res)+": []")
		}
		fmt.Fprintf(b, "    const got: api.%s = { %s, next: undefined };\n", pageType(r), strings.Join(empty, ", "))
		fmt.Fprintf(b, "    for await (const page of %sPages(db%s)) {\n", fn, arg)
		for _, res := range r.Results {
			p := resultProp(r, res)
			fmt.Fprintf(b, "      got.%s.push(...page.%s);\n", p, p)
		}
		b.WriteString("    }\n")
	}
	var taken []string
	for i, res := range r.Results {
		fmt.Fprintf(b, "    const want%d: %s[] = [%s];\n", i, resultName(res), cp.itemLiterals(res, st.Want))
		if st.Cut != nil {
			fmt.Fprintf(b, "    const open%d: %s[] = [%s];\n", i, resultName(res), cp.itemLiterals(res, st.Cut.Candidates))
			taken = append(taken, fmt.Sprintf("cut(got.%s, want%d, [%s], open%d)", resultProp(r, res), i, runsOf(res.Entity, st.Want), i))
			continue
		}
		fmt.Fprintf(b, "    same(got.%s, want%d, [%s]);\n", resultProp(r, res), i, runsOf(res.Entity, st.Want))
	}
	if st.Cut != nil {
		c := st.Cut
		fmt.Fprintf(b, "    const n = %s;\n", strings.Join(taken, " + "))
		cond, want := fmt.Sprintf("n < %d || n > %d", c.Least, c.Most), fmt.Sprintf("%d to %d", c.Least, c.Most)
		if c.Least == c.Most {
			cond, want = fmt.Sprintf("n !== %d", c.Least), strconv.Itoa(c.Least)
		}
		fmt.Fprintf(b, "    if (%s) {\n      throw new Error(%s + String(n));\n    }\n", cond, str("the limit ends inside a run of equal index sort keys: want "+want+" of the run's items, got "))
	}
}

// cuts reports whether a step of c reads with a limit that ends inside a
// run of equal index sort keys.
func cuts(c *gen.Contract) bool {
	for _, st := range c.Steps {
		if st.Cut != nil {
			return true
		}
	}
	return false
}

// writeStep prints a write of the contract and the check of its answer.
func (cp *contractPrinter) writeStep(st *gen.Step) {
	b := &cp.b
	w := st.Write
	arg := ""
	switch {
	case w.Entity != nil:
		arg = ", " + cp.itemLiteral(w.Entity.Fields, st.Inputs)
	case len(w.Params) > 0:
		arg = ", " + cp.itemLiteral(w.Params, st.Inputs)
	}
	fmt.Fprintf(b, "    let err: unknown;\n    try {\n      await api.%s(db%s);\n    } catch (e) {\n      err = e;\n    }\n", writeFunc(w), arg)
	o := st.Outcome
	value := "undefined"
	if o.Kind == gen.OutcomeUnique && o.Value != cty.NilVal && !o.Value.IsNull() {
		value = scalarLiteral(o.Value)
	}
	var reasons []string
	for _, r := range o.Reasons {
		reasons = append(reasons, str(r))
	}
	fmt.Fprintf(b, "    outcome(err, %s, %s, %s, %s, %s, [%s], %s);\n", str(string(o.Kind)), str(o.Entity), str(o.Operation), str(o.Attribute), value, strings.Join(reasons, ", "), str(o.Oracle))
}

// queryStep prints a run of a query builder and its comparison.
func (cp *contractPrinter) queryStep(st *gen.Step) {
	b := &cp.b
	q := st.Query
	e := q.Entity
	pk := len(q.Index.PartitionKey)
	i := pk
	var fs []*gen.Field
	for _, f := range q.Key.Prefixes[0].Params {
		g := *f
		g.Optional = false
		fs = append(fs, &g)
	}
	call := fmt.Sprintf("api.%s(db", queryStart(q))
	if len(fs) > 0 {
		call += ", " + cp.itemLiteral(fs, st.Params)
	}
	call += ")"
	for d := 0; d < st.Eq; d++ {
		s := q.Steps[d]
		call += fmt.Sprintf(".%s(%s)", stepMethod(s, hclschema.OpEq), cp.sortLiteral(s, st.Operands[i]))
		i++
	}
	if st.Op != "" {
		s := q.Steps[st.Eq]
		var ops []string
		for ; i < len(st.Operands); i++ {
			ops = append(ops, cp.sortLiteral(s, st.Operands[i]))
		}
		call += fmt.Sprintf(".%s(%s)", stepMethod(s, st.Op), strings.Join(ops, ", "))
	}
	if st.Desc {
		call += ".desc()"
	}
	t := resultName(q.Result)
	fmt.Fprintf(b, "    const got: %s[] = [];\n    for await (const page of %s.pages()) {\n      got.push(...page.items);\n    }\n", t, call)
	fmt.Fprintf(b, "    const want: %s[] = [%s];\n", t, cp.itemLiterals(q.Result, st.Want))
	fmt.Fprintf(b, "    same(got, want, [%s]);\n", runsOf(e, st.Want))
}

// sortLiteral is a sort key operand of a query step: the field's value, or
// the stored key value (a string or a number).
func (cp *contractPrinter) sortLiteral(s *gen.QueryStep, v cty.Value) string {
	if s.Value.Field != nil {
		return tsValue(s.Value.Field.Type, v)
	}
	return scalarLiteral(v)
}

// otherParams is an inputs literal of read r with the first string input
// changed, "" when r has none.
func (cp *contractPrinter) otherParams(r *gen.Read, inputs map[string]cty.Value) string {
	other := map[string]cty.Value{}
	changed := false
	for k, v := range inputs {
		other[k] = v
	}
	for _, f := range r.Params {
		if v, ok := inputs[f.Attr]; ok && !changed && f.Type.Kind == gen.TString && v.Type() == cty.String {
			other[f.Attr] = cty.StringVal(v.AsString() + "-other")
			changed = true
		}
	}
	if !changed {
		return ""
	}
	return cp.itemLiteral(r.Params, other)
}

// runsOf are the run numbers of the items of entity e among want.
func runsOf(e *gen.Entity, want []*gen.ContractItem) string {
	var out []string
	for _, it := range want {
		if it.Entity == e {
			out = append(out, strconv.Itoa(it.Run))
		}
	}
	return strings.Join(out, ", ")
}

// itemLiterals are the literals of the items of res's entity among want.
func (cp *contractPrinter) itemLiterals(res *gen.Result, want []*gen.ContractItem) string {
	var out []string
	for _, it := range want {
		if it.Entity == res.Entity {
			out = append(out, cp.itemLiteral(res.Fields, it.Values))
		}
	}
	if len(out) == 0 {
		return ""
	}
	return "\n      " + strings.Join(out, ",\n      ") + ",\n    "
}

// itemLiteral is an object literal of fields from values (absent ones
// left out).
func (cp *contractPrinter) itemLiteral(fields []*gen.Field, values map[string]cty.Value) string {
	var parts []string
	for _, f := range fields {
		v, ok := values[f.Attr]
		if !ok || v.IsNull() {
			continue
		}
		parts = append(parts, prop(f.Attr)+": "+tsValue(f.Type, v))
	}
	if len(parts) == 0 {
		return "{}"
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// tsValue is v as a TypeScript value of type t.
func tsValue(t *gen.Type, v cty.Value) string {
	switch t.Kind {
	case gen.TString, gen.TEnum:
		return str(v.AsString())
	case gen.TNumber:
		return jsNumber(hclschema.NumberText(v.AsBigFloat()))
	case gen.TBool:
		return strconv.FormatBool(v.True())
	case gen.TList, gen.TSet:
		var els []string
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			els = append(els, tsValue(t.Elem, e))
		}
		return "[" + strings.Join(els, ", ") + "]"
	case gen.TMap:
		var els []string
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			els = append(els, str(k.AsString())+": "+tsValue(t.Elem, e))
		}
		sort.Strings(els)
		return "{ " + strings.Join(els, ", ") + " }"
	case gen.TObject:
		var parts []string
		for _, f := range t.Object.Fields {
			if !v.Type().HasAttribute(f.Attr) {
				continue
			}
			a := v.GetAttr(f.Attr)
			if a.IsNull() {
				continue
			}
			parts = append(parts, prop(f.Attr)+": "+tsValue(f.Type, a))
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	}
	return "undefined"
}

// scalarLiteral is a string, number or bool as a TypeScript constant.
func scalarLiteral(v cty.Value) string {
	switch v.Type() {
	case cty.String:
		return str(v.AsString())
	case cty.Number:
		return jsNumber(hclschema.NumberText(v.AsBigFloat()))
	case cty.Bool:
		return strconv.FormatBool(v.True())
	}
	return str(hclschema.ValueText(v))
}

// contractHelpersTS are the helpers of every contract test.
const contractHelpersTS = `/** contractConfig is the client configuration of the endpoint with the environment's credentials (tfdyn's local ones by default). */
function contractConfig(endpoint: string): DynamoDBClientConfig {
  const env = process.env;
  let key = env["AWS_ACCESS_KEY_ID"] || "";
  let secret = env["AWS_SECRET_ACCESS_KEY"] || "";
  if (key === "") {
    key = "tfdyn";
    secret = "tfdyn";
  }
  const token = env["AWS_SESSION_TOKEN"];
  const credentials = token ? { accessKeyId: key, secretAccessKey: secret, sessionToken: token } : { accessKeyId: key, secretAccessKey: secret };
  return { endpoint, region: env["AWS_REGION"] || "us-east-1", credentials, maxAttempts: 3 };
}

/** Recorder records the calls a client makes: the operation and the table (and index) of each, as the IAM policy grants them. */
class Recorder {
  private readonly calls = new Set<string>();
  constructor(private readonly labels: Map<string, string>) {}

  attach(client: DynamoDBClient): void {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { TableName?: string; IndexName?: string; TransactItems?: { Put?: { TableName?: string }; Update?: { TableName?: string }; Delete?: { TableName?: string }; ConditionCheck?: { TableName?: string } }[] };
        const op = (context.commandName ?? "").replace(/Command$/, "");
        if (op === "TransactWriteItems") {
          for (const it of input.TransactItems ?? []) {
            if (it.Put) this.note("PutItem", it.Put.TableName);
            if (it.Update) this.note("UpdateItem", it.Update.TableName);
            if (it.Delete) this.note("DeleteItem", it.Delete.TableName);
            if (it.ConditionCheck) this.note("ConditionCheckItem", it.ConditionCheck.TableName);
          }
        } else {
          this.note(op, input.TableName, op === "Query" ? input.IndexName : undefined);
        }
        return next(args);
      },
      { step: "initialize", name: "tfdynContractRecorder" },
    );
  }

  private note(op: string, table: string | undefined, index?: string): void {
    let name = this.labels.get(table ?? "") ?? table ?? "";
    if (index !== undefined) {
      name += "/index/" + index;
    }
    this.calls.add(op + " " + name);
  }

  /** made returns the calls recorded, sorted as the policy lists them: by table (and index), then operation. */
  made(): string[] {
    return [...this.calls].sort((a, b) => {
      const [oa, ta] = split(a);
      const [ob, tb] = split(b);
      return ta !== tb ? (ta < tb ? -1 : 1) : oa < ob ? -1 : oa > ob ? 1 : 0;
    });
  }
}

function split(call: string): [string, string] {
  const i = call.indexOf(" ");
  return [call.slice(0, i), call.slice(i + 1)];
}

/** canon renders a value with object keys sorted, for comparisons. */
function canon(v: unknown): string {
  if (Array.isArray(v)) {
    return "[" + v.map((x: unknown) => canon(x)).join(",") + "]";
  }
  if (v !== null && typeof v === "object") {
    const m = v as { readonly [k: string]: unknown };
    return "{" + Object.keys(m).filter((k) => m[k] !== undefined).sort().map((k) => JSON.stringify(k) + ":" + canon(m[k])).join(",") + "}";
  }
  return JSON.stringify(v) ?? "undefined";
}

function show(v: unknown): string {
  return canon(v);
}

/** same compares a result with the expected items in order, items of one run (equal index sort keys: DynamoDB's order among them is unspecified) as a set. */
function same<T>(got: readonly T[], want: readonly T[], runs: readonly number[] | null): void {
  if (got.length !== want.length) {
    throw new Error("got " + String(got.length) + " item(s), want " + String(want.length) + ":\ngot:  " + show(got) + "\nwant: " + show(want));
  }
  for (let i = 0; i < want.length; ) {
    let j = i + 1;
    while (runs !== null && j < want.length && runs[j] === runs[i]) {
      j++;
    }
    const g = got.slice(i, j).map((x) => canon(x)).sort();
    const w = want.slice(i, j).map((x) => canon(x)).sort();
    if (g.join("\n") !== w.join("\n")) {
      throw new Error("item(s) " + String(i + 1) + " to " + String(j) + " differ:\ngot:  " + g.join(" ") + "\nwant: " + w.join(" "));
    }
    i = j;
  }
}

`

// contractCutTS compares the result of a read whose limit ends inside a
// run of equal index sort keys (written only for a contract with one).
const contractCutTS = `
/** cut compares a result of a read whose limit ends inside a run of equal index sort keys (DynamoDB's order among them is unspecified, so which of them the limit takes is open): the first want.length items as same does, each of the rest a distinct item of the run, open. It returns how many items of the run came. */
function cut<T>(got: readonly T[], want: readonly T[], runs: readonly number[] | null, open: readonly T[]): number {
  if (got.length < want.length) {
    throw new Error("got " + String(got.length) + " item(s), want at least " + String(want.length) + ":\ngot:  " + show(got) + "\nwant: " + show(want));
  }
  same(got.slice(0, want.length), want, runs);
  const left = new Map<string, number>();
  for (const o of open) {
    const k = canon(o);
    left.set(k, (left.get(k) ?? 0) + 1);
  }
  for (let i = want.length; i < got.length; i++) {
    const k = canon(got[i]);
    const n = left.get(k) ?? 0;
    if (n === 0) {
      throw new Error("item " + String(i + 1) + ": " + k + " is not an item of the run of equal sort keys the limit ends in, or comes twice; the run's items: " + open.map((x) => canon(x)).join(" "));
    }
    left.set(k, n - 1);
  }
  return got.length - want.length;
}
`

// contractOutcomeTS checks the answers of the write patterns.
const contractOutcomeTS = `
/** cause returns the error that err holds (the error property of the generated errors). */
function cause(err: unknown): unknown {
  return err !== null && typeof err === "object" && "error" in err ? (err as { error: unknown }).error : undefined;
}

/** outcome checks a write's answer against the expected one: "ok"; "failure" (any error: the pattern declares repeat = "fails"); "condition" (a ConditionFailedError of entity's operation); "unique" (a UniqueViolationError of entity's attribute with value); a transaction's cancellation reasons when given. oracle is the oracle's answer. */
function outcome(err: unknown, kind: string, entity: string, operation: string, attribute: string, value: unknown, reasons: string[], oracle: string): void {
  switch (kind) {
    case "ok":
      if (err !== undefined) {
        throw new Error("the model expects " + oracle + ", the write failed: " + String(err));
      }
      return;
    case "failure":
      if (err === undefined) {
        throw new Error('the write with the same inputs again succeeded, but the pattern declares repeat = "fails": no condition refuses a duplicate or a stale version');
      }
      return;
    case "condition":
      if (!(err instanceof api.ConditionFailedError) || err.entity !== entity || err.operation !== operation) {
        throw new Error("the model expects " + oracle + ": a ConditionFailedError of " + entity + "'s " + operation + ", got " + String(err));
      }
      break;
    case "unique":
      if (!(err instanceof api.UniqueViolationError) || err.entity !== entity || err.attribute !== attribute || err.value !== value) {
        throw new Error("the model expects " + oracle + ": a UniqueViolationError of " + entity + "." + attribute + " " + String(value) + ", got " + String(err));
      }
      break;
  }
  if (reasons.length > 0) {
    let t: unknown = err;
    while (t !== undefined && !(t instanceof api.TransactionCanceledError)) {
      t = cause(t);
    }
    if (!(t instanceof api.TransactionCanceledError) || t.reasons.join(",") !== reasons.join(",")) {
      throw new Error("the model expects " + oracle + ", got " + String(err));
    }
  }
}
`

package golang

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// ContractTag is the build tag of the generated contract test: go test
// -tags tfdyn_contract runs it (tfdyn verify --gen go:DIR does).
const ContractTag = "tfdyn_contract"

// Contract environment: the endpoint, and a table name per table label
// (the front end's, which every back end's contract test reads).
const (
	ContractEndpointEnv = gen.ContractEndpointEnv
	ContractTableEnv    = gen.ContractTableEnv
)

// ContractTableVar is the environment variable naming the table a contract
// test writes for the table block label (gen.ContractTableVar).
func ContractTableVar(label string) string { return gen.ContractTableVar(label) }

// contract prints contract_test.go: the contract of the schema run live
// through the package's methods.
func (p *printer) contract(b *bytes.Buffer) {
	c := p.contractOf
	fmt.Fprintf(b, "//go:build %s\n\n", ContractTag)
	p.header(b, "context", "errors", "fmt", "os", "reflect", "sort", "strings", "sync", "testing",
		"github.com/aws/aws-sdk-go-v2/aws", dynamodbImport)
	comment(b, "", fmt.Sprintf("TestContract runs the contract of the schema against live tables: the example items written through the generated writers, every access pattern's input sets read through the generated readers and compared with what tfdyn's oracle returns, every write pattern's cases (success, repeat, a taken unique value) answered with the typed errors the oracle predicts, the reads again after the writes, and the DynamoDB calls the package made compared with the IAM policy tfdyn emit writes for the application. It needs %s (http://127.0.0.1:8000 for DynamoDB Local) and, for each table, an empty table of the schema's definition: %s, else the schema's name. Credentials come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (default: tfdyn's local ones), the region from AWS_REGION (default us-east-1). tfdyn verify --gen go:DIR runs it on the table it provisions.",
		ContractEndpointEnv, tableVars(p.api.Tables)))
	b.WriteString("func TestContract(t *testing.T) {\n")
	fmt.Fprintf(b, "\tendpoint := os.Getenv(%q)\n\tif endpoint == \"\" {\n\t\tt.Fatal(\"set %s to the DynamoDB endpoint the contract runs against (http://127.0.0.1:8000 for DynamoDB Local)\")\n\t}\n", ContractEndpointEnv, ContractEndpointEnv)
	b.WriteString("\tdb := tfdynContractClient(endpoint)\n\tnames := map[string]string{}\n")
	var opts []string
	for _, t := range p.api.Tables {
		v := "table" + exported(t.Name)
		fmt.Fprintf(b, "\t%s := os.Getenv(%q)\n\tif %s == \"\" {\n\t\t%s = %s\n\t}\n\tnames[%s] = %s\n", v, ContractTableVar(t.Label), v, v, quote(t.TableName), v, quote(t.Label))
		opts = append(opts, fmt.Sprintf("With%sTable(%s)", exported(t.Name), v))
	}
	b.WriteString("\trec := &tfdynContractRecorder{Client: db, tables: names, calls: map[string]bool{}}\n")
	fmt.Fprintf(b, "\tq := New(rec, %s)\n\tctx := context.Background()\n\t_, _ = q, ctx\n\n", strings.Join(opts, ", "))

	// The seed.
	b.WriteString("\tt.Run(\"seed\", func(t *testing.T) {\n")
	for i, it := range c.Seed {
		fmt.Fprintf(b, "\t\titem%d, err := Marshal%s(%s)\n\t\tif err != nil {\n\t\t\tt.Fatal(err)\n\t\t}\n", i, exported(it.Entity.Name), p.itemLiteral(it.Entity.Fields, exported(it.Entity.Name), it.Values))
		fmt.Fprintf(b, "\t\tif _, err := db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(%s), Item: item%d}); err != nil {\n\t\t\tt.Fatal(err)\n\t\t}\n",
			"table"+exported(it.Entity.Table.Name), i)
	}
	b.WriteString("\t})\n")
	b.WriteString("\tif t.Failed() {\n\t\treturn\n\t}\n")

	for _, st := range c.Steps {
		fmt.Fprintf(b, "\tt.Run(%s, func(t *testing.T) {\n", quote(st.Name))
		switch {
		case st.Problem != "":
			fmt.Fprintf(b, "\t\tt.Fatal(%s)\n", quote(st.Problem))
		case st.Read != nil:
			p.readStep(b, st)
		case st.Write != nil:
			p.writeStep(b, st)
		case st.Query != nil:
			p.queryStep(b, st)
		}
		b.WriteString("\t})\n")
	}

	// The calls made, against the IAM policy.
	// What emit --app-policy grants (emit.AppCalls), in the order the
	// recorder sorts the calls.
	var granted []gen.Call
	for _, t := range p.api.Tables {
		for _, c := range emit.AppCalls(p.api.Schema, t.Model) {
			granted = append(granted, gen.Call{Operation: c.Operation, Table: t.Label, Index: c.Index})
		}
	}
	sort.Slice(granted, func(i, j int) bool { return granted[i].Less(granted[j]) })
	var calls []string
	for _, cl := range granted {
		calls = append(calls, quote(callKey(cl)))
	}
	b.WriteString("\tt.Run(\"iam-policy\", func(t *testing.T) {\n")
	fmt.Fprintf(b, "\t\twant := []string{%s}\n", strings.Join(calls, ", "))
	b.WriteString("\t\tgot := rec.made()\n\t\tif !reflect.DeepEqual(got, want) {\n\t\t\tt.Errorf(\"the package called %v, the IAM policy of tfdyn emit --app-policy grants %v\", got, want)\n\t\t}\n\t})\n")
	b.WriteString("}\n\n")
	b.WriteString(contractHelpers)
	if cuts(c) {
		b.WriteString(contractCutHelper)
	}
	for _, op := range p.calls() {
		fmt.Fprintf(b, "\nfunc (r *tfdynContractRecorder) %s(ctx context.Context, in *dynamodb.%sInput, opts ...func(*dynamodb.Options)) (*dynamodb.%sOutput, error) {\n", op, op, op)
		switch op {
		case "Query":
			b.WriteString("\tr.note(\"Query\", in.TableName, in.IndexName)\n")
		case "TransactWriteItems":
			b.WriteString("\tfor _, it := range in.TransactItems {\n\t\tswitch {\n\t\tcase it.Put != nil:\n\t\t\tr.note(\"PutItem\", it.Put.TableName, nil)\n\t\tcase it.Update != nil:\n\t\t\tr.note(\"UpdateItem\", it.Update.TableName, nil)\n\t\tcase it.Delete != nil:\n\t\t\tr.note(\"DeleteItem\", it.Delete.TableName, nil)\n\t\tcase it.ConditionCheck != nil:\n\t\t\tr.note(\"ConditionCheckItem\", it.ConditionCheck.TableName, nil)\n\t\t}\n\t}\n")
		default:
			fmt.Fprintf(b, "\tr.note(%q, in.TableName, nil)\n", op)
		}
		fmt.Fprintf(b, "\treturn r.Client.%s(ctx, in, opts...)\n}\n", op)
	}
}

// callKey renders a call as the contract test records it.
func callKey(c gen.Call) string { return c.Key() }

func tableVars(ts []*gen.Table) string {
	var out []string
	for _, t := range ts {
		out = append(out, fmt.Sprintf("%s for table %s (default %q)", ContractTableVar(t.Label), t.Label, t.TableName))
	}
	return strings.Join(out, ", ")
}

// readStep prints a read of the contract and its comparison.
func (p *printer) readStep(b *bytes.Buffer, st *gen.Step) {
	r := st.Read
	m := method(r.Name)
	arg := ""
	if pt := p.paramsType(r); pt != "" {
		arg = ", " + p.paramsLiteral(pt, r.Params, st.Inputs)
	}
	src := "the oracle"
	if st.Declared {
		src = "the pattern's example (returns)"
	}
	switch {
	case r.One && len(r.Results) == 1:
		res := r.Results[0]
		fmt.Fprintf(b, "\t\tgot, err := q.%s(ctx%s)\n", m, arg)
		fmt.Fprintf(b, "\t\twant := []%s{%s}\n", resultType(res), p.itemLiterals(res, st.Want, nil))
		fmt.Fprintf(b, "\t\tswitch {\n\t\tcase len(want) == 0:\n\t\t\tif !errors.Is(err, ErrNotFound) {\n\t\t\t\tt.Fatalf(\"want ErrNotFound (%s finds nothing), got %%v, %%v\", got, err)\n\t\t\t}\n", src)
		b.WriteString("\t\tcase err != nil:\n\t\t\tt.Fatal(err)\n\t\tdefault:\n\t\t\ttfdynContractSame(t, []" + resultType(res) + "{got}, want, nil)\n\t\t}\n")
	default:
		call := func() {
			if many(r) {
				limited := r.Shape.Limit > 0
				if limited {
					fmt.Fprintf(b, "\t\tpage, err := q.%s(ctx%s, \"\")\n\t\tif err != nil {\n\t\t\tt.Fatal(err)\n\t\t}\n\t\tgot := page\n", m, arg)
					// The next page through the cursor, and the cursor refused
					// for other inputs.
					fmt.Fprintf(b, "\t\tif page.Next != \"\" {\n\t\t\tif _, err := q.%s(ctx%s, page.Next); err != nil {\n\t\t\t\tt.Errorf(\"the next page: %%v\", err)\n\t\t\t}\n", m, arg)
					if other := p.otherParams(r, st.Inputs); other != "" {
						fmt.Fprintf(b, "\t\t\tvar ce *CursorError\n\t\t\tif _, err := q.%s(ctx, %s, page.Next); !errors.As(err, &ce) {\n\t\t\t\tt.Errorf(\"a cursor used with other inputs: want a *CursorError, got %%v\", err)\n\t\t\t}\n", m, other)
					}
					b.WriteString("\t\t}\n")
					return
				}
				fmt.Fprintf(b, "\t\tvar got %s\n\t\tfor page, err := range q.%sPages(ctx%s) {\n\t\t\tif err != nil {\n\t\t\t\tt.Fatal(err)\n\t\t\t}\n", returnType(r), m, arg)
				for _, res := range r.Results {
					f := resultField(r, res)
					fmt.Fprintf(b, "\t\t\tgot.%s = append(got.%s, page.%s...)\n", f, f, f)
				}
				b.WriteString("\t\t}\n")
				return
			}
			fmt.Fprintf(b, "\t\tgot, err := q.%s(ctx%s)\n", m, arg)
			b.WriteString("\t\tif errors.Is(err, ErrNotFound) {\n\t\t\terr = nil\n\t\t}\n\t\tif err != nil {\n\t\t\tt.Fatal(err)\n\t\t}\n")
		}
		call()
		var taken []string
		for i, res := range r.Results {
			fmt.Fprintf(b, "\t\twant%d := []%s{%s}\n", i, resultType(res), p.itemLiterals(res, st.Want, nil))
			if st.Cut != nil {
				fmt.Fprintf(b, "\t\topen%d := []%s{%s}\n", i, resultType(res), p.itemLiterals(res, st.Cut.Candidates, nil))
				taken = append(taken, fmt.Sprintf("tfdynContractCut(t, got.%s, want%d, []int{%s}, open%d)", resultField(r, res), i, runsOf(res.Entity, st.Want), i))
				continue
			}
			fmt.Fprintf(b, "\t\ttfdynContractSame(t, got.%s, want%d, []int{%s})\n", resultField(r, res), i, runsOf(res.Entity, st.Want))
		}
		if st.Cut != nil {
			cutTaken(b, st.Cut, taken)
		}
	}
}

// cutTaken prints the check of a read whose limit ends inside a run of
// equal index sort keys: the sum of the calls taken (each
// tfdynContractCut of an entity's result, answering how many of the run's
// items it returned) between the cut's bounds.
func cutTaken(b *bytes.Buffer, c *gen.ContractCut, taken []string) {
	fmt.Fprintf(b, "\t\tn := %s\n", taken[0])
	for _, x := range taken[1:] {
		fmt.Fprintf(b, "\t\tn += %s\n", x)
	}
	cond, want := fmt.Sprintf("n < %d || n > %d", c.Least, c.Most), fmt.Sprintf("%d to %d", c.Least, c.Most)
	if c.Least == c.Most {
		cond, want = fmt.Sprintf("n != %d", c.Least), strconv.Itoa(c.Least)
	}
	fmt.Fprintf(b, "\t\tif %s {\n\t\t\tt.Fatalf(\"the limit ends inside a run of equal index sort keys: want %s of the run's items, got %%d\", n)\n\t\t}\n", cond, want)
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
func (p *printer) writeStep(b *bytes.Buffer, st *gen.Step) {
	w := st.Write
	arg := ""
	switch {
	case w.Entity != nil:
		arg = ", " + p.itemLiteral(w.Entity.Fields, exported(w.Entity.Name), st.Inputs)
	case len(w.Params) > 0:
		arg = ", " + p.paramsLiteral(method(w.Name)+"Params", w.Params, st.Inputs)
	}
	fmt.Fprintf(b, "\t\terr := q.%s(ctx%s)\n", method(w.Name), arg)
	o := st.Outcome
	value := "nil"
	if o.Kind == gen.OutcomeUnique && o.Value != cty.NilVal && !o.Value.IsNull() {
		value = scalarLiteral(o.Value)
	}
	var reasons []string
	for _, r := range o.Reasons {
		reasons = append(reasons, quote(r))
	}
	fmt.Fprintf(b, "\t\ttfdynContractOutcome(t, err, %q, %q, %q, %q, %s, []string{%s}, %q)\n",
		string(o.Kind), o.Entity, o.Operation, o.Attribute, value, strings.Join(reasons, ", "), o.Oracle)
}

// queryStep prints a run of a query builder and its comparison.
func (p *printer) queryStep(b *bytes.Buffer, st *gen.Step) {
	q := st.Query
	e := q.Entity
	pk := len(q.Index.PartitionKey)
	var args []string
	for _, f := range q.Key.Prefixes[0].Params {
		args = append(args, p.fieldValue(f, st.Params[f.Attr]))
	}
	i := pk
	call := fmt.Sprintf("q.%s(%s)", queryStart(q), strings.Join(args, ", "))
	for d := 0; d < st.Eq; d++ {
		s := q.Steps[d]
		call += fmt.Sprintf(".%sEq(%s)", exported(gen.NameOf(s.Value.Attr)), p.sortLiteral(s, st.Operands[i]))
		i++
	}
	if st.Op != "" {
		s := q.Steps[st.Eq]
		var ops []string
		for ; i < len(st.Operands); i++ {
			ops = append(ops, p.sortLiteral(s, st.Operands[i]))
		}
		call += fmt.Sprintf(".%s%s(%s)", exported(gen.NameOf(s.Value.Attr)), opWord(st.Op), strings.Join(ops, ", "))
	}
	if st.Desc {
		call += ".Desc()"
	}
	fmt.Fprintf(b, "\t\tvar got []%s\n\t\tfor page, err := range %s.Pages(ctx) {\n\t\t\tif err != nil {\n\t\t\t\tt.Fatal(err)\n\t\t\t}\n\t\t\tgot = append(got, page.Items...)\n\t\t}\n", resultType(q.Result), call)
	fmt.Fprintf(b, "\t\twant := []%s{%s}\n", resultType(q.Result), p.itemLiterals(q.Result, st.Want, e))
	fmt.Fprintf(b, "\t\ttfdynContractSame(t, got, want, []int{%s})\n", runsOf(e, st.Want))
}

// sortLiteral is a sort key operand of a query step: the field's value, or
// the stored key value (a string or a number).
func (p *printer) sortLiteral(s *gen.QueryStep, v cty.Value) string {
	if s.Value.Field != nil {
		f := *s.Value.Field
		f.Optional = false
		return p.fieldValue(&f, v)
	}
	return scalarLiteral(v)
}

// otherParams is a parameters literal of read r with the first string
// input changed, "" when r has none.
func (p *printer) otherParams(r *gen.Read, inputs map[string]cty.Value) string {
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
	return p.paramsLiteral(p.paramsType(r), r.Params, other)
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
func (p *printer) itemLiterals(res *gen.Result, want []*gen.ContractItem, _ *gen.Entity) string {
	var out []string
	for _, it := range want {
		if it.Entity == res.Entity {
			out = append(out, p.itemLiteral(res.Fields, resultType(res), it.Values))
		}
	}
	if len(out) == 0 {
		return ""
	}
	return "\n\t\t\t" + strings.Join(out, ",\n\t\t\t") + ",\n\t\t"
}

// itemLiteral is a struct literal of type t with fields from values.
func (p *printer) itemLiteral(fields []*gen.Field, t string, values map[string]cty.Value) string {
	var parts []string
	for _, f := range fields {
		v, ok := values[f.Attr]
		if !ok || v.IsNull() {
			continue
		}
		parts = append(parts, exported(f.Name)+": "+p.fieldValue(f, v))
	}
	return t + "{" + strings.Join(parts, ", ") + "}"
}

// paramsLiteral is a parameters struct literal.
func (p *printer) paramsLiteral(t string, params []*gen.Field, values map[string]cty.Value) string {
	return p.itemLiteral(params, t, values)
}

// fieldValue is v as a Go value of field f (a pointer for an optional
// scalar or object).
func (p *printer) fieldValue(f *gen.Field, v cty.Value) string {
	s := goValue(f.Type, v)
	if f.Optional && (f.Type.Scalar() || f.Type.Kind == gen.TObject) {
		if f.Type.Kind == gen.TObject {
			return "&" + s
		}
		return "tfdynContractPtr(" + s + ")"
	}
	return s
}

// goValue is v as a Go value of type t.
func goValue(t *gen.Type, v cty.Value) string {
	switch t.Kind {
	case gen.TString:
		return quote(v.AsString())
	case gen.TEnum:
		return exported(t.Enum.Name) + "(" + quote(v.AsString()) + ")"
	case gen.TNumber:
		return numberLiteral(v)
	case gen.TBool:
		return strconv.FormatBool(v.True())
	case gen.TList, gen.TSet:
		var els []string
		for it := v.ElementIterator(); it.Next(); {
			_, e := it.Element()
			els = append(els, goValue(t.Elem, e))
		}
		return goType(t) + "{" + strings.Join(els, ", ") + "}"
	case gen.TMap:
		var els []string
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			els = append(els, quote(k.AsString())+": "+goValue(t.Elem, e))
		}
		sort.Strings(els)
		return goType(t) + "{" + strings.Join(els, ", ") + "}"
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
			parts = append(parts, exported(f.Name)+": "+fieldValueOf(f, a))
		}
		return exported(t.Object.Name) + "{" + strings.Join(parts, ", ") + "}"
	}
	return "nil"
}

func fieldValueOf(f *gen.Field, v cty.Value) string {
	s := goValue(f.Type, v)
	if f.Optional && (f.Type.Scalar() || f.Type.Kind == gen.TObject) {
		if f.Type.Kind == gen.TObject {
			return "&" + s
		}
		return "tfdynContractPtr(" + s + ")"
	}
	return s
}

// numberLiteral is a number as a float64 literal.
func numberLiteral(v cty.Value) string {
	f, _ := v.AsBigFloat().Float64()
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return "float64(" + s + ")"
}

// scalarLiteral is a string or number as a Go constant (an any's value).
func scalarLiteral(v cty.Value) string {
	switch v.Type() {
	case cty.String:
		return quote(v.AsString())
	case cty.Number:
		return numberLiteral(v)
	case cty.Bool:
		return strconv.FormatBool(v.True())
	}
	return quote(hclschema.ValueText(v))
}

const contractHelpers = `// tfdynContractPtr returns a pointer to a copy of v.
func tfdynContractPtr[T any](v T) *T { return &v }

// tfdynContractClient is a DynamoDB client of endpoint with the
// environment's static credentials (tfdyn's local ones by default).
func tfdynContractClient(endpoint string) *dynamodb.Client {
	key, secret := os.Getenv("AWS_ACCESS_KEY_ID"), os.Getenv("AWS_SECRET_ACCESS_KEY")
	if key == "" {
		key, secret = "tfdyn", "tfdyn"
	}
	region := os.Getenv("AWS_REGION")
	if region == "" {
		region = "us-east-1"
	}
	creds := aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) {
		return aws.Credentials{AccessKeyID: key, SecretAccessKey: secret, SessionToken: os.Getenv("AWS_SESSION_TOKEN"), Source: "environment"}, nil
	})
	return dynamodb.New(dynamodb.Options{Region: region, BaseEndpoint: aws.String(endpoint), Credentials: creds, DisableValidateResponseChecksum: true})
}

// tfdynContractRecorder records the calls the package makes: the operation
// and the table (and index) of each, as the IAM policy grants them.
type tfdynContractRecorder struct {
	Client
	// tables maps a table's DynamoDB name to its label.
	tables map[string]string
	mu     sync.Mutex
	calls  map[string]bool
}

func (r *tfdynContractRecorder) note(op string, table *string, index *string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	name := aws.ToString(table)
	if label, ok := r.tables[name]; ok {
		name = label
	}
	if index != nil {
		name += "/index/" + *index
	}
	r.calls[op+" "+name] = true
}

// made returns the calls recorded, sorted as the policy lists them.
func (r *tfdynContractRecorder) made() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, 0, len(r.calls))
	for c := range r.calls {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := strings.SplitN(out[i], " ", 2), strings.SplitN(out[j], " ", 2)
		if a[1] != b[1] {
			return a[1] < b[1]
		}
		return a[0] < b[0]
	})
	return out
}

// tfdynContractSame compares a result with the expected items in order,
// items of one run (equal index sort keys: DynamoDB's order among them is
// unspecified) as a set.
func tfdynContractSame[T any](t *testing.T, got, want []T, runs []int) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d item(s), want %d:\ngot:  %+v\nwant: %+v", len(got), len(want), got, want)
	}
	for i := 0; i < len(want); {
		j := i + 1
		for runs != nil && j < len(want) && runs[j] == runs[i] {
			j++
		}
		g, w := make([]string, 0, j-i), make([]string, 0, j-i)
		for k := i; k < j; k++ {
			g = append(g, tfdynContractText(got[k]))
			w = append(w, tfdynContractText(want[k]))
		}
		sort.Strings(g)
		sort.Strings(w)
		if !reflect.DeepEqual(g, w) {
			t.Fatalf("item(s) %d to %d differ:\ngot:  %v\nwant: %v", i+1, j, g, w)
		}
		i = j
	}
}

// tfdynContractText renders a value with its pointers followed.
func tfdynContractText(v any) string {
	var walk func(reflect.Value) string
	walk = func(x reflect.Value) string {
		switch x.Kind() {
		case reflect.Pointer:
			if x.IsNil() {
				return "nil"
			}
			return "&" + walk(x.Elem())
		case reflect.Struct:
			parts := make([]string, x.NumField())
			for i := range parts {
				parts[i] = x.Type().Field(i).Name + ":" + walk(x.Field(i))
			}
			return "{" + strings.Join(parts, " ") + "}"
		case reflect.Slice:
			parts := make([]string, x.Len())
			for i := range parts {
				parts[i] = walk(x.Index(i))
			}
			return "[" + strings.Join(parts, " ") + "]"
		case reflect.Map:
			parts := make([]string, 0, x.Len())
			for it := x.MapRange(); it.Next(); {
				parts = append(parts, fmt.Sprint(it.Key().Interface())+":"+walk(it.Value()))
			}
			sort.Strings(parts)
			return "map[" + strings.Join(parts, " ") + "]"
		}
		return fmt.Sprintf("%#v", x.Interface())
	}
	return walk(reflect.ValueOf(v))
}

// tfdynContractOutcome checks a write's answer against the expected one:
// "ok"; "failure" (any error: the pattern declares repeat = "fails");
// "condition" (a *ConditionFailedError of entity's operation); "unique" (a
// *UniqueViolationError of entity's attribute with value); a transaction's
// cancellation reasons when given. oracle is the oracle's answer.
func tfdynContractOutcome(t *testing.T, err error, kind, entity, operation, attribute string, value any, reasons []string, oracle string) {
	t.Helper()
	switch kind {
	case "ok":
		if err != nil {
			t.Fatalf("the model expects %s, the write failed: %v", oracle, err)
		}
		return
	case "failure":
		if err == nil {
			t.Fatalf("the write with the same inputs again succeeded, but the pattern declares repeat = \"fails\": no condition refuses a duplicate or a stale version")
		}
		return
	case "condition":
		var ce *ConditionFailedError
		if !errors.As(err, &ce) || ce.Entity != entity || ce.Operation != operation {
			t.Fatalf("the model expects %s: a *ConditionFailedError of %s's %s, got %v", oracle, entity, operation, err)
		}
	case "unique":
		var ue *UniqueViolationError
		if !errors.As(err, &ue) || ue.Entity != entity || ue.Attribute != attribute || !reflect.DeepEqual(ue.Value, value) {
			t.Fatalf("the model expects %s: a *UniqueViolationError of %s.%s %v, got %v", oracle, entity, attribute, value, err)
		}
	}
	if len(reasons) > 0 {
		var te *TransactionCanceledError
		if !errors.As(err, &te) || !reflect.DeepEqual(te.Reasons, reasons) {
			t.Fatalf("the model expects %s, got %v", oracle, err)
		}
	}
}
`

// contractCutHelper compares the result of a read whose limit ends inside
// a run of equal index sort keys (printed only for a contract with one).
const contractCutHelper = `
// tfdynContractCut compares a result of a read whose limit ends inside a
// run of equal index sort keys (DynamoDB's order among them is
// unspecified, so which of them the limit takes is open): the first
// len(want) items as tfdynContractSame does, each of the rest a distinct
// item of the run, open. It returns how many items of the run came.
func tfdynContractCut[T any](t *testing.T, got, want []T, runs []int, open []T) int {
	t.Helper()
	if len(got) < len(want) {
		t.Fatalf("got %d item(s), want at least %d:\ngot:  %+v\nwant: %+v", len(got), len(want), got, want)
	}
	tfdynContractSame(t, got[:len(want)], want, runs)
	left := map[string]int{}
	texts := make([]string, 0, len(open))
	for _, o := range open {
		left[tfdynContractText(o)]++
		texts = append(texts, tfdynContractText(o))
	}
	for i, g := range got[len(want):] {
		k := tfdynContractText(g)
		if left[k] == 0 {
			t.Fatalf("item %d: %s is not an item of the run of equal sort keys the limit ends in, or comes twice; the run's items: %v", len(want)+i+1, k, texts)
		}
		left[k]--
	}
	return len(got) - len(want)
}
`

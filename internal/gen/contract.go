package gen

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// Contract is what a generated package's contract test runs against a live
// table, each expectation computed here with the oracle verify uses: the
// schema's example items (and the guard items of their unique values)
// written through the generated writers, every access pattern's input sets
// read through the generated readers, every write pattern's cases (the
// success case, the repeat, a taken unique value) expecting the typed
// errors the oracle predicts, then the reads again on the table the writes
// left. The steps run in order on one table per schema table.
type Contract struct {
	// Seed are the items written first, table by table.
	Seed []*ContractItem
	// Steps are the reads and writes, in order.
	Steps []*Step
}

// ContractItem is an item of an entity: the values of its fields (absent
// optional fields left out).
type ContractItem struct {
	Entity *Entity
	Values map[string]cty.Value
	// Run numbers the runs of items whose order DynamoDB leaves
	// unspecified (equal index sort keys) in a read's result: items of one
	// run are compared as a set.
	Run int
}

// Step is one call of a generated method and what it must answer.
type Step struct {
	// Name identifies the step: read/<pattern>/<n>, write/<pattern>/<case>,
	// after/<pattern>/<n>.
	Name string
	// Read or Write is the method called; Inputs its inputs.
	Read   *Read
	Write  *Write
	Inputs map[string]cty.Value
	// Want is, for a read, the items the oracle returns, in order, each as
	// its Result (Result[i] is the entity's result in Read.Results); with
	// a Cut, the items before the cut run.
	Want []*ContractItem
	// Cut is set for a read whose limit ends inside a run of equal index
	// sort keys (oracle.Cut): after Want, the read returns some of the
	// run's items, which ones DynamoDB leaves open.
	Cut *ContractCut
	// Outcome is, for a write, what DynamoDB must answer.
	Outcome *Outcome
	// Query is a query builder run with the partition key and Eq sort key
	// attributes fixed by equality, then Op ("" for none) on the next;
	// Operands are the values in key order (two for between). Desc reads
	// in descending order.
	// Params are the values of the query builder's partition key
	// parameters (Query.Key.Prefixes[0].Params), the item's the key
	// comes from: a key attribute written by a template takes its fields,
	// not its stored value.
	Query    *Query
	Eq       int
	Op       hclschema.ConditionOp
	Operands []cty.Value
	Params   map[string]cty.Value
	Desc     bool
	// Declared says where the expectation comes from for a reader: the
	// pattern's example (declared returns) or the oracle.
	Declared bool
	// Problem is set when the oracle cannot model the step (a write the
	// model rejects): the step fails with it, as verify's case does.
	Problem string
}

// ContractCut is what a read returns after the items before a limit that
// ends inside a run of equal index sort keys (oracle.Cut): between Least
// and Most (oracle.Cut.Bounds) distinct items of Candidates, in any order.
type ContractCut struct {
	Candidates  []*ContractItem
	Least, Most int
}

// OutcomeKind tells a write's expected answers apart.
type OutcomeKind string

// Write outcomes, as the generated errors name them.
const (
	OutcomeOK OutcomeKind = "ok"
	// OutcomeCondition is a *ConditionFailedError of Entity's Operation.
	OutcomeCondition OutcomeKind = "condition"
	// OutcomeUnique is a *UniqueViolationError of Entity's Attribute with
	// Value.
	OutcomeUnique OutcomeKind = "unique"
	// OutcomeFailure is any failure of the write (a repeat the pattern
	// declares repeat = "fails" while the oracle lets it succeed: the
	// schema's conditions do not refuse it, and the test fails as verify
	// does).
	OutcomeFailure OutcomeKind = "failure"
)

// Outcome is a write's expected answer.
type Outcome struct {
	Kind OutcomeKind
	// Entity and Operation name the write whose condition fails (the
	// owner for a unique value), Attribute and Value the unique value.
	Entity, Operation, Attribute string
	Value                        cty.Value
	// Reasons are a cancelled transaction's cancellation reasons, in the
	// order of the writes sent.
	Reasons []string
	// Oracle is the oracle's answer (oracle.WriteResult.String), for
	// messages.
	Oracle string
}

// maxAfterSets bounds the input sets each pattern is read with again after
// the writes (verify reads 6).
const maxAfterSets = 6

// Contract computes the contract of api's schema s.
func (api *API) Contract(s *hclschema.Schema) (*Contract, error) {
	c := &Contract{}
	entities := map[*hclschema.Entity]*Entity{}
	for _, e := range api.Entities {
		entities[e.Model] = e
	}
	tables := map[*hclschema.Table][]hclschema.Item{}
	for _, t := range s.Tables {
		items, err := seedItems(t)
		if err != nil {
			return nil, err
		}
		tables[t] = items
		for _, it := range items {
			e := entities[it.Entity]
			if e == nil {
				return nil, fmt.Errorf("no generated type for entity %q", it.Entity.Name)
			}
			c.Seed = append(c.Seed, &ContractItem{Entity: e, Values: fieldValues(e, it, nil)})
		}
	}
	reads := func(stage string, limit int) error {
		for _, r := range api.Reads {
			p := r.Pattern
			sets := hclschema.InputSets(p)
			for i, set := range sets {
				if limit > 0 && i >= limit {
					break
				}
				b, err := hclschema.Bind(p, set.Values)
				if err != nil {
					continue
				}
				res := oracle.Run(b, tables[p.Table])
				st := &Step{Name: fmt.Sprintf("%s/%s/%d", stage, p.Name, i+1), Read: r, Inputs: set.Values, Declared: set.Explicit() && set.Pattern.HasReturns && stage == "read"}
				items := res.Items
				if res.Cut != nil {
					items = items[:res.Cut.From]
					least, most := res.Cut.Bounds()
					st.Cut = &ContractCut{Least: least, Most: most}
					for _, it := range res.Cut.Candidates {
						if ci := r.contractItem(it, 0); ci != nil {
							st.Cut.Candidates = append(st.Cut.Candidates, ci)
						}
					}
				}
				run := 0
				for j, it := range items {
					if j > 0 && !oracle.SameSortKey(res.SortKeys[j-1], res.SortKeys[j]) {
						run++
					}
					if ci := r.contractItem(it, run); ci != nil {
						st.Want = append(st.Want, ci)
					}
				}
				c.Steps = append(c.Steps, st)
			}
		}
		return nil
	}
	if err := reads("read", 0); err != nil {
		return nil, err
	}
	for _, q := range api.Queries {
		steps, err := queryCases(q, tables[q.Entity.Model.Table])
		if err != nil {
			return nil, err
		}
		c.Steps = append(c.Steps, steps...)
	}
	for _, w := range api.Writes {
		p := w.Pattern
		items := tables[p.Table]
		run := func(name string, in map[string]cty.Value, repeat bool) (oracle.WriteResult, error) {
			exp, err := oracle.ApplyWrite(p, items, in)
			if err != nil {
				c.Steps = append(c.Steps, &Step{Name: "write/" + p.Name + "/" + name, Write: w, Inputs: inputsOf(w, in),
					Problem: fmt.Sprintf("the model cannot apply write pattern %q (%s case): %s", p.Name, name, err)})
				return exp, nil
			}
			c.Steps = append(c.Steps, &Step{Name: "write/" + p.Name + "/" + name, Write: w, Inputs: inputsOf(w, in), Outcome: outcomeOf(exp, in, repeat && p.Repeat == hclschema.RepeatFails)})
			if exp.OK() {
				items = exp.Items
				tables[p.Table] = items
			}
			return exp, nil
		}
		in, tried := oracle.SuccessInputs(p, items)
		exp, err := run("success", in, false)
		if err != nil {
			return nil, err
		}
		if exp.Sent == nil || !exp.OK() {
			// The success case fails: verify stops there too, and fails.
			if last := c.Steps[len(c.Steps)-1]; last.Problem == "" {
				last.Problem = fmt.Sprintf("verify found no inputs for which the model lets %s of write pattern %q succeed on the written items (%d sets of fresh values tried; the model expects %s): "+
					"the success case never ran, so the repeat and unique cases were not checked; check the write's conditions against the items it finds", w.Shape.Operation, p.Name, tried, exp.String())
			}
			continue
		}
		if _, err := run("repeat", in, true); err != nil {
			return nil, err
		}
		for _, g := range oracle.UniqueCases(p) {
			dup, found := oracle.UniqueInputs(p, items, in, g)
			if !found {
				continue
			}
			if _, err := run("unique-"+g.Guard.Attr, dup, false); err != nil {
				return nil, err
			}
		}
	}
	if len(api.Writes) > 0 {
		if err := reads("after", maxAfterSets); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// contractItem is item it (projected) as a result of read r, in run;
// nil for an item of an entity the pattern does not declare (the reader
// refuses it).
func (r *Read) contractItem(it hclschema.Item, run int) *ContractItem {
	var result *Result
	for _, x := range r.Results {
		if x.Entity.Model == it.Entity {
			result = x
		}
	}
	if result == nil {
		return nil
	}
	return &ContractItem{Entity: result.Entity, Values: fieldValues(result.Entity, it, result.Fields), Run: run}
}

// seedItems are the example items of table t and the guard items of their
// unique values (once per value), as verify writes them: an expiry in the
// past (the table's TTL attribute) moved ahead (liveTTL).
func seedItems(t *hclschema.Table) ([]hclschema.Item, error) {
	items := append([]hclschema.Item(nil), t.ExampleItems()...)
	for i, it := range items {
		moved, err := liveTTL(t, it)
		if err != nil {
			return nil, err
		}
		items[i] = moved
	}
	seen := map[string]bool{}
	for _, it := range items {
		seen[it.PrimaryKeyText()] = true
	}
	for _, it := range t.ExampleItems() {
		for _, u := range it.Entity.Unique {
			v, ok := it.Attrs[u.Attr]
			if !ok || v.IsNull() {
				continue
			}
			g, err := u.Guard.Item(cty.ObjectVal(map[string]cty.Value{u.Attr: v}))
			if err != nil {
				return nil, fmt.Errorf("guard item of %s.%s: %w", it.Entity.Name, u.Attr, err)
			}
			if !seen[g.PrimaryKeyText()] {
				seen[g.PrimaryKeyText()] = true
				items = append(items, g)
			}
		}
	}
	return items, nil
}

// Expiries of the contract's items: DynamoDB (and DynamoDB Local, whose
// sweep runs while a contract test does) deletes an item whose TTL
// attribute is in the past at any moment, so a contract test, like verify
// (VF502), writes such an item with an expiry ahead. The contract is
// committed and byte-identical across runs, so the expiry is moved by a
// fixed century instead of to a time after now: every TTL value before
// ttlFloor (2100-01-01) gets ttlShift added, which keeps their order.
const (
	ttlFloor = 4102444800
	ttlShift = 100 * 365 * 24 * 3600
)

// liveTTL returns example item it with its TTL attribute, when before
// ttlFloor, moved ttlShift ahead (the item computed again: a template may
// read it).
func liveTTL(t *hclschema.Table, it hclschema.Item) (hclschema.Item, error) {
	attr := t.TTLAttribute
	if attr == "" || it.Entity == nil {
		return it, nil
	}
	a := it.Entity.Attribute(attr)
	v, ok := it.Attrs[attr]
	if a == nil || a.Type != cty.Number || !ok || v.IsNull() || !v.IsKnown() || v.Type() != cty.Number {
		return it, nil
	}
	if v.AsBigFloat().Cmp(big.NewFloat(ttlFloor)) >= 0 {
		return it, nil
	}
	values := map[string]cty.Value{}
	for name, ty := range it.Entity.ObjectType().AttributeTypes() {
		if x, ok := it.Attrs[name]; ok {
			values[name] = x
		} else {
			values[name] = cty.NullVal(ty)
		}
	}
	values[attr] = cty.NumberVal(new(big.Float).Add(v.AsBigFloat(), big.NewFloat(ttlShift)))
	moved, err := it.Entity.Item(cty.ObjectVal(values))
	if err != nil {
		return it, fmt.Errorf("example of %s with %s moved ahead: %w", it.Entity.Name, attr, err)
	}
	return moved, nil
}

// fieldValues are the values of e's fields in item it (only fields, when
// given: a projected result's).
func fieldValues(e *Entity, it hclschema.Item, fields []*Field) map[string]cty.Value {
	if fields == nil {
		fields = e.Fields
	}
	out := map[string]cty.Value{}
	for _, f := range fields {
		if v, ok := it.Attrs[f.Attr]; ok && !v.IsNull() {
			out[f.Attr] = v
		}
	}
	return out
}

// inputsOf are the values of a write's parameters among in.
func inputsOf(w *Write, in map[string]cty.Value) map[string]cty.Value {
	out := map[string]cty.Value{}
	for _, f := range w.Params {
		if v, ok := in[f.Attr]; ok && !v.IsNull() {
			out[f.Attr] = v
		}
	}
	return out
}

// outcomeOf is the answer the generated writer must give for the oracle's
// result exp of a call with inputs in, by the rule the generated code maps
// DynamoDB's answer with: the first write whose condition failed names
// the error, a unique value when it is a guard item's put. anyFailure is
// set for a repeat the pattern declares repeat = "fails".
func outcomeOf(exp oracle.WriteResult, in map[string]cty.Value, anyFailure bool) *Outcome {
	o := &Outcome{Kind: OutcomeOK, Oracle: exp.String(), Reasons: exp.Reasons}
	if exp.OK() {
		if anyFailure {
			o.Kind = OutcomeFailure
		}
		return o
	}
	wr := exp.Sent[exp.Failed]
	if wr.Guard != nil && wr.Op == hclschema.WritePut {
		o.Kind, o.Entity, o.Attribute = OutcomeUnique, wr.Guard.Entity.Name, wr.Guard.Attr
		// The value from the write's own inputs: its label's object
		// input, or the shared inputs.
		o.Value = wr.Values(in)[wr.InputFor(wr.Guard.Attr)]
		return o
	}
	o.Kind, o.Entity, o.Operation = OutcomeCondition, wr.Entity.Name, wr.Op.APIName()
	return o
}

// Calls are the DynamoDB calls a generated package makes, each an
// operation on a table (Index "") or an index: what the least-privilege
// IAM policy of the application grants (emit's AppCalls answers the same
// from the model; TestPolicyIsTheCalls holds them equal).
func (api *API) Calls() []Call {
	set := map[Call]bool{}
	for _, r := range api.Reads {
		set[Call{Operation: string(r.Shape.Operation), Table: r.Table.Label, Index: r.Shape.IndexName}] = true
	}
	for _, q := range api.Queries {
		set[Call{Operation: "Query", Table: q.Entity.Table.Label, Index: q.Index.IndexName}] = true
	}
	for _, w := range api.Writes {
		for _, it := range w.Items {
			set[Call{Operation: it.Shape.Op.APIName(), Table: w.Table.Label}] = true
		}
	}
	out := make([]Call, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	return out
}

// Call is one DynamoDB operation on a table or one of its indexes.
type Call struct {
	Operation string
	// Table is the table block's label, Index the GSI or LSI ("" for the
	// table).
	Table, Index string
}

// Key renders the call as the contract tests record it: "Query shop",
// "Query shop/index/GSI1".
func (c Call) Key() string {
	s := c.Operation + " " + c.Table
	if c.Index != "" {
		s += "/index/" + c.Index
	}
	return s
}

// Contract environment: the variables every back end's contract test
// reads, the endpoint and a table name per table label.
const (
	ContractEndpointEnv = "TFDYN_CONTRACT_ENDPOINT"
	ContractTableEnv    = "TFDYN_CONTRACT_TABLE_"
)

// ContractTableVar is the environment variable naming the table a contract
// test writes for the table block label: TFDYN_CONTRACT_TABLE_ and the
// label in upper case, characters other than letters and digits as _.
func ContractTableVar(label string) string {
	return ContractTableEnv + strings.ToUpper(strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, label))
}

// ContractTarget is where a contract test runs: the DynamoDB endpoint, the
// region and credentials that sign the requests, and the DynamoDB table of
// each table label.
type ContractTarget struct {
	Endpoint, Region                   string
	AccessKey, SecretKey, SessionToken string
	Tables                             map[string]string
}

// Env is the target as the contract environment every back end's test
// reads: ContractEndpointEnv, AWS_REGION, the credentials (when set) and
// ContractTableVar per table label, in that order (labels sorted).
func (t ContractTarget) Env() []string {
	env := []string{ContractEndpointEnv + "=" + t.Endpoint, "AWS_REGION=" + t.Region}
	if t.AccessKey != "" {
		env = append(env, "AWS_ACCESS_KEY_ID="+t.AccessKey, "AWS_SECRET_ACCESS_KEY="+t.SecretKey, "AWS_SESSION_TOKEN="+t.SessionToken)
	}
	labels := make([]string, 0, len(t.Tables))
	for l := range t.Tables {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	for _, l := range labels {
		env = append(env, ContractTableVar(l)+"="+t.Tables[l])
	}
	return env
}

// Less orders calls by table, index and operation.
func (c Call) Less(d Call) bool {
	if c.Table != d.Table {
		return c.Table < d.Table
	}
	if c.Index != d.Index {
		return c.Index < d.Index
	}
	return c.Operation < d.Operation
}

// queryCases are the runs of query builder q over the items: for the first
// item of its entity in the index, the partition key alone, every sort key
// attribute fixed by equality, and a range on the first sort key
// attribute in descending order; each expectation is the oracle's for the
// same key condition, the items of other entities left out.
func queryCases(q *Query, items []hclschema.Item) ([]*Step, error) {
	e := q.Entity.Model
	var ix *hclschema.Index
	for _, x := range e.Table.Indexes() {
		if x.Name == q.Index.IndexName || q.Index.Kind == IndexPrimary && x.Kind == hclschema.IndexPrimary {
			ix = x
		}
	}
	if ix == nil {
		return nil, fmt.Errorf("query builder of %s: no index %q", e.Name, q.Index.IndexName)
	}
	var first *hclschema.Item
	for i := range items {
		if items[i].Entity == e && items[i].InIndex(ix) {
			first = &items[i]
			break
		}
	}
	if first == nil {
		return nil, nil // no example to query with
	}
	keys := ix.KeyAttrs()
	n := len(ix.SortKey)
	pk := len(ix.PartitionKey)
	params := map[string]cty.Value{}
	for _, f := range q.Key.Prefixes[0].Params {
		if v, ok := first.Attrs[f.Attr]; ok {
			params[f.Attr] = v
		}
	}
	var out []*Step
	add := func(name string, eq int, op hclschema.ConditionOp, desc bool) error {
		ops := make([]cty.Value, 0, pk+eq+2)
		for _, k := range keys[:pk+eq] {
			ops = append(ops, first.Attrs[k.Name])
		}
		if op != "" {
			v := first.Attrs[ix.SortKey[eq].Name]
			ops = append(ops, v)
			if op == hclschema.OpBetween {
				ops = append(ops, v)
			}
		}
		want, err := queryOracle(q, ix, eq, op, ops, desc, items)
		if err != nil {
			return err
		}
		out = append(out, &Step{Name: "query/" + q.Name.Key() + "/" + name, Query: q, Eq: eq, Op: op, Operands: ops, Params: params, Desc: desc, Want: want})
		return nil
	}
	if err := add("partition", 0, "", false); err != nil {
		return nil, err
	}
	if err := add("key", n, "", false); err != nil {
		return nil, err
	}
	if err := add("range", 0, hclschema.OpGE, true); err != nil {
		return nil, err
	}
	return out, nil
}

// queryOracle is what the oracle returns for a key condition of index ix
// (the partition key and eq sort key attributes by equality, then op) with
// operands, restricted to q's entity.
func queryOracle(q *Query, ix *hclschema.Index, eq int, op hclschema.ConditionOp, operands []cty.Value, desc bool, items []hclschema.Item) ([]*ContractItem, error) {
	keys := ix.KeyAttrs()
	p := &hclschema.AccessPattern{Name: "query builder " + q.Name.Key(), Entities: []*hclschema.Entity{q.Entity.Model}, Table: ix.Table, Index: ix, Descending: desc}
	lit := func(v cty.Value) (*hclschema.Template, error) {
		src := hclschema.ValueText(v)
		if v.Type() == cty.String {
			src = hclString(v.AsString())
		}
		t, ds := hclschema.ParseTemplate(src, "contract.tfdyn.hcl")
		if ds.HasErrors() {
			return nil, fmt.Errorf("%s", ds.Error())
		}
		return t, nil
	}
	i := 0
	for j := 0; j < len(ix.PartitionKey)+eq; j++ {
		t, err := lit(operands[i])
		if err != nil {
			return nil, err
		}
		p.Conditions = append(p.Conditions, &hclschema.Condition{Attr: keys[j].Name, Op: hclschema.OpEq, Args: []*hclschema.Template{t}})
		i++
	}
	if op != "" {
		c := &hclschema.Condition{Attr: ix.SortKey[eq].Name, Op: op}
		for ; i < len(operands); i++ {
			t, err := lit(operands[i])
			if err != nil {
				return nil, err
			}
			c.Args = append(c.Args, t)
		}
		p.Conditions = append(p.Conditions, c)
	}
	b, err := hclschema.Bind(p, nil)
	if err != nil {
		return nil, err
	}
	res := oracle.Run(b, items)
	var out []*ContractItem
	run := 0
	for j, it := range res.Items {
		if j > 0 && !oracle.SameSortKey(res.SortKeys[j-1], res.SortKeys[j]) {
			run++
		}
		if it.Entity != q.Entity.Model {
			continue
		}
		out = append(out, &ContractItem{Entity: q.Entity, Values: fieldValues(q.Entity, it, q.Result.Fields), Run: run})
	}
	return out, nil
}

// hclString writes s as an HCL string literal with nothing interpolated.
func hclString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04x`, r)
		case (r == '$' || r == '%') && i+1 < len(rs) && rs[i+1] == '{':
			b.WriteRune(r)
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

package verify

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/cost"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// WriteReport is the outcome of one write pattern run live: its cases,
// each compared with the oracle applied to the same table.
type WriteReport struct {
	Name string `json:"name"`
	// Operation is PutItem, UpdateItem, DeleteItem or TransactWriteItems.
	Operation string        `json:"operation"`
	Cases     []WriteCase   `json:"cases"`
	OK        bool          `json:"ok"`
	Warning   string        `json:"warning,omitempty"`
	Pos       *findings.Pos `json:"position,omitempty"`
	// Capacity compares the write units the success case consumed (table
	// and each index, ReturnConsumedCapacity INDEXES) with the estimate of
	// package cost for the same items (cost.ChangeUnits of each write,
	// twice in a transaction); nil when the success case did not succeed.
	Capacity *WriteCheck `json:"capacity,omitempty"`
}

// WriteCase is one run of a write pattern: what the oracle expected
// ("ok", "ConditionalCheckFailedException" or
// "TransactionCanceledException [None, ConditionalCheckFailed]") and what
// DynamoDB answered.
type WriteCase struct {
	// Case is "success", "repeat" (the same inputs again: a duplicate put
	// or a stale version) or "unique <attr>" (another item with a taken
	// unique value).
	Case     string `json:"case"`
	Inputs   string `json:"inputs"`
	Expected string `json:"expected"`
	Got      string `json:"got"`
	OK       bool   `json:"ok"`
	Message  string `json:"message,omitempty"`
}

// writesPassed reports whether every write pattern passed.
func writesPassed(ws []WriteReport) bool {
	for _, w := range ws {
		if !w.OK {
			return false
		}
	}
	return true
}

// writeWritesText prints the write patterns' section of the text report.
func writeWritesText(w io.Writer, ws []WriteReport, after []PatternReport) {
	if len(ws) == 0 {
		return
	}
	fmt.Fprintln(w, "\nWrite patterns")
	for _, x := range ws {
		fmt.Fprintf(w, "  %s %s (%s)\n", mark(x.OK), x.Name, x.Operation)
		for _, c := range x.Cases {
			fmt.Fprintf(w, "      %s %-12s expected %s, got %s\n", mark(c.OK), c.Case, c.Expected, c.Got)
			if !c.OK {
				fmt.Fprintf(w, "           inputs: %s\n", c.Inputs)
				if c.Message != "" {
					fmt.Fprintf(w, "           %s\n", c.Message)
				}
			}
		}
		if c := x.Capacity; c != nil {
			fmt.Fprintf(w, "      %s capacity     measured %s WCU, estimated %s WCU%s\n", mark(c.OK), unitsText(c.Measured), unitsText(c.Estimated), c.localText())
		}
		if x.Warning != "" {
			fmt.Fprintf(w, "      warning: %s\n", x.Warning)
		}
	}
	for _, p := range after {
		if p.OK {
			continue
		}
		for _, run := range p.Runs {
			if !run.OK {
				fmt.Fprintf(w, "\n  FAIL %s %s (after the writes)\n    inputs:  %s\n    request: %s\n    %s\n", strings.Join(run.Codes, " "), p.Name, run.Inputs, run.Request, run.Message)
			}
		}
	}
}

// writePatterns runs every write pattern live, in declaration order, on
// the table the reads ran on: the success case, the repeat (which a
// condition must refuse), and for every unique attribute an attempt to
// violate it; each outcome and the items afterwards are compared with
// oracle.ApplyWrite. Then every access pattern runs again on the written
// table (AfterWrites).
func (r *runner) writePatterns(ctx context.Context) error {
	s := r.opts.Schema
	if len(s.WritePatterns) == 0 {
		return nil
	}
	if err := r.guardItems(ctx); err != nil {
		return err
	}
	for _, w := range s.WritePatterns {
		if w.Incomplete || w.Table == nil || len(w.Writes) == 0 {
			continue
		}
		rep, err := r.writePattern(ctx, w)
		if err != nil {
			return err
		}
		r.report.Writes = append(r.report.Writes, rep)
	}
	r.afterWrites = true
	defer func() { r.afterWrites = false }()
	return r.patterns(ctx, &r.report.AfterWrites, 6)
}

// guardItems writes the guard item of every unique value already in the
// data (examples and generated items), so that the data keeps the
// uniqueness the schema declares.
func (r *runner) guardItems(ctx context.Context) error {
	for _, t := range r.opts.Schema.Tables {
		ds := r.datasets[t]
		if ds == nil {
			continue
		}
		first := len(ds.Items)
		var guards []hclschema.Item
		for _, it := range ds.Items {
			for _, u := range it.Entity.Unique {
				v, ok := it.Attrs[u.Attr]
				if !ok {
					continue
				}
				g, err := u.Guard.Item(cty.ObjectVal(map[string]cty.Value{u.Attr: v}))
				if err != nil {
					return fmt.Errorf("guard item of %s.%s: %w", it.Entity.Name, u.Attr, err)
				}
				guards = append(guards, g)
			}
		}
		dups := 0
		for _, g := range guards {
			added, err := ds.add(g, itemSource{})
			if err != nil {
				return err
			}
			if !added {
				dups++
			}
		}
		if dups > 0 {
			r.report.Notes = append(r.report.Notes, fmt.Sprintf("%d item(s) of table %s repeat a unique value of another item; their guard items were written once", dups, t.Label))
		}
		if len(ds.Items) > first {
			if err := r.write(ctx, r.ws.tableNames[t], ds, first); err != nil {
				return err
			}
		}
	}
	return nil
}

func operationOf(w *hclschema.WritePattern) string {
	if s, err := dynamo.Write(w); err == nil {
		return s.Operation
	}
	return w.Writes[0].Op.APIName()
}

func (r *runner) writePattern(ctx context.Context, w *hclschema.WritePattern) (WriteReport, error) {
	rep := WriteReport{Name: w.Name, Operation: operationOf(w), OK: true, Pos: findings.PosOf(&w.DeclRange)}
	ds := r.datasets[w.Table]
	in, tried := oracle.SuccessInputs(w, ds.Items)
	run := func(name string, in map[string]cty.Value) (WriteCase, bool, error) {
		c := WriteCase{Case: name, Inputs: inputKey(in), OK: true}
		exp, err := oracle.ApplyWrite(w, ds.Items, in)
		if err != nil {
			c.OK, c.Message = false, err.Error()
			return c, false, nil
		}
		c.Expected = exp.String()
		got, consumed, err := r.sendWrite(ctx, w, ds, in)
		if err != nil {
			if ctx.Err() != nil {
				return c, false, ctx.Err()
			}
			c.OK, c.Got, c.Message = false, "error", "DynamoDB rejected the request: "+err.Error()
			return c, false, nil
		}
		c.Got = got
		if r.opts.Target == TargetLocal && got != c.Expected && got == exp.LocalString() {
			// DynamoDB Local names this refusal its own way (oracle's
			// LocalString); it is the same outcome.
			c.Expected = exp.LocalString()
		}
		if got != c.Expected {
			c.OK = false
			c.Message = fmt.Sprintf("%s of write pattern %q: the model expects %s, DynamoDB answered %s", operationOf(w), w.Name, c.Expected, got)
		}
		if name == "success" && exp.OK() && got == c.Expected {
			rep.Capacity = writeCallCheck(w, exp, consumed, rep.Pos, r.opts.Target)
		}
		if exp.OK() {
			by := fmt.Sprintf("write pattern %q (%s, %s case)", w.Name, operationOf(w), name)
			if err := r.replaceItems(w.Table, exp.Items, by); err != nil {
				return c, false, err
			}
			ds = r.datasets[w.Table]
		}
		return c, exp.OK(), nil
	}
	c, _, err := run("success", in)
	if err != nil {
		return rep, err
	}
	if c.Expected != "ok" && c.OK {
		// DynamoDB agreed with the model that the write fails: the happy
		// path never ran, so neither its capacity nor a repeat proves
		// anything.
		c.OK = false
		c.Message = fmt.Sprintf("verify found no inputs for which the model lets %s of write pattern %q succeed on the written items (%d sets of fresh values tried, the first shown): "+
			"the success case never ran, so its capacity and the repeat and unique cases were not checked; check the write's conditions against the items it finds",
			operationOf(w), w.Name, tried)
		rep.Cases = append(rep.Cases, c)
		rep.OK = false
		return rep, nil
	}
	rep.Cases = append(rep.Cases, c)
	c, ok, err := run("repeat", in)
	if err != nil {
		return rep, err
	}
	switch {
	case w.Repeat == hclschema.RepeatFails && c.Got == "ok":
		c.OK, c.Expected = false, "a failure (repeat = \"fails\")"
		c.Message = fmt.Sprintf("%s of write pattern %q with the same inputs again succeeded, but the pattern declares repeat = %q: no condition refuses a duplicate or a stale version", operationOf(w), w.Name, w.Repeat)
	case w.Repeat == hclschema.RepeatSucceeds && c.Got != "ok" && c.Got != "error":
		c.OK = false
		c.Message = fmt.Sprintf("%s of write pattern %q with the same inputs again failed with %s, but the pattern declares repeat = %q", operationOf(w), w.Name, c.Got, w.Repeat)
	case w.Repeat == "" && ok:
		rep.Warning = "writing the same inputs twice succeeded both times: no condition prevents a duplicate or a lost update (declare repeat = \"succeeds\" when that is intended)"
	}
	rep.Cases = append(rep.Cases, c)
	for _, wr := range oracle.UniqueCases(w) {
		// Another item with the unique value the success case wrote.
		dup, found := oracle.UniqueInputs(w, ds.Items, in, wr)
		if !found {
			continue
		}
		c, ok, err := run("unique "+wr.Guard.Attr, dup)
		if err != nil {
			return rep, err
		}
		if ok && c.OK {
			c.OK, c.Message = false, fmt.Sprintf("a second %s with %s %s was written: the unique value is not enforced", wr.Guard.Entity.Name, wr.Guard.Attr, oracle.Render(wr.Values(in)[wr.InputFor(wr.Guard.Attr)]))
		}
		rep.Cases = append(rep.Cases, c)
	}
	for _, c := range rep.Cases {
		rep.OK = rep.OK && c.OK
	}
	if rep.Capacity != nil {
		rep.OK = rep.OK && rep.Capacity.OK
	}
	return rep, nil
}

// writeCallCheck compares what a successful call consumed with the
// estimate for the items it changed (cost.ChangeUnits of every write,
// TransactionFactor times in a transaction) as the target accounts for
// it: AWS's accounting on AWS; on DynamoDB Local (the local target) its
// own accounting of a transaction, which counts writes of equal units once
// (localTransactionUnits); an endpoint may be either.
func writeCallCheck(w *hclschema.WritePattern, res oracle.WriteResult, consumed map[string]float64, pos *findings.Pos, target Target) *WriteCheck {
	var writes []map[string]float64
	for _, ch := range res.Changes {
		writes = append(writes, cost.ChangeUnits(ch.Entity, ch.Before, ch.After))
	}
	est := map[string]float64{}
	factor := 1.0
	if w.Transaction {
		factor = cost.TransactionFactor
	}
	for _, u := range writes {
		for ix, n := range u {
			est[ix] += factor * n
		}
	}
	c := &WriteCheck{Item: w.Name + " (success case)", Measured: consumed, Estimated: est, pos: pos}
	if w.Transaction && target != TargetAWS {
		if local := localTransactionUnits(writes); !sameUnits(local, est) {
			c.Local = local
		}
	}
	switch {
	case c.Local == nil || target == TargetAWS:
		c.OK = sameUnits(consumed, est)
	case target == TargetLocal:
		c.OK = sameUnits(consumed, c.Local)
	default: // an endpoint: DynamoDB Local or a service that accounts as AWS does
		c.OK = sameUnits(consumed, c.Local) || sameUnits(consumed, est)
	}
	return c
}

// replaceItems makes items the table's data set (the oracle's table after
// a write), keeping where each item came from; an item the write added
// (a new primary key) is marked as stored by the write (by).
func (r *runner) replaceItems(t *hclschema.Table, items []hclschema.Item, by string) error {
	old := r.datasets[t]
	ds := newDataset(t)
	ds.now = old.now
	for _, it := range items {
		src := itemSource{Write: by}
		if av, err := dynamo.ItemAV(it); err == nil {
			if i, ok := old.byKey[dynamo.KeyString(av, t.Primary.KeyAttrs())]; ok {
				src = old.Sources[i]
			}
		}
		if _, err := ds.add(it, src); err != nil {
			return err
		}
	}
	r.datasets[t] = ds
	return nil
}

// sendWrite sends the write pattern to DynamoDB with the request package
// dynamo renders for it (dynamo.Write: the same shape the generators
// print), its values bound for in; an update's rewritten index keys are
// those of the stored item in ds after the update. It returns the outcome
// in oracle.WriteResult.String's form and the write units it consumed per
// index (ReturnConsumedCapacity INDEXES; nothing when the write failed);
// err is any other failure.
func (r *runner) sendWrite(ctx context.Context, w *hclschema.WritePattern, ds *Dataset, in map[string]cty.Value) (string, map[string]float64, error) {
	shape, err := dynamo.Write(w)
	if err != nil {
		return "", nil, err
	}
	call, err := shape.Bind(in, func(wr *hclschema.Write, key map[string]types.AttributeValue) *hclschema.Item {
		if i, ok := ds.byKey[dynamo.KeyString(key, wr.Entity.Table.Primary.KeyAttrs())]; ok {
			return &ds.Items[i]
		}
		return nil
	})
	if err != nil {
		return "", nil, err
	}
	cc, err := call.Send(ctx, r.client, r.ws.tableNames[w.Table], dynamo.WriteOptions{ConsumedCapacity: true})
	consumed := map[string]float64{}
	for i := range cc {
		addConsumed(consumed, &cc[i])
	}
	got, err := dynamo.Outcome(err)
	return got, consumed, err
}

// writtenBy names, for a result read after the write patterns, the items
// that a write pattern stored, as "; write pattern "x" (PutItem, success
// case) stored Customer {PK="..." SK="..."}", in the result's order; empty
// when no write pattern stored any of them.
func writtenBy(ds *Dataset, items []map[string]types.AttributeValue) string {
	var parts []string
	for _, av := range items {
		i, ok := ds.byKey[dynamo.KeyString(av, ds.Table.Primary.KeyAttrs())]
		if !ok || ds.Sources[i].Write == "" {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s stored %s {%s}", ds.Sources[i].Write, ds.Items[i].Entity.Name, dynamo.KeyString(av, ds.Table.Primary.KeyAttrs())))
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, ", ")
}

package verify

import (
	"context"
	"fmt"
	"time"

	"github.com/zclconf/go-cty/cty"
	"golang.org/x/sync/errgroup"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// Declared expectations (returns, returns_count) speak of the example items
// alone, so verify checks them live on a table that holds only the example
// items: after seedExamples and before the generated data is written.

// seedExamples creates each table's dataset with its example items and
// writes them. Rejected items are recorded in the report; seed stops the
// run on them once the generated items are written too.
func (r *runner) seedExamples(ctx context.Context) error {
	for _, t := range r.opts.Schema.Tables {
		ds := newDataset(t)
		r.datasets[t] = ds
		if err := ds.addExamples(); err != nil {
			return err
		}
		r.mu.Lock()
		rejectedBefore := len(r.report.Rejected)
		r.mu.Unlock()
		if err := r.write(ctx, r.ws.tableNames[t], ds, 0); err != nil {
			return err
		}
		if err := r.checkWrites(ctx, r.ws.tableNames[t], ds); err != nil { // capacity.go
			return err
		}
		r.mu.Lock()
		r.report.Items += len(ds.AV) - (len(r.report.Rejected) - rejectedBefore)
		r.mu.Unlock()
	}
	return nil
}

// expectations runs every input set that declares its result, live, on the
// example items, and keeps the runs for the patterns' reports. Nothing runs
// when DynamoDB rejected an item (the table does not hold all examples).
func (r *runner) expectations(ctx context.Context) error {
	r.mu.Lock()
	rejected := len(r.report.Rejected) > 0
	r.mu.Unlock()
	if rejected {
		return nil
	}
	type job struct {
		p *hclschema.AccessPattern
		x *hclschema.PatternExample
	}
	var jobs []job
	for _, p := range r.opts.Schema.Patterns {
		for _, x := range p.Examples {
			if x.HasExpectation() {
				jobs = append(jobs, job{p, x})
			}
		}
	}
	runs := make([]RunResult, len(jobs))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.opts.Parallel)
	for i, j := range jobs {
		g.Go(func() error {
			run, err := r.expectationRun(gctx, j.p, j.x)
			runs[i] = run
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	r.declared = map[*hclschema.AccessPattern][]RunResult{}
	for i, j := range jobs {
		r.declared[j.p] = append(r.declared[j.p], runs[i])
	}
	return nil
}

// expectationRun queries the table for one input set and compares the live
// items with the declared ones (oracle.Mismatch explains differences).
func (r *runner) expectationRun(ctx context.Context, p *hclschema.AccessPattern, x *hclschema.PatternExample) (RunResult, error) {
	rng := x.ExpectationRange()
	run := RunResult{Inputs: inputKey(x.Inputs), Declared: true, OK: true, Expected: int(x.ReturnsCount), Pos: findings.PosOf(&rng)}
	if x.HasReturns {
		run.Expected = len(x.Returns)
	}
	b, err := hclschema.Bind(p, x.Inputs)
	if err != nil {
		run.fail(problem{vfInputsUnbound, err.Error()})
		return run, nil
	}
	ds := r.datasets[p.Table]
	namer := oracle.NewNamer(p.Table)
	exp := oracle.Run(b, ds.Items)
	var live dynamo.ReadResult
	msg := ""
	// GSI reads are eventually consistent: retry a differing GSI result
	// with backoff before it counts (as runOnce does).
	for attempt := 0; ; attempt++ {
		live, err = execute(ctx, r.client, r.ws.tableNames[p.Table], b)
		run.Request = live.Request
		if err != nil {
			if ctx.Err() != nil {
				return run, ctx.Err()
			}
			run.fail(problem{vfRequestRejected, "DynamoDB rejected the request: " + err.Error()})
			return run, nil
		}
		got := make([]hclschema.Item, len(live.Items))
		for i, av := range live.Items {
			if it, ok := ds.item(av); ok {
				got[i] = it
				continue
			}
			got[i] = hclschema.Item{Attrs: map[string]cty.Value{}}
		}
		msg = oracle.Mismatch(b, x, exp, got, ds.Items, namer)
		if msg == "" || p.Index.Kind != hclschema.IndexGlobal || attempt == 6 {
			break
		}
		run.Retries++
		select {
		case <-ctx.Done():
			return run, ctx.Err()
		case <-time.After(time.Duration(100<<attempt) * time.Millisecond):
		}
	}
	run.Returned, run.Read, run.Consumed, run.Latency = len(live.Items), live.Scanned, live.Consumed, live.Latency
	var codes []string
	if msg != "" {
		codes = append(codes, vfDeclaredResult)
	}
	if p.Cardinality == hclschema.CardinalityOne && len(live.Items) > 1 {
		codes = append(codes, vfCardinalityOne)
		one := fmt.Sprintf("the pattern is declared cardinality = \"one\" but DynamoDB returns %d items for these inputs", len(live.Items))
		if msg == "" {
			msg = one
		} else {
			msg += " Also, " + one
		}
	}
	if msg != "" {
		run.OK, run.Codes = false, codes
		run.Message = fmt.Sprintf("the declared result of example %d (at %s) differs from what DynamoDB returns on the example items: %s",
			x.Position, x.ExpectationRange(), msg)
	}
	return run, nil
}

package verify

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"
	"golang.org/x/sync/errgroup"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/fsafe"
	"github.com/tfdyn/tfdyn/internal/oracle"
	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tfprovider"
)

// envErr marks err as a failure of the environment (terraform, Java,
// provider, endpoint), as opposed to a failed check: the CLI exits 2 for a
// *tfenv.EnvError.
func envErr(err error) error {
	var ee *tfenv.EnvError
	if err == nil || errors.As(err, &ee) {
		return err
	}
	return &tfenv.EnvError{Err: err}
}

type runner struct {
	opts     Options
	report   *Report
	start    time.Time
	mu       sync.Mutex
	client   *dynamodb.Client
	ws       *workspace
	target   *ddblocal.Target
	datasets map[*hclschema.Table]*Dataset
	// leftBehind says what an aborted cleanup left, or "".
	leftBehind string
	// current is the step running; interruptedIn the one running when the
	// context was cancelled.
	current, interruptedIn string
	// destroyProven is set when `terraform plan -destroy` showed that
	// destroy would delete everything (local target, see destroyPlan).
	destroyProven bool
	// provider is the provider process terraform attaches to (local target).
	provider *tfprovider.Process
	// localPort is the port provisionLocal picked for DynamoDB Local;
	// releasePort lets another run pick it (nil: nothing to release).
	localPort   int
	releasePort func()
	// declared holds the live runs of the input sets that declare their
	// result, made on the example items alone (see expectations).
	declared map[*hclschema.AccessPattern][]RunResult
	// afterWrites is set while the access patterns run again on the table
	// the write patterns wrote to.
	afterWrites bool
}

// Run provisions, checks and destroys; see the package documentation. It
// returns the report (also when checks fail: Report.Passed) and an error for
// environment failures (a *tfenv.EnvError) or interrupts.
func Run(ctx context.Context, opts Options) (rep *Report, err error) {
	opts = opts.withDefaults()
	if opts.Schema == nil || len(opts.Schema.Tables) == 0 {
		return nil, &tfenv.EnvError{Err: fmt.Errorf("verify: the schema declares no table")}
	}
	r := &runner{opts: opts, start: time.Now(), datasets: map[*hclschema.Table]*Dataset{},
		report: &Report{Schema: opts.SchemaPath, Target: string(opts.Target), Provider: opts.ProviderMajor}}
	stopWatch := context.AfterFunc(ctx, r.noteInterrupt)
	defer stopWatch()
	defer func() {
		cerr := r.cleanup()
		if err == nil && cerr != nil {
			err = envErr(cerr)
		}
		if ctx.Err() != nil && !r.report.Kept {
			// Never a verdict after an interrupt, also one that came after
			// the checks (during destroy): the run did not finish.
			r.report.Error = r.interruptedMessage(cerr)
			err = fmt.Errorf("verify interrupted: %w", context.Canceled)
		}
		r.report.Duration = time.Since(r.start)
		r.report.finish()
	}()
	if err := r.run(ctx); err != nil {
		if errors.Is(err, errRejected) && ctx.Err() == nil {
			// A finding: the rejected items are in the report.
			return r.report, nil
		}
		if r.target != nil && !fsafe.Alive(r.target.PID()) && ctx.Err() == nil {
			err = fmt.Errorf("DynamoDB Local (pid %d) exited during the run: %w", r.target.PID(), err)
		}
		r.report.Error = err.Error()
		if isCanceled(err) || ctx.Err() != nil {
			r.noteInterrupt() // before the cleanup's steps (AfterFunc may run late)
			return r.report, fmt.Errorf("verify interrupted: %w", context.Canceled)
		}
		return r.report, envErr(err)
	}
	return r.report, nil
}

// noteInterrupt records the step the interrupt stopped, once.
func (r *runner) noteInterrupt() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.interruptedIn == "" {
		r.interruptedIn = r.current
	}
}

// interruptedMessage is the report's error after an interrupt: the step it
// stopped and what the cleanup did (cerr is its error).
func (r *runner) interruptedMessage(cerr error) string {
	msg := "interrupted"
	r.mu.Lock()
	if r.interruptedIn != "" {
		msg += " during " + r.interruptedIn
	}
	r.mu.Unlock()
	switch {
	case r.leftBehind != "":
		return msg + "; " + r.leftBehind
	case r.aborted() && r.target != nil:
		return msg + "; a second interrupt cut the cleanup short: DynamoDB Local is stopped and its tables are gone"
	case cerr != nil:
		return msg + "; the cleanup failed: " + cerr.Error()
	case r.ws != nil && r.ws.owned:
		return msg + "; the cleanup destroyed everything this run created"
	}
	return msg + "; nothing was created"
}

func (r *runner) progress(format string, args ...any) {
	if r.opts.Progress == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintf(r.opts.Progress, "[%6.1fs] %s\n", time.Since(r.start).Seconds(), fmt.Sprintf(format, args...))
}

// step runs fn and records its duration.
func (r *runner) step(name string, fn func() error) error {
	r.mu.Lock()
	r.current = name
	r.mu.Unlock()
	r.progress("%s ...", name)
	t0 := time.Now()
	err := fn()
	d := time.Since(t0)
	r.mu.Lock()
	r.report.Steps = append(r.report.Steps, Step{Name: name, Duration: d})
	r.mu.Unlock()
	if err != nil {
		r.progress("%s failed after %.1fs", name, d.Seconds())
		return err
	}
	r.progress("%s done in %.1fs", name, d.Seconds())
	return nil
}

func (r *runner) run(ctx context.Context) error {
	o := r.opts
	env := o.Env
	if env == nil {
		var err error
		if env, err = tfenv.Load(); err != nil {
			return err
		}
	}
	suffix := ""
	if o.Target != TargetLocal {
		suffix = "-tfdyn-" + randomHex(3)
	}
	ws, err := newWorkspace(env, o.Schema, o, suffix)
	if err != nil {
		return err
	}
	r.ws = ws
	r.report.WorkDir = ws.dir
	r.progress("workspace %s", ws.dir)
	for _, t := range o.Schema.Tables {
		r.report.Tables = append(r.report.Tables, TableReport{Label: t.Label, Name: ws.tableNames[t]})
	}

	if o.Target == TargetLocal {
		if err := r.provisionLocal(ctx); err != nil {
			return err
		}
		return r.afterApply(ctx)
	}
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		if err := r.step("terraform init", func() error { return ws.init(gctx) }); err != nil {
			return err
		}
		return r.attachProvider(gctx)
	})
	g.Go(func() error {
		return r.step("connect to "+string(o.Target)+" target", func() error { return r.connect(gctx) })
	})
	if err := g.Wait(); err != nil {
		return err
	}
	if err := r.refuseExisting(ctx); err != nil {
		return err
	}
	ws.owned = true
	if err := r.apply(ctx); err != nil {
		return err
	}
	return r.afterApply(ctx)
}

// apply runs terraform apply; a table DynamoDB refuses is a finding.
func (r *runner) apply(ctx context.Context) error {
	if err := r.step("terraform apply", func() error { return r.ws.apply(ctx) }); err != nil {
		if rs, ok := applyRejections(err, r.opts.Schema); ok && ctx.Err() == nil {
			r.mu.Lock()
			r.report.Rejected = append(r.report.Rejected, rs...)
			r.mu.Unlock()
			return errRejected
		}
		return err
	}
	return nil
}

// afterApply checks conformance, writes items and runs the patterns next to
// the second plan (and the destroy plan on the local target).
func (r *runner) afterApply(ctx context.Context) error {
	o := r.opts
	if err := r.step("conformance", func() error { return r.conformance(ctx) }); err != nil {
		return err
	}
	// The second plan (a provider start and a refresh) runs while items are
	// written and the patterns run: they do not depend on each other.
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return r.step("second terraform plan", func() error { return r.recheckPlan(gctx) }) })
	if r.proveDestroyByPlan() {
		g.Go(func() error { return r.step("terraform plan -destroy", func() error { return r.destroyPlan(gctx) }) })
	}
	g.Go(func() error {
		if len(o.Generated) > 0 {
			if err := r.step("contract tests of generated code", func() error { return r.contracts(gctx) }); err != nil {
				return err
			}
		}
		if err := r.step("write example items", func() error { return r.seedExamples(gctx) }); err != nil {
			return err
		}
		if err := r.step("declared results", func() error { return r.expectations(gctx) }); err != nil {
			return err
		}
		if err := r.step("write items", func() error { return r.seed(gctx, 0, o.Items) }); err != nil {
			return err
		}
		if err := r.step("access patterns", func() error { return r.patterns(gctx, &r.report.Patterns, 6) }); err != nil {
			return err
		}
		if len(o.Schema.WritePatterns) > 0 {
			if err := r.step("write patterns", func() error { return r.writePatterns(gctx) }); err != nil {
				return err
			}
		}
		if o.Scale > 1 {
			return r.step(fmt.Sprintf("scale x%d", o.Scale), func() error { return r.scale(gctx) })
		}
		return nil
	})
	return g.Wait()
}

// connect starts the local target (or checks the endpoint), writes the
// provider configuration and makes the SDK client.
func (r *runner) connect(ctx context.Context) error {
	o := r.opts
	var block string
	switch o.Target {
	case TargetLocal:
		lo := ddblocal.Options{Region: o.Region, AccessKey: o.AccessKey, SecretKey: o.SecretKey, Port: r.localPort}
		if o.LocalBackend != "" {
			lo.Backend, lo.Namespace = o.LocalBackend, "tfdyn"+randomHex(6)
		}
		t, err := ddblocal.Start(ctx, lo)
		if err != nil {
			return err
		}
		r.target = t
		r.report.LocalPID = t.PID()
		if o.LocalBackend != "" {
			r.progress("DynamoDB Local at %s (namespace %s) behind %s", o.LocalBackend, lo.Namespace, t.Endpoint())
		} else {
			r.progress("DynamoDB Local pid %d at %s", t.PID(), t.Endpoint())
		}
		r.report.Endpoint = t.Endpoint()
		r.report.Emulated = t.Emulated()
		block = t.ProviderBlock()
		for _, tb := range o.Schema.Tables {
			if len(tb.Replicas) > 0 {
				r.report.Emulated = append(r.report.Emulated, fmt.Sprintf(
					"global table %q provisioned without its replicas (%s) and witness: DynamoDB Local serves one region, so replicas, consistency mode and witness are not verified (tfdyn plan checks them)",
					tb.Label, strings.Join(tb.Regions(), ", ")))
			}
		}
		c, err := t.NewClient(ctx)
		if err != nil {
			return err
		}
		r.client = c
	case TargetEndpoint:
		if o.Endpoint == "" {
			return fmt.Errorf("--target endpoint needs --endpoint URL")
		}
		region := o.Region
		if region == "" {
			region = "us-east-1"
		}
		r.report.Endpoint = o.Endpoint
		block = fmt.Sprintf(`provider "aws" {
  region                      = %q
  access_key                  = %q
  secret_key                  = %q
  skip_credentials_validation = true
  skip_metadata_api_check     = true
  skip_requesting_account_id  = true
  skip_region_validation      = true

  endpoints {
    dynamodb = %q
  }
}
`, region, o.AccessKey, o.SecretKey, o.Endpoint)
		c, _, err := dynamo.NewClient(ctx, dynamo.Config{Endpoint: o.Endpoint, Region: region, AccessKey: o.AccessKey, SecretKey: o.SecretKey})
		if err != nil {
			return err
		}
		r.client = c
		if _, err := r.client.ListTables(ctx, &dynamodb.ListTablesInput{Limit: aws.Int32(1)}); err != nil {
			return fmt.Errorf("endpoint %s does not answer ListTables: %w", o.Endpoint, err)
		}
	case TargetAWS:
		c, where, err := dynamo.NewClient(ctx, dynamo.Config{Region: o.Region})
		if errors.Is(err, dynamo.ErrNoRegion) {
			return fmt.Errorf("--target aws needs a region: --region or AWS_REGION")
		}
		if err != nil {
			return err
		}
		region := strings.TrimPrefix(where, "aws:")
		r.report.Endpoint = where
		block = fmt.Sprintf("provider \"aws\" {\n  region = %q\n}\n", region)
		r.client = c
	default:
		return fmt.Errorf("unknown target %q (use local, endpoint or aws)", o.Target)
	}
	if r.localPort != 0 {
		return r.checkLocalProvider(block) // written before the start
	}
	return r.ws.writeProvider(block)
}

// refuseExisting makes sure verify creates its tables: it never touches a
// table it did not create.
func (r *runner) refuseExisting(ctx context.Context) error {
	for _, name := range r.ws.tableNames {
		_, err := r.client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
		var nf *types.ResourceNotFoundException
		switch {
		case errors.As(err, &nf):
		case err == nil:
			return fmt.Errorf("table %s already exists at %s; verify only works on tables it creates and refuses to touch it", name, r.report.Endpoint)
		default:
			return fmt.Errorf("describe table %s: %w", name, err)
		}
	}
	return nil
}

// provisioned is the spec of table t as verify provisions it: without
// replicas on a target that serves one region (DynamoDB Local, an
// endpoint): a global table cannot be created there.
func (r *runner) provisioned(t *hclschema.Table) hclschema.TableSpec {
	if r.opts.Target == TargetAWS {
		return t.Spec()
	}
	return t.Spec().SingleRegion()
}

func (r *runner) conformance(ctx context.Context) error {
	for _, t := range r.opts.Schema.Tables {
		checks, err := conformance(ctx, r.client, r.provisioned(t), r.ws.tableNames[t])
		if err != nil {
			return err
		}
		for i := range checks {
			if len(r.opts.Schema.Tables) > 1 {
				checks[i].Name = t.Label + ": " + checks[i].Name
			}
			checks[i].Pos = findings.PosOf(&t.DeclRange)
		}
		r.mu.Lock()
		r.report.Conformance = append(r.report.Conformance, checks...)
		r.mu.Unlock()
	}
	return nil
}

// recheckPlan checks that a fresh plan shows no changes right after apply
// (no perpetual diff: the emitted configuration is what the table is).
func (r *runner) recheckPlan(ctx context.Context) error {
	clean, diff, err := r.ws.planClean(ctx)
	if err != nil {
		return err
	}
	c := Check{Code: vfSecondPlan, Name: "second terraform plan shows no changes", OK: clean}
	if !clean {
		c.Detail = "terraform plans changes right after apply (a perpetual diff):\n" + lastLines(diff, 40)
	}
	r.mu.Lock()
	r.report.Conformance = append(r.report.Conformance, c)
	r.mu.Unlock()
	return nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// seed builds (or extends) each table's dataset and writes the new items.
func (r *runner) seed(ctx context.Context, offset, perEntity int) error {
	for _, t := range r.opts.Schema.Tables {
		ds := r.datasets[t]
		first := 0
		if ds == nil {
			ds = newDataset(t)
			r.datasets[t] = ds
			if err := ds.addExamples(); err != nil {
				return err
			}
		} else {
			first = len(ds.AV)
		}
		if err := ds.addGenerated(r.opts.Seed+int64(offset), perEntity, offset); err != nil {
			return err
		}
		r.mu.Lock()
		rejectedBefore := len(r.report.Rejected)
		r.mu.Unlock()
		if err := r.write(ctx, r.ws.tableNames[t], ds, first); err != nil {
			return err
		}
		if ds.OverLimit > 0 && offset == 0 {
			r.report.Notes = append(r.report.Notes, vfOverLimit+" "+fmt.Sprintf(
				"%d generated item(s) of table %s were left out because DynamoDB would reject them (first: %s); an example value close to a DynamoDB limit leaves no room for the suffix verify adds to make keys unique",
				ds.OverLimit, t.Label, ds.OverLimitReason))
		}
		if ds.TTLMoved > 0 && offset == 0 {
			r.report.Notes = append(r.report.Notes, vfTTLMoved+" "+fmt.Sprintf(
				"%d item(s) of table %s had %s in the past; DynamoDB deletes expired items at any moment, so verify wrote them with %s 30 days ahead",
				ds.TTLMoved, t.Label, t.TTLAttribute, t.TTLAttribute))
		}
		r.mu.Lock()
		r.report.Items += len(ds.AV) - first - (len(r.report.Rejected) - rejectedBefore)
		r.mu.Unlock()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.report.Rejected) > 0 {
		sortRejections(r.report.Rejected)
		return errRejected
	}
	return nil
}

// write stores the items of ds from first on with BatchWriteItem, 25 at a
// time, in parallel, and retries unprocessed items with backoff. When
// DynamoDB rejects a batch with a ValidationException, the batch's items are
// written one by one and the rejected ones are recorded in the report,
// mapped to their entity and example (see Rejection).
func (r *runner) write(ctx context.Context, table string, ds *Dataset, first int) error {
	items := ds.AV
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.opts.Parallel)
	for i := first; i < len(items); i += 25 {
		from, to := i, min(i+25, len(items))
		batch := items[from:to]
		g.Go(func() error {
			reqs := make([]types.WriteRequest, len(batch))
			for j, it := range batch {
				reqs[j] = types.WriteRequest{PutRequest: &types.PutRequest{Item: it}}
			}
			pending := map[string][]types.WriteRequest{table: reqs}
			for attempt := 0; len(pending[table]) > 0; attempt++ {
				if attempt == 10 {
					return fmt.Errorf("batch write to %s: %d item(s) still unprocessed after 10 attempts", table, len(pending[table]))
				}
				if attempt > 0 {
					select {
					case <-gctx.Done():
						return gctx.Err()
					case <-time.After(time.Duration(50<<attempt) * time.Millisecond):
					}
				}
				out, err := r.client.BatchWriteItem(gctx, &dynamodb.BatchWriteItemInput{RequestItems: pending})
				if _, invalid := validationMessage(err); invalid {
					rejected, err := isolate(gctx, r.client, table, ds, from, to)
					r.mu.Lock()
					r.report.Rejected = append(r.report.Rejected, rejected...)
					r.mu.Unlock()
					return err
				}
				if err != nil {
					return fmt.Errorf("batch write to %s: %w", table, err)
				}
				pending = out.UnprocessedItems
			}
			return nil
		})
	}
	return g.Wait()
}

// patterns runs every access pattern with up to maxSets input sets plus one
// that must find nothing.
func (r *runner) patterns(ctx context.Context, into *[]PatternReport, maxSets int) error {
	ps := r.opts.Schema.Patterns
	out := make([]PatternReport, len(ps))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.opts.Parallel)
	for i, p := range ps {
		g.Go(func() error {
			pr, err := r.pattern(gctx, p, maxSets)
			if err != nil {
				return err
			}
			out[i] = pr
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	*into = out
	return nil
}

func (r *runner) pattern(ctx context.Context, p *hclschema.AccessPattern, maxSets int) (PatternReport, error) {
	pr := PatternReport{Name: p.Name, Operation: string(p.Operation()), Index: p.Index.Name, OK: true, Pos: findings.PosOf(&p.DeclRange)}
	ds := r.datasets[p.Table]
	sets := inputSets(p, maxSets)
	if len(sets) == 0 {
		pr.OK, pr.Code = false, vfNoInputs
		pr.Message = "no inputs to run with: add an example block to the pattern (or example items whose attributes give its inputs)"
		return pr, nil
	}
	type job struct {
		inputs  map[string]cty.Value
		source  *hclschema.Item
		example *hclschema.PatternExample
		miss    bool
	}
	for _, run := range r.declared[p] {
		pr.Runs = append(pr.Runs, run)
		pr.OK = pr.OK && run.OK
	}
	var jobs []job
	for _, s := range sets {
		jobs = append(jobs, job{inputs: s.Values, source: s.Source, example: s.Example})
	}
	if m, ok := missInputs(p, sets[0].Values); ok {
		jobs = append(jobs, job{inputs: m, miss: true})
	}
	for _, j := range jobs {
		run, err := r.runOnce(ctx, p, ds, j.inputs, j.source, j.miss)
		if x := j.example; err == nil && x != nil {
			run.Pos = findings.PosOf(&x.DeclRange)
			// An example declared to find nothing (returns = []) is a
			// negative case the author wants, not a slip.
			if run.OK && run.Expected == 0 && run.Returned == 0 && !x.ExpectsNothing() {
				run.fail(problem{vfExampleNothing, "the pattern's own example inputs find no item" + sparseHint(p)})
			}
		}
		if err != nil {
			return pr, err
		}
		pr.Runs = append(pr.Runs, run)
		if !run.OK {
			pr.OK = false
		}
	}
	found := false
	for _, run := range pr.Runs {
		if !run.Miss && run.Expected > 0 {
			found = true
		}
	}
	if !found && pr.OK {
		pr.Code = vfOnlyEmpty
		pr.Warning = "no input set found any item: the check compared empty results only; add examples that the pattern finds"
	}
	return pr, nil
}

func (r *runner) runOnce(ctx context.Context, p *hclschema.AccessPattern, ds *Dataset, inputs map[string]cty.Value, source *hclschema.Item, miss bool) (RunResult, error) {
	run := RunResult{Inputs: inputKey(inputs), Miss: miss, OK: true}
	b, err := hclschema.Bind(p, inputs)
	if err != nil {
		run.fail(problem{vfInputsUnbound, err.Error()})
		return run, nil
	}
	exp := oracle.Run(b, ds.Items)
	// GSI reads are eventually consistent: items written moments ago may
	// not be in the index yet. A GSI result that differs is read again with
	// backoff (about 6 s in all) before it counts as a mismatch.
	var live dynamo.ReadResult
	var diffs []problem
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
		diffs, err = compareResult(p, exp, live, ds)
		if err != nil {
			return run, err
		}
		if len(diffs) == 0 || p.Index.Kind != hclschema.IndexGlobal || attempt == 6 {
			break
		}
		run.Retries++
		select {
		case <-ctx.Done():
			return run, ctx.Err()
		case <-time.After(time.Duration(100<<attempt) * time.Millisecond):
		}
	}
	run.Expected, run.Returned, run.Read = len(exp.Items), len(live.Items), live.Scanned
	run.Consumed, run.Latency = live.Consumed, live.Latency
	problems := diffs
	if miss && len(exp.Items) == 0 && len(live.Items) > 0 {
		problems = append(problems, problem{vfMissReturns, fmt.Sprintf("inputs that match no item returned %d item(s)", len(live.Items))})
	}
	// After the write patterns ran, a second item under a cardinality-one
	// key was stored by a write the schema allows: the design's fault. On
	// the generated data alone, values of attributes not unique per item
	// repeat the examples' by construction; there the declared results
	// (example items) and cardinalityIntent (keys from unique attributes)
	// judge cardinality.
	afterWritesMany := r.afterWrites && p.Cardinality == hclschema.CardinalityOne && len(live.Items) > 1
	if afterWritesMany {
		problems = append(problems, problem{vfCardinalityOne, fmt.Sprintf("the pattern is declared cardinality = \"one\" but DynamoDB returns %d items for these inputs", len(live.Items)) + writtenBy(ds, live.Items)})
	}
	if m := sourceMissing(p, b, source, live); m != "" {
		problems = append(problems, problem{vfSourceMissing, m})
	}
	if m := intendedOrder(p, ds, live); m != "" {
		problems = append(problems, problem{vfOrder, m})
	}
	if m := limitIntent(b, ds); m != "" {
		problems = append(problems, problem{vfLimit, m})
	}
	if m := paddedWidthIntent(b, ds); m != "" {
		problems = append(problems, problem{vfPaddedWidth, m})
	}
	if m := prefixIntent(r.opts.Schema, b, ds); m != "" {
		problems = append(problems, problem{vfPrefixBoundary, m})
	}
	if m := cardinalityIntent(p, live); m != "" && !afterWritesMany { // one VF262 per run
		problems = append(problems, problem{vfCardinalityOne, m})
	}
	if m := checkCapacity(&run, b, ds.Items, live, r.opts.Target); m != "" { // capacity.go
		problems = append(problems, problem{vfReadCapacity, m})
	}
	run.fail(problems...)
	return run, nil
}

// scale adds (Scale-1) times the data, reruns every pattern and flags those
// whose wasted reads (items read but not returned) or capacity grow.
func (r *runner) scale(ctx context.Context) error {
	before := r.report.Patterns
	per := 0
	for _, ds := range r.datasets {
		per = max(per, len(ds.AV))
	}
	if err := r.seed(ctx, 100000, per*(r.opts.Scale-1)); err != nil {
		return err
	}
	var after []PatternReport
	if err := r.patterns(ctx, &after, 1); err != nil {
		return err
	}
	for i, p := range r.opts.Schema.Patterns {
		b, okB := firstDataRun(before[i].Runs)
		a, okA := firstDataRun(after[i].Runs)
		if !okB || !okA {
			continue
		}
		sr := ScaleReport{Pattern: p.Name, Factor: r.opts.Scale, ReadBefore: b.Read, ReadAfter: a.Read,
			ReturnedBefore: b.Returned, ReturnedAfter: a.Returned, ConsumedBefore: b.Consumed, ConsumedAfter: a.Consumed, OK: a.OK}
		wasteBefore, wasteAfter := b.Read-b.Returned, a.Read-a.Returned
		switch {
		case !a.OK:
			sr.Code = vfScaleResult
			sr.Message = "result differs from the oracle at scale: " + a.Message
		case wasteAfter > wasteBefore && p.Filter != nil:
			sr.Code = vfScaleFilter
			sr.Message = fmt.Sprintf("reads %d item(s) it does not return at x%d (was %d): its declared filter costs more as data grows (lint TD119)", wasteAfter, r.opts.Scale, wasteBefore)
		case wasteAfter > wasteBefore:
			sr.OK, sr.Code = false, vfScaleReads
			sr.Message = fmt.Sprintf("reads %d item(s) it does not return at x%d (was %d): something filters what a key condition should select", wasteAfter, r.opts.Scale, wasteBefore)
		case a.Returned <= b.Returned && a.Consumed > b.Consumed*1.5+0.5:
			sr.OK, sr.Code = false, vfScaleCapacity
			sr.Message = fmt.Sprintf("consumed capacity grew from %.1f to %.1f while the result did not", b.Consumed, a.Consumed)
		}
		r.report.Scale = append(r.report.Scale, sr)
	}
	sort.SliceStable(r.report.Scale, func(i, j int) bool { return r.report.Scale[i].Pattern < r.report.Scale[j].Pattern })
	return nil
}

// firstDataRun returns the first run over the written data: not a
// declared result (those ran once, over the example items alone, and head
// the runs before and after scaling alike) nor the input that must find
// nothing. Before and after scaling it has the same inputs (inputSets is
// stable).
func firstDataRun(runs []RunResult) (RunResult, bool) {
	for _, run := range runs {
		if !run.Declared && !run.Miss {
			return run, true
		}
	}
	return RunResult{}, false
}

// cleanup destroys what the run created, whatever happened before: terraform
// destroy, then DeleteTable for anything left, then the local target and the
// working directory.
func (r *runner) cleanup() error {
	var errs []error
	if r.opts.Keep && r.ws != nil && r.ws.applied && r.report.Error == "" {
		r.progress("--keep: leaving the table up")
		r.report.Kept = true
		if r.opts.KeepAlive != nil {
			r.opts.KeepAlive(r.report.Endpoint)
		}
		if r.target == nil {
			return nil // endpoint/aws: the user destroys with terraform in WorkDir
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		select {
		case <-r.opts.Abort: // a nil channel never fires
			r.progress("second interrupt: aborting the cleanup")
			cancel()
		case <-stop:
		}
	}()
	targetDead := r.target != nil && !fsafe.Alive(r.target.PID())
	if targetDead {
		r.progress("DynamoDB Local is gone (it kept the table in memory): nothing to destroy")
	}
	if r.target == nil && r.opts.Target == TargetLocal && r.ws != nil && r.ws.applied {
		targetDead = true
		r.progress("terraform destroy not needed: DynamoDB Local never answered, so no table exists")
	}
	// On the local target, a destroy that terraform plan -destroy proved is
	// left to stopping DynamoDB Local, which takes the tables with it.
	proven := r.destroyProven && r.report.Error == "" && !targetDead
	if proven {
		r.progress("terraform destroy skipped: terraform plan -destroy deletes every resource, and DynamoDB Local takes the table(s) with it")
	}
	// Stopping DynamoDB Local drops its tables: after a second interrupt
	// there is nothing to destroy with terraform.
	// undestroyed: tables of this run may exist. It is read here, not from
	// the workspace, which an abandoned destroy may still change.
	undestroyed := r.ws != nil && r.ws.applied && !proven
	if undestroyed && !r.report.Kept && !targetDead && !(r.target != nil && r.aborted()) {
		err := r.step("terraform destroy", r.abortable(func() error { return r.ws.destroy(ctx) }))
		undestroyed = err != nil
		if err != nil && !(r.target != nil && r.aborted()) {
			errs = append(errs, err) // (after an abort, stopping DynamoDB Local removes the tables)
		}
	}
	r.stopProvider()
	if r.ws != nil && r.client != nil && !r.report.Kept && !r.aborted() && !proven {
		for _, name := range r.ws.tableNames {
			if err := r.deleteLeftover(ctx, name); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if r.target != nil {
		if err := r.target.Stop(); err != nil {
			errs = append(errs, err)
		}
	}
	if r.releasePort != nil {
		r.releasePort()
	}
	if r.aborted() && r.target == nil && undestroyed {
		// The tables may still exist: keep the terraform state that can
		// destroy them.
		names := make([]string, 0, len(r.ws.tableNames))
		for _, n := range r.ws.tableNames {
			names = append(names, n)
		}
		sort.Strings(names)
		r.leftBehind = fmt.Sprintf("the cleanup was aborted by a second interrupt: table(s) %s may still exist; "+
			"their terraform state is in %s: run `terraform destroy` there", strings.Join(names, ", "), r.ws.dir)
		r.progress("%s", r.leftBehind)
		return nil
	}
	if r.aborted() && r.target != nil {
		r.progress("cleanup aborted: DynamoDB Local is stopped, its tables are gone")
	}
	if r.ws != nil && !(r.report.Kept && r.target == nil) {
		r.ws.remove()
		r.report.WorkDir = ""
	}
	return errors.Join(errs...)
}

// errAborted: a second interrupt stopped waiting for a cleanup step.
var errAborted = errors.New("aborted by a second interrupt")

// abortable runs fn, but returns errAborted as soon as Options.Abort is
// closed, without waiting for fn: terraform, killed through its context,
// can take long to return (its provider holds its output pipes open).
func (r *runner) abortable(fn func() error) func() error {
	return func() error {
		done := make(chan error, 1)
		go func() { done <- fn() }()
		select {
		case err := <-done:
			return err
		case <-r.opts.Abort:
			return errAborted
		}
	}
}

// aborted reports whether a second interrupt aborted the cleanup.
func (r *runner) aborted() bool {
	select {
	case <-r.opts.Abort:
		return true
	default:
		return false
	}
}

// deleteLeftover deletes a table of this run that terraform did not destroy
// (after an interrupted or failed apply). Only names this run created reach
// here: refuseExisting checked they did not exist before.
func (r *runner) deleteLeftover(ctx context.Context, name string) error {
	if r.ws == nil || !r.ws.owned {
		return nil // never touch a table this run did not create
	}
	_, err := r.client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	var nf *types.ResourceNotFoundException
	if errors.As(err, &nf) || (err != nil && r.target != nil) {
		return nil // gone (or the local target is down: it keeps nothing)
	}
	if err != nil {
		return fmt.Errorf("check for leftover table %s: %w", name, err)
	}
	r.progress("deleting leftover table %s", name)
	_, _ = r.client.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String(name), DeletionProtectionEnabled: aws.Bool(false)})
	if _, err := r.client.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String(name)}); err != nil {
		return fmt.Errorf("delete leftover table %s: %w", name, err)
	}
	return nil
}

// Discard is an io.Writer for quiet runs.
var Discard io.Writer = io.Discard

// randomHex returns n random bytes in hex: the suffix of a run's table
// names on a shared endpoint, the namespace of a run on a shared DynamoDB
// Local.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

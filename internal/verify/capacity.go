package verify

import (
	"context"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/cost"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// estimateRun is the static estimate of a run over the items verify wrote
// (package cost: the oracle's items read, their sizes as the index holds
// them, 4 KB rounding, half for eventual consistency).
func estimateRun(b *hclschema.Bound, items []hclschema.Item, strong bool) (cost.Call, error) {
	c, err := cost.PerCall(b, items, strong)
	if err != nil {
		return cost.Call{}, fmt.Errorf("estimate: %w", err)
	}
	return c, nil
}

// capacityMismatch says why the measured read units of a run differ from
// the estimate beyond DynamoDB's rounding, or "": every page of a Query is
// rounded up to 4 KB on its own, so a run of n pages may measure up to n-1
// steps (0.5 RCU, 1 when strongly consistent) more than the estimate, which
// rounds the whole read once; otherwise the two are equal.
func capacityMismatch(measured, estimated float64, pages int, strong bool) string {
	step := 0.5
	if strong {
		step = 1
	}
	extra := float64(max(pages, 1)-1) * step
	if measured >= estimated-1e-9 && measured <= estimated+extra+1e-9 {
		return ""
	}
	return fmt.Sprintf("consumed %s RCU, the estimate for the same items is %s RCU (a difference of %s, more than DynamoDB's rounding of %s per 4 KB step)",
		fmtUnits(measured), fmtUnits(estimated), fmtUnits(math.Abs(measured-estimated)), fmtUnits(step))
}

func fmtUnits(f float64) string { return fmt.Sprintf("%g", math.Round(f*100)/100) }

// checkCapacity sets the run's estimated read units for the items verify
// wrote and returns the mismatch with what DynamoDB consumed, or "". The
// consumed units are compared as the target accounts for them: AWS's
// accounting on AWS; on DynamoDB Local (the local target) its own where it
// differs (localFetchUnits: a Query of a local secondary index with a
// ProjectionExpression); an endpoint may be either.
func checkCapacity(run *RunResult, b *hclschema.Bound, items []hclschema.Item, live dynamo.ReadResult, target Target) string {
	strong := dynamo.StrongRead(b.Pattern)
	c, err := estimateRun(b, items, strong)
	if err != nil {
		return err.Error()
	}
	run.Estimated = c.Units
	// DynamoDB charges a Query that reads nothing the minimum (0.5 RCU, 1
	// when strongly consistent); DynamoDB Local reports 0 for it.
	if c.Read == 0 && live.Consumed == 0 && b.Pattern.Operation() == hclschema.OpQuery {
		return ""
	}
	if target != TargetAWS {
		if fetch := localFetchUnits(b, items, strong); fetch > 0 {
			run.Local = c.Units + fetch
		}
	}
	m := capacityMismatch(live.Consumed, c.Units, live.Pages, strong)
	switch {
	case run.Local == 0 || target == TargetAWS:
	case target == TargetLocal:
		m = capacityMismatch(live.Consumed, run.Local, live.Pages, strong)
		if m != "" {
			m += fmt.Sprintf(" (DynamoDB Local's accounting: %s RCU, with a fetch from the table of every item read from the local secondary index)", fmtUnits(run.Local))
		}
	default: // an endpoint: DynamoDB Local or a service that accounts as AWS does
		if m != "" && capacityMismatch(live.Consumed, run.Local, live.Pages, strong) == "" {
			m = ""
		}
	}
	if m != "" {
		return "capacity: " + m
	}
	return ""
}

// localFetchUnits is what DynamoDB Local 3.3.1 adds to the read units of a
// Query of a local secondary index that has a ProjectionExpression (every
// pattern with attributes): a fetch from the table of every item the Query
// reads, each the whole item's size rounded up to 4 KB on its own (half
// when eventually consistent), also when every attribute asked for is
// projected into the index, where AWS reads the index alone and fetches
// only for attributes the index does not project (which dynamo.Read never
// asks for). 0 for any other read. Measured with raw SDK calls in
// TestLocalLSIProjectionAccounting.
func localFetchUnits(b *hclschema.Bound, items []hclschema.Item, strong bool) float64 {
	p := b.Pattern
	if p.Operation() != hclschema.OpQuery || p.Index == nil || p.Index.Kind != hclschema.IndexLocal {
		return 0
	}
	if s, err := dynamo.Read(p); err != nil || s.Projection == "" {
		return 0
	}
	// The items read are the oracle's without the filter, projected into
	// the index: their whole items are found by primary key.
	whole := map[string]int{}
	keys := p.Table.Primary.KeyAttrs()
	for _, it := range items {
		if av, err := dynamo.ItemAV(it); err == nil {
			whole[dynamo.KeyString(av, keys)] = hclschema.ItemSize(it)
		}
	}
	nb := *b
	if p.Filter != nil {
		np := *p
		np.Filter = nil
		nb.Pattern = &np
	}
	var sizes []int
	for _, it := range oracle.Run(&nb, items).Items {
		if av, err := dynamo.ItemAV(it); err == nil {
			sizes = append(sizes, whole[dynamo.KeyString(av, keys)])
		}
	}
	return localFetchSizes(sizes, strong)
}

// localFetchSizes is localFetchUnits for items of the given whole sizes.
func localFetchSizes(sizes []int, strong bool) float64 {
	units := 0.0
	for _, n := range sizes {
		units += cost.GetItemUnits(float64(n), strong)
	}
	return units
}

// writeCapacity prints per pattern the read units DynamoDB consumed per
// call next to the estimate for the same items, averaged over the runs
// with inputs taken from the items (the input that must find nothing
// costs the minimum, which DynamoDB Local reports as 0 for a Query); a
// mismatch in any run marks the pattern.
func writeCapacity(w io.Writer, patterns []PatternReport) {
	if len(patterns) == 0 {
		return
	}
	fmt.Fprintln(w, "\nCapacity (RCU per call: measured with ReturnConsumedCapacity, estimated by tfdyn cost for the same items)")
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  \tpattern\truns\tmeasured\testimated")
	for _, p := range patterns {
		var measured, estimated, local float64
		ok, runs, locals := true, 0, 0
		for _, run := range p.Runs {
			if strings.Contains(run.Message, "capacity: ") {
				ok = false
			}
			if run.Declared || run.Miss {
				continue
			}
			runs++
			measured += run.Consumed
			estimated += run.Estimated
			if run.Local > 0 {
				local += run.Local
				locals++
			} else {
				local += run.Estimated
			}
		}
		n := float64(max(runs, 1))
		est := fmtUnits(estimated / n)
		if locals > 0 {
			est += fmt.Sprintf(" as AWS counts it; DynamoDB Local counts %s (a fetch from the table per item read from the LSI)", fmtUnits(local/n))
		}
		fmt.Fprintf(tw, "  %s\t%s\t%d\t%s\t%s\n", mark(ok), p.Name, runs, fmtUnits(measured/n), est)
	}
	tw.Flush()
}

// WriteCheck compares the write units DynamoDB consumed writing one example
// item (table and each GSI, ReturnConsumedCapacity INDEXES) with the
// estimate of package cost for the item.
type WriteCheck struct {
	// Item names the example, e.g. Order["o-1001"].
	Item      string             `json:"item"`
	Measured  map[string]float64 `json:"measured"`
	Estimated map[string]float64 `json:"estimated"`
	// Local is what DynamoDB Local reports for the same writes when its
	// accounting differs from AWS's (Estimated): a transaction whose writes
	// consume equal units (localTransactionUnits); nil when they agree. On
	// the local target the measured units are compared with it.
	Local map[string]float64 `json:"local_accounting,omitempty"`
	OK    bool               `json:"ok"`
	// pos is the example block.
	pos *findings.Pos
}

// localTransactionUnits is what DynamoDB Local 3.3.1 reports for a
// TransactWriteItems whose writes consume the given units (one map per
// write: the table and each index, 1 KB rounding, as cost.ChangeUnits):
// TransactionFactor times the units of each distinct write, where AWS
// documents TransactionFactor times every write. Two writes of a
// transaction that consume the same units in the same indexes count once
// on DynamoDB Local: a customer and its guard item of 1 WCU each report 2
// WCU, not 4 (measured with raw SDK calls in
// TestLocalTransactionAccounting).
func localTransactionUnits(writes []map[string]float64) map[string]float64 {
	out := map[string]float64{}
	seen := map[string]bool{}
	for _, u := range writes {
		k := unitsText(u)
		if seen[k] {
			continue
		}
		seen[k] = true
		for ix, n := range u {
			out[ix] += cost.TransactionFactor * n
		}
	}
	return out
}

// localText says, for a write pattern's capacity, what DynamoDB Local
// reports when it differs from the estimate ("" when it does not).
func (c *WriteCheck) localText() string {
	if c.Local == nil {
		return ""
	}
	return fmt.Sprintf(" as AWS counts it; DynamoDB Local counts %s WCU (it counts the writes of a transaction that consume the same units once)", unitsText(c.Local))
}

// writeFindings are the failed write checks as CI findings.
func writeFindings(checks []WriteCheck) []findings.Finding {
	var out []findings.Finding
	for _, c := range checks {
		if !c.OK {
			out = append(out, findings.Finding{Severity: findings.Error, Summary: "Write capacity differs from the estimate",
				Detail: fmt.Sprintf("Writing %s consumed %s WCU; the estimate for the item is %s WCU.", c.Item, unitsText(c.Measured), unitsText(c.Estimated)),
				Pos:    c.pos, Subject: c.Item})
		}
	}
	return out
}

// checkWrites deletes every example item of ds and writes it again (a
// write that leaves an item unchanged writes no index, as DynamoDB says:
// the new item is what costs a write in the table and in each index that
// holds it), and records what DynamoDB consumed next to the estimate. It
// runs after the example items are written and before anything reads them.
func (r *runner) checkWrites(ctx context.Context, table string, ds *Dataset) error {
	for i, it := range ds.Items {
		if ds.Sources[i].Example == nil {
			continue
		}
		key := map[string]types.AttributeValue{}
		for _, k := range ds.Table.Primary.KeyAttrs() {
			key[k.Name] = ds.AV[i][k.Name]
		}
		if _, err := r.client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(table), Key: key}); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			continue // rejected items are reported by the write itself
		}
		out, err := r.client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: ds.AV[i],
			ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes})
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			continue // rejected items are reported by the write itself
		}
		ex := ds.Sources[i].Example
		wc := WriteCheck{Item: ex.Name(), Measured: map[string]float64{}, Estimated: cost.ItemWrite(it), pos: findings.PosOf(&ex.DeclRange)}
		addConsumed(wc.Measured, out.ConsumedCapacity)
		wc.OK = sameUnits(wc.Measured, wc.Estimated)
		r.mu.Lock()
		r.report.WriteCapacity = append(r.report.WriteCapacity, wc)
		r.mu.Unlock()
	}
	return nil
}

// addConsumed adds the units of c (ReturnConsumedCapacity INDEXES) per
// index to into: the table's under "table", each index's under its name.
func addConsumed(into map[string]float64, c *types.ConsumedCapacity) {
	if c == nil {
		return
	}
	if c.Table != nil && c.Table.CapacityUnits != nil {
		into[hclschema.PrimaryIndexName] += *c.Table.CapacityUnits
	}
	for name, ic := range c.GlobalSecondaryIndexes {
		if ic.CapacityUnits != nil {
			into[name] += *ic.CapacityUnits
		}
	}
	for name, ic := range c.LocalSecondaryIndexes {
		if ic.CapacityUnits != nil {
			into[name] += *ic.CapacityUnits
		}
	}
}

// sameUnits reports whether two per-index unit maps agree (an index
// missing from one counts 0).
func sameUnits(a, b map[string]float64) bool {
	for k, v := range a {
		if math.Abs(v-b[k]) > 1e-9 {
			return false
		}
	}
	for k, v := range b {
		if math.Abs(v-a[k]) > 1e-9 {
			return false
		}
	}
	return true
}

// unitsText prints per-index units, the table first, then the indexes by
// name: "table 1 + GSI1 1".
func unitsText(m map[string]float64) string {
	var names []string
	for k := range m {
		if k != hclschema.PrimaryIndexName {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	if _, ok := m[hclschema.PrimaryIndexName]; ok {
		names = append([]string{hclschema.PrimaryIndexName}, names...)
	}
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n + " " + fmtUnits(m[n])
	}
	return strings.Join(parts, " + ")
}

// writeWriteChecks prints the write check.
func writeWriteChecks(w io.Writer, checks []WriteCheck) {
	if len(checks) == 0 {
		return
	}
	fmt.Fprintln(w, "\nWrite capacity (WCU of writing each example item: measured with ReturnConsumedCapacity, estimated by tfdyn cost)")
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  \titem\tmeasured\testimated")
	for _, c := range checks {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", mark(c.OK), c.Item, unitsText(c.Measured), unitsText(c.Estimated))
	}
	tw.Flush()
}

package verify

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/tfdyn/tfdyn/cost"
	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/oracle"
)

// strongRead reports whether the pattern declares strongly consistent
// reads (workload consistency = "strong"): verify reads it so, and the
// estimate counts whole units.
func strongRead(p *hclschema.AccessPattern) bool {
	return p.Workload != nil && p.Workload.Consistency == hclschema.ConsistencyStrong
}

// estimateRun is the static estimate of a run over the items verify wrote
// (package cost: the oracle's items read, their sizes as the index holds
// them, 4 KB rounding, half for eventual consistency).
func estimateRun(b *oracle.Bound, items []hclschema.Item, strong bool) (cost.Call, error) {
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
// wrote and returns the mismatch with what DynamoDB consumed, or "".
func checkCapacity(run *RunResult, b *oracle.Bound, items []hclschema.Item, live liveResult) string {
	strong := strongRead(b.Pattern)
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
	if m := capacityMismatch(live.Consumed, c.Units, live.Pages, strong); m != "" {
		return "capacity: " + m
	}
	return ""
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
		var measured, estimated float64
		ok, runs := true, 0
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
		}
		n := float64(max(runs, 1))
		fmt.Fprintf(tw, "  %s\t%s\t%d\t%s\t%s\n", mark(ok), p.Name, runs, fmtUnits(measured/n), fmtUnits(estimated/n))
	}
	tw.Flush()
}

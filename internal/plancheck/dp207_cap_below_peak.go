package plancheck

import (
	"fmt"
	"math"

	"github.com/tfdyn/tfdyn/internal/cost"
)

var dp207 = &Rule{
	Code: "DP207", Name: "cap-below-peak", Family: Breaking, Severity: SeverityError,
	Title: "A planned throughput cap is below the schema's declared peak (needs the schema)",
	// DP207 runs once per plan (checkCaps): it needs the schema's workload.
}

// checkCaps compares the planned on-demand throughput caps of every table
// of the schema (and of its GSIs) with the read and write units its
// declared workload needs at peak (the cost estimate, as lint TD155).
func checkCaps(ctx *checkContext) []Finding {
	s := ctx.opts.Schema
	if s == nil || !s.HasWorkload() {
		return nil
	}
	rep := cost.Estimate(s, nil)
	var out []Finding
	for i, t := range s.Tables {
		if t == nil || i >= len(rep.Tables) {
			continue
		}
		peaks := rep.Tables[i].IndexPeaks(t)
		for _, c := range matchTable(ctx, t) {
			if c.After == nil {
				continue
			}
			declared := standaloneDeclared(ctx.plan)[c.TableName().Value]
			after := withStandalone(c.After, declared)
			for _, p := range peaks {
				cap, what := after.OnDemand, "table "+c.displayName()
				if p.Index != "" {
					g := after.gsi(p.Index)
					if g == nil {
						continue
					}
					cap, what = g.OnDemand, fmt.Sprintf("GSI %q of table %s", p.Index, c.displayName())
				}
				for _, side := range []struct {
					name string
					v    intVal
					need float64
				}{{"max_read_request_units", cap.Read, p.PeakRead}, {"max_write_request_units", cap.Write, p.PeakWrite}} {
					if !cap.Set || cap.Unknown || side.v.Unknown || side.v.Value <= 0 {
						continue
					}
					if need := math.Ceil(side.need); need > float64(side.v.Value) {
						r := t.DeclRange
						out = append(out, dp207.finding(c, note{Range: &r,
							Summary: fmt.Sprintf("Throughput cap of %s is below the declared peak", what),
							Detail: fmt.Sprintf("The plan caps %s at %s = %d, and the workload the schema declares needs %s request units per second at its peak: DynamoDB throttles the requests above the cap. Raise the cap, or lower the declared peak.",
								what, side.name, side.v.Value, fmt.Sprint(need))}))
					}
				}
			}
		}
	}
	return out
}

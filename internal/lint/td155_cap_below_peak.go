package lint

import (
	"fmt"
	"math"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeCapBelowPeak (TD155): an on-demand throughput cap of the table or a
// GSI is below the read or write units per second its declared workload
// needs at peak: DynamoDB throttles what is above the cap.
const CodeCapBelowPeak diag.Code = "TD155"

var ruleCapBelowPeak = &rule{code: CodeCapBelowPeak, name: "cap-below-peak", severity: hcl.DiagError, check: checkCapBelowPeak}

func checkCapBelowPeak(r *rule, a *analysis) hcl.Diagnostics {
	rep := workloadEstimate(a.s)
	if rep == nil {
		return nil
	}
	var diags hcl.Diagnostics
	for i, t := range a.s.Tables {
		if i >= len(rep.Tables) {
			break
		}
		for _, p := range rep.Tables[i].IndexPeaks(t) {
			o, what := t.OnDemand, fmt.Sprintf("table %q", t.Label)
			if p.Index != "" {
				ix := t.Index(p.Index)
				if ix == nil {
					continue
				}
				o, what = ix.OnDemand, fmt.Sprintf("GSI %q of table %q", p.Index, t.Label)
			}
			if o == nil {
				continue
			}
			var over []string
			subject := o.DeclRange
			if need := math.Ceil(p.PeakWrite); o.MaxWriteRequestUnits > 0 && need > float64(o.MaxWriteRequestUnits) {
				over = append(over, fmt.Sprintf("%s write request units per second against max_write_request_units = %d", num(need), o.MaxWriteRequestUnits))
				subject = o.WriteRange
			}
			if need := math.Ceil(p.PeakRead); o.MaxReadRequestUnits > 0 && need > float64(o.MaxReadRequestUnits) {
				over = append(over, fmt.Sprintf("%s read request units per second against max_read_request_units = %d", num(need), o.MaxReadRequestUnits))
				subject = o.ReadRange
			}
			if len(over) == 0 {
				continue
			}
			diags = append(diags, r.report(subject, "Throughput cap below the declared peak",
				"At the peak of its declared workload %s needs %s; DynamoDB throttles the requests above a cap. Raise the cap (on_demand_throughput) or lower the declared peak.",
				what, strings.Join(over, " and ")))
		}
	}
	return diags
}

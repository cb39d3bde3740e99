package lint

import (
	"math"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/cost"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeHotPartitionReads (TD140): at its declared peak, an access pattern
// reads more from one partition key value than a partition serves (3,000
// read units per second).
const CodeHotPartitionReads diag.Code = "TD140"

var ruleHotPartitionReads = &rule{code: CodeHotPartitionReads, name: "hot-partition-reads", severity: hcl.DiagError, check: checkHotPartitionReads}

func checkHotPartitionReads(r *rule, a *analysis) hcl.Diagnostics {
	rep := workloadEstimate(a.s)
	if rep == nil {
		return nil
	}
	var diags hcl.Diagnostics
	for _, t := range rep.Tables {
		for _, pc := range t.Patterns {
			if pc.PartitionRCU <= cost.PartitionReadUnits {
				continue
			}
			p := a.s.Pattern(pc.Pattern)
			w := a.s.PatternWorkload(p)
			if p == nil || w == nil {
				continue
			}
			subject := firstRange(w.DeclRange, w.HotShareRange, w.PeakRateRange, w.RateRange)
			replicas := math.Ceil(pc.PartitionRCU / cost.PartitionReadUnits)
			diags = append(diags, r.report(subject, "Hot partition: reads over 3,000 RCU",
				"At its peak of %s calls per second, access pattern %q reads %s RCU per second from one partition key value (%s RCU per call, %s of the calls on the busiest value); a partition serves about %d RCU per second, so these reads throttle. "+
					"Spread the calls: cache the hot items, read with eventual consistency (half the units), narrow what a call reads, or copy the hot partition into %d shards (a suffix such as \"#${shard}\") and read one at random.",
				num(pc.PeakRate), pc.Pattern, num(pc.PartitionRCU), num(pc.RCU), pct(pc.PartitionRCU/math.Max(pc.PeakRCUPerSecond, 1e-9)), cost.PartitionReadUnits, int(replicas)))
		}
	}
	return diags
}

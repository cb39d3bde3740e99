package lint

import (
	"math"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/cost"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeHotPartitionWrites (TD141): at its declared peak, an entity writes
// more to one partition key value of the table or a GSI than a partition
// takes (1,000 write units per second): a hot partition or a hot counter.
const CodeHotPartitionWrites diag.Code = "TD141"

var ruleHotPartitionWrites = &rule{code: CodeHotPartitionWrites, name: "hot-partition-writes", severity: hcl.DiagError, check: checkHotPartitionWrites}

func checkHotPartitionWrites(r *rule, a *analysis) hcl.Diagnostics {
	rep := workloadEstimate(a.s)
	if rep == nil {
		return nil
	}
	var diags hcl.Diagnostics
	for _, t := range rep.Tables {
		for _, ec := range t.Writes {
			if ec.PartitionWCU <= cost.PartitionWriteUnits {
				continue
			}
			e := a.s.Entity(ec.Entity)
			w := a.s.EntityWorkload(e)
			if e == nil || w == nil {
				continue
			}
			where := "the table"
			if ec.PartitionIndex != hclschema.PrimaryIndexName {
				where = "GSI " + ec.PartitionIndex
			}
			shards := math.Ceil(ec.PartitionWCU / cost.PartitionWriteUnits)
			subject := firstRange(w.DeclRange, w.HotShareRange, w.PeakWritesRange, w.WritesRange)
			diags = append(diags, r.report(subject, "Hot partition: writes over 1,000 WCU",
				"At its peak of %s writes per second, entity %q writes %s WCU per second to one partition key value of %s; a partition takes about %d WCU per second, so these writes throttle (on a GSI the back pressure throttles writes to the table). "+
					"Shard the partition key into at least %d values (a suffix such as \"#${shard}\" with shard from 0 to %d, read in parallel), or, for a counter, add up increments in a stream consumer or in several counter items.",
				num(ec.PeakWrites), ec.Entity, num(ec.PartitionWCU), where, cost.PartitionWriteUnits, int(shards), int(shards)-1))
		}
	}
	return diags
}

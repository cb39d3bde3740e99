package lint

import (
	"fmt"
	"math"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/cost"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeHotCounter (TD148): an update adds to a counter on an item of a hot
// partition: the entity's partition key template is a constant (every call
// adds to the same partition), or, when the entity's workload declares
// its peak writes, the busiest partition key value takes more than a
// partition's 1,000 WCU per second.
const CodeHotCounter diag.Code = "TD148"

var ruleHotCounter = &rule{code: CodeHotCounter, name: "hot-counter", severity: hcl.DiagWarning, check: checkHotCounter}

func checkHotCounter(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, w := range a.writes() {
		wr := w.wr
		if wr.Op != hclschema.WriteUpdate || len(wr.Add) == 0 {
			continue
		}
		e := wr.Entity
		ix := e.Table.Primary
		constant := constantPartition(e, ix)
		ew := a.s.EntityWorkload(e)
		var why, fix string
		if ew != nil && ew.PeakWrites > 0 {
			avg, _, _ := cost.ItemBytes(a.s, e)
			share := cost.PartitionShare(a.s, e, ix)
			wcu := ew.PeakWrites * share * cost.WriteUnits(avg)
			if wcu <= cost.PartitionWriteUnits {
				continue
			}
			shards := int(math.Ceil(wcu / cost.PartitionWriteUnits))
			why = fmt.Sprintf("At the peak of %s writes per second that entity %q declares, %s of them go to one partition key value: %s WCU per second, over the %d a partition takes.", num(ew.PeakWrites), e.Name, pct(share), num(wcu), cost.PartitionWriteUnits)
			fix = fmt.Sprintf("at least %d counter items (a suffix \"#${shard}\" on the key, shard from 0 to %d chosen at random per call)", shards, shards-1)
		} else {
			if !constant {
				continue
			}
			why = fmt.Sprintf("The partition key of entity %q is a constant, so every call adds to the same partition, which takes about %d writes per second; no workload declares how often the entity is written (peak_writes).", e.Name, cost.PartitionWriteUnits)
			fix = "N counter items (a suffix \"#${shard}\" on the key, shard from 0 to N-1 chosen at random per call, N at least the peak writes per second over 1000)"
		}
		for _, ua := range wr.Add {
			diags = append(diags, r.report(ua.Range, "Counter on a hot partition",
				"Write pattern %q adds to %q with UpdateItem. %s "+
					"Shard the counter into %s and sum them on read, or add up increments in a stream consumer.",
				w.wp.Name, ua.Attr, why, fix))
		}
	}
	return diags
}

// constantPartition reports whether every partition key template of e for
// ix is a constant: all of e's items share one partition of ix.
func constantPartition(e *hclschema.Entity, ix *hclschema.Index) bool {
	if len(ix.PartitionKey) == 0 {
		return false
	}
	for _, k := range ix.PartitionKey {
		w, ok := e.KeyWriterFor(ix, k.Name)
		if !ok || w.Template == nil || w.Template.Expr == nil || len(w.Template.Expr.Names()) > 0 {
			return false
		}
	}
	return true
}

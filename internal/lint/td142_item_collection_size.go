package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/cost"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeItemCollectionSize (TD142): a table with a local secondary index
// holds an item collection (the items of one partition key value, with
// their LSI entries) larger than 10 GB under the declared workload.
const CodeItemCollectionSize diag.Code = "TD142"

var ruleItemCollectionSize = &rule{code: CodeItemCollectionSize, name: "item-collection-size", severity: hcl.DiagError, check: checkItemCollectionSize}

func checkItemCollectionSize(r *rule, a *analysis) hcl.Diagnostics {
	rep := workloadEstimate(a.s)
	if rep == nil {
		return nil
	}
	var diags hcl.Diagnostics
	for _, t := range a.s.Tables {
		if len(t.LSIs) == 0 {
			continue
		}
		for _, e := range t.Entities {
			w := a.s.EntityWorkload(e)
			ec := writesOf(rep, e.Name)
			if w == nil || !w.HasItems || ec == nil {
				continue
			}
			partitions := float64(w.Items)
			if w.HasPartitions {
				partitions = float64(w.Partitions)
			}
			if partitions < 1 {
				continue
			}
			// Per item: the item and every LSI entry, each with DynamoDB's
			// 100 bytes of overhead.
			perItem := 0.0
			for _, tg := range ec.Targets {
				ix := t.Index(tg.Index)
				if ix == nil || ix.Kind == hclschema.IndexGlobal {
					continue
				}
				perItem += tg.Share * (tg.Bytes + cost.StorageOverheadBytes)
			}
			size := float64(w.Items) / partitions * perItem
			if size <= cost.ItemCollectionBytes {
				continue
			}
			subject := firstRange(w.DeclRange, w.PartitionsRange, w.ItemsRange)
			diags = append(diags, r.report(subject, "Item collection over 10 GB",
				"Entity %q puts %s items on each partition key value on average (%s items over %s values), %s with their LSI entries, into table %q, which has a local secondary index: an item collection is limited to 10 GB there, and writes to a full one fail with an ItemCollectionSizeLimitExceededException. "+
					"Spread the items over more partition key values, or replace the LSI with a GSI, which has no such limit.",
				e.Name, num(float64(w.Items)/partitions), num(float64(w.Items)), num(partitions), gbText(size), t.Label))
		}
	}
	return diags
}

// writesOf returns the write estimate of the entity, or nil.
func writesOf(rep *cost.Report, entity string) *cost.EntityCost {
	for _, t := range rep.Tables {
		for _, ec := range t.Writes {
			if ec.Entity == entity {
				return ec
			}
		}
	}
	return nil
}

// gbText prints a size in GB (2^30 bytes) with one decimal.
func gbText(b float64) string { return num(float64(int64(b/(1<<30)*10))/10) + " GB" }

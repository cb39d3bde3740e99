package lint

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/cost"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// CodeTransactionSize (TD146): the items a transaction writes can add up to
// more than 4 MB, the most one TransactWriteItems call takes, by the
// entities' declared or estimated largest item sizes. More than 100 items
// in one transaction is a loader error (TD002).
const CodeTransactionSize diag.Code = "TD146"

// TransactionBytesLimit is the aggregate size of the items one
// TransactWriteItems call may write: 4 MB.
const TransactionBytesLimit = 4 << 20

var ruleTransactionSize = &rule{code: CodeTransactionSize, name: "transaction-size", severity: hcl.DiagError, check: checkTransactionSize}

func checkTransactionSize(r *rule, a *analysis) hcl.Diagnostics {
	var diags hcl.Diagnostics
	for _, wp := range a.s.WritePatterns {
		if wp == nil || wp.Incomplete || !wp.Transaction || len(wp.Writes) > hclschema.WriteTransactionLimit {
			continue
		}
		total := 0.0
		var parts []string
		var order []*hclschema.Entity
		count := map[*hclschema.Entity]int{}
		size := map[*hclschema.Entity]float64{}
		src := map[*hclschema.Entity]cost.Source{}
		for _, wr := range wp.Writes {
			e := wr.Entity
			if e == nil || e.Table == nil || e.Incomplete {
				continue
			}
			if _, seen := size[e]; !seen {
				_, size[e], src[e] = cost.ItemBytes(a.s, e)
				order = append(order, e)
			}
			count[e]++
			total += size[e]
		}
		if total <= TransactionBytesLimit {
			continue
		}
		for _, e := range order {
			parts = append(parts, fmt.Sprintf("%d x %s of %s bytes (%s)", count[e], e.Name, num(size[e]), src[e]))
		}
		diags = append(diags, r.report(wp.TransactionRange, "Transaction over 4 MB",
			"The transaction of write pattern %q writes %d items that add up to %s bytes at their largest size: %s. "+
				"DynamoDB takes at most 4 MB (%d bytes) of items in one TransactWriteItems call and rejects a larger one with a ValidationException. "+
				"Split the writes into transactions that each stay under 4 MB (with conditions that make a retry safe), or store large values outside the items (in S3, keeping a pointer).",
			wp.Name, len(wp.Writes), num(total), strings.Join(parts, ", "), TransactionBytesLimit))
	}
	return diags
}

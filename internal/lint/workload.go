package lint

import (
	"math"
	"strconv"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/cost"
)

// workloadEstimate is the cost estimate the workload rules (TD140-TD142)
// check, or nil when the schema declares no workload.
func workloadEstimate(s *hclschema.Schema) *cost.Report {
	if !s.HasWorkload() {
		return nil
	}
	return cost.Estimate(s, nil)
}

// firstRange returns the first range that is set, else def.
func firstRange(def hcl.Range, rs ...hcl.Range) hcl.Range {
	for _, r := range rs {
		if r.Filename != "" {
			return r
		}
	}
	return def
}

// num prints a figure with at most two decimals and no trailing zeros.
func num(f float64) string {
	return strconv.FormatFloat(math.Round(f*100)/100, 'f', -1, 64)
}

// pct prints a share as a percentage with at most one decimal.
func pct(f float64) string {
	return strconv.FormatFloat(math.Round(f*1000)/10, 'f', -1, 64) + "%"
}

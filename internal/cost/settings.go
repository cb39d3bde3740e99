package cost

import (
	"fmt"
	"math"
	"strings"

	"github.com/tfdyn/tfdyn/hclschema"
)

// IndexPeak is the read and write units per second the declared workload
// puts on the table (with its LSIs, which share its throughput) or on one
// GSI, on average and at peak.
type IndexPeak struct {
	// Index is "" for the table, else the GSI's name.
	Index            string
	Read, PeakRead   float64
	Write, PeakWrite float64
}

// indexPeaks returns the units per second of the table and of each GSI.
func (tr *TableReport) indexPeaks(t *hclschema.Table) []IndexPeak {
	var out []IndexPeak
	for _, ix := range append([]*hclschema.Index{t.Primary}, t.GSIs...) {
		owner := func(name string) bool {
			if ix.Kind == hclschema.IndexPrimary {
				other := t.Index(name)
				return other != nil && other.Kind != hclschema.IndexGlobal
			}
			return name == ix.Name
		}
		p := IndexPeak{}
		if ix.Kind == hclschema.IndexGlobal {
			p.Index = ix.Name
		}
		for _, pc := range tr.Patterns {
			if owner(pc.Index) {
				p.Read += pc.RCUPerSecond
				p.PeakRead += pc.PeakRCUPerSecond
			}
		}
		p.Write, p.PeakWrite = tr.indexWCU(owner)
		out = append(out, p)
	}
	return out
}

// IndexPeaks returns, per index of schema table t (the one tr estimates),
// the read and write units per second of its declared workload: the
// table (with its LSIs) first, then each GSI. Lint TD155 and plan rule
// DP207 compare them with the on-demand throughput caps.
func (tr *TableReport) IndexPeaks(t *hclschema.Table) []IndexPeak { return tr.indexPeaks(t) }

// capOf is the cap of index (the table for "") of spec s, or nil.
func capOf(s hclschema.TableSpec, index string) *hclschema.Throughput {
	if index == "" {
		return s.OnDemand
	}
	for _, g := range s.GSIs {
		if g.Name == index {
			return g.OnDemand
		}
	}
	return nil
}

// bounded applies the caps of an on-demand table to the units of each
// index: DynamoDB throttles what is above a cap, so a cap bounds the
// monthly on-demand figure. It returns the average units per second,
// bounded, and a note per cap that bounds them.
func (tr *TableReport) bounded(s hclschema.TableSpec, peaks []IndexPeak) (read, write float64, notes []string) {
	for _, p := range peaks {
		r, w := p.Read, p.Write
		if c := capOf(s, p.Index); c != nil {
			what := "the table"
			if p.Index != "" {
				what = "GSI " + p.Index
			}
			if c.Read > 0 && r > float64(c.Read) {
				notes = append(notes, fmt.Sprintf("%s: the cap of %d read request units/s bounds its average of %s", what, c.Read, num(r)))
				r = float64(c.Read)
			}
			if c.Write > 0 && w > float64(c.Write) {
				notes = append(notes, fmt.Sprintf("%s: the cap of %d write request units/s bounds its average of %s", what, c.Write, num(w)))
				w = float64(c.Write)
			}
		}
		read += r
		write += w
	}
	return read, write, notes
}

// capRecommendations says where a cap is below the declared peak: requests
// above it are throttled.
func (tr *TableReport) capRecommendations(s hclschema.TableSpec, peaks []IndexPeak) {
	for _, p := range peaks {
		c := capOf(s, p.Index)
		if c == nil {
			continue
		}
		var over []string
		if c.Read > 0 && math.Ceil(p.PeakRead) > float64(c.Read) {
			over = append(over, fmt.Sprintf("%s read request units/s against a cap of %d", num(math.Ceil(p.PeakRead)), c.Read))
		}
		if c.Write > 0 && math.Ceil(p.PeakWrite) > float64(c.Write) {
			over = append(over, fmt.Sprintf("%s write request units/s against a cap of %d", num(math.Ceil(p.PeakWrite)), c.Write))
		}
		if len(over) == 0 {
			continue
		}
		target, what := "table."+tr.Table, "the table"
		if p.Index != "" {
			target, what = p.Index, "GSI "+p.Index
		}
		tr.Recommendations = append(tr.Recommendations, &Recommendation{Kind: RecThroughputCap, Target: target,
			Message: fmt.Sprintf("the peak of %s needs %s: requests above the cap are throttled; raise on_demand_throughput or lower the peak", what, strings.Join(over, " and "))})
	}
}

package doc

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tfdyn/tfdyn/hclschema"
)

// cost writes the "Capacity and cost" section of a table: the static
// estimate of the declared workload (package cost, embedded prices). A
// schema without a workload block gets no section.
func (g *gen) cost(t *hclschema.Table) {
	if !g.s.HasWorkload() {
		return
	}
	r := g.estimate()
	tr := g.tableCost(t)
	if tr == nil {
		return
	}
	g.printf("### Capacity and cost\n\n")
	g.printf("Estimated by `tfdyn cost` from the declared workload with the prices of %s on %s; figures per call are the average call.\n\n", r.Prices.Region, r.Prices.Date)
	var rows [][]string
	for _, p := range tr.Patterns {
		rows = append(rows, []string{code(p.Pattern), p.Consistency, num(p.Rate) + " / " + num(p.PeakRate),
			num(p.ItemsRead) + " / " + num(p.ItemsReturned), num(p.RCU), num(p.RCUPerSecond), string(p.CountSource)})
	}
	if len(rows) > 0 {
		g.grid([]string{"Pattern", "Consistency", "Calls/s (avg / peak)", "Items read / returned", "RCU per call", "RCU/s", "Counts from"}, rows)
	}
	rows = nil
	for _, e := range tr.Writes {
		var parts []string
		for _, tg := range e.Targets {
			parts = append(parts, tg.Index+" "+num(tg.WCU))
		}
		rows = append(rows, []string{e.Entity, num(e.Items), num(math.Round(e.ItemBytes)) + " B", num(e.Writes) + " / " + num(e.PeakWrites),
			num(e.WCU) + " (" + strings.Join(parts, " + ") + ")", num(e.WCUPerSecond)})
	}
	if len(rows) > 0 {
		g.grid([]string{"Entity", "Items", "Item size", "Writes/s (avg / peak)", "WCU per write", "WCU/s"}, rows)
	}
	rows = nil
	for _, w := range tr.WritePatterns {
		wcu := num(w.WCU)
		if w.Transaction {
			wcu += " (transaction)"
		}
		rows = append(rows, []string{code(w.Pattern), num(w.Rate) + " / " + num(w.PeakRate), num(w.Items), wcu, num(w.WCUPerSecond), num(w.PeakWCUPerSecond)})
	}
	if len(rows) > 0 {
		g.grid([]string{"Write pattern", "Calls/s (avg / peak)", "Items written per call", "WCU per call", "WCU/s", "Peak WCU/s"}, rows)
	}
	for _, e := range tr.Writes {
		if e.PatternWrites > 0 {
			g.printf("An entity's WCU/s count only the writes its write patterns do not make (`tfdyn cost` lists them under Assumptions).\n\n")
			break
		}
	}
	m := tr.Monthly
	g.grid([]string{"Per month", "On-demand", fmt.Sprintf("Provisioned (%s RCU, %s WCU)", num(m.ProvisionedRCU), num(m.ProvisionedWCU))}, [][]string{
		{"Reads", dollars(m.OnDemand.Reads), dollars(m.Provisioned.Reads)},
		{"Writes", dollars(m.OnDemand.Writes), dollars(m.Provisioned.Writes)},
		{"Storage", dollars(m.OnDemand.Storage), dollars(m.Provisioned.Storage)},
		{"Total", dollars(m.OnDemand.Total), dollars(m.Provisioned.Total)},
	})
	for _, rec := range tr.Recommendations {
		g.printf("- **%s** (%s): %s.\n", rec.Kind, rec.Target, rec.Message)
	}
	if len(tr.Recommendations) > 0 {
		g.printf("\n")
	}
}

func num(f float64) string {
	return strconv.FormatFloat(float64(int64(f*100+0.5))/100, 'f', -1, 64)
}

func dollars(f float64) string {
	if f > 0 && f < 0.01 {
		return fmt.Sprintf("$%.4f", f)
	}
	return fmt.Sprintf("$%.2f", f)
}

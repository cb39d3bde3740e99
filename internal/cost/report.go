package cost

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("cost: write json: %w", err)
	}
	return nil
}

// WriteText writes the report as plain text tables.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Prices: %s, %s (%s); a month is %d hours.\n", r.Prices.Region, r.Prices.Date, strings.Join(r.Prices.Sources, ", "), HoursPerMonth)
	fmt.Fprintf(&b, "Provisioned costs less than on-demand above %s average utilisation of reads, %s of writes.\n", pct(r.Prices.BreakEvenRead), pct(r.Prices.BreakEvenWrite))
	for _, t := range r.Tables {
		b.WriteString("\n")
		t.writeText(&b)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (t *TableReport) writeText(b *strings.Builder) {
	fmt.Fprintf(b, "table %s (%s, %s)\n", t.Table, t.BillingMode, t.TableClass)
	if len(t.Patterns) > 0 {
		b.WriteString("\nReads per call\n")
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "  pattern\top\tindex\tconsistency\trate/s\tpeak/s\titems read\treturned\tbytes read\tRCU/call\twasted\tRCU/s\tpeak RCU/s\tcounts from")
		for _, p := range t.Patterns {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", p.Pattern, p.Operation, p.Index, p.Consistency, num(p.Rate), num(p.PeakRate),
				num(p.ItemsRead), num(p.ItemsReturned), bytesText(p.BytesRead), num(p.RCU), num(p.WastedRCU), num(p.RCUPerSecond), num(p.PeakRCUPerSecond), p.CountSource)
		}
		tw.Flush()
	}
	if len(t.Writes) > 0 {
		b.WriteString("\nWrites per item\n")
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "  entity\titems\titem size\tmax\tsize from\twrites/s\tpeak/s\tWCU/write\tWCU/s\tpeak WCU/s")
		for _, e := range t.Writes {
			var parts []string
			for _, tg := range e.Targets {
				parts = append(parts, fmt.Sprintf("%s %s", tg.Index, num(tg.WCU)))
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s (%s)\t%s\t%s\n", e.Entity, num(e.Items), bytesText(e.ItemBytes), bytesText(e.MaxBytes), e.SizeSource,
				num(e.Writes), num(e.PeakWrites), num(e.WCU), strings.Join(parts, " + "), num(e.WCUPerSecond), num(e.PeakWCUPerSecond))
		}
		tw.Flush()
	}
	if len(t.WritePatterns) > 0 {
		b.WriteString("\nWrite patterns per call\n")
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "  pattern\ttransaction\trate/s\tpeak/s\titems written\tWCU/call\tWCU/s\tpeak WCU/s\twrites (items written per call, WCU)")
		for _, p := range t.WritePatterns {
			tx := "no"
			if p.Transaction {
				tx = fmt.Sprintf("yes (%dx)", TransactionFactor)
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", p.Pattern, tx, num(p.Rate), num(p.PeakRate), num(p.Items), num(p.WCU),
				num(p.WCUPerSecond), num(p.PeakWCUPerSecond), p.WritesText())
		}
		tw.Flush()
	}
	b.WriteString("\nStorage\n")
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  index\titems\tsize\t$/month\tread by a pattern")
	for _, s := range t.Storage {
		read := "yes"
		if !s.Read {
			read = "no"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", s.Index, num(s.Items), bytesText(s.Bytes), dollars(s.Monthly), read)
	}
	tw.Flush()
	m := t.Monthly
	other := "standard-ia"
	if t.TableClass == ClassInfrequentAccess {
		other = "standard"
	}
	fmt.Fprintf(b, "\nMonthly\n")
	tw = tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  \ton-demand\tprovisioned (%s RCU, %s WCU)\t%s (cheaper mode)\n", num(m.ProvisionedRCU), num(m.ProvisionedWCU), other)
	for _, row := range []struct {
		name    string
		a, c, d float64
	}{
		{"reads", m.OnDemand.Reads, m.Provisioned.Reads, m.InfrequentAccess.Reads},
		{"writes", m.OnDemand.Writes, m.Provisioned.Writes, m.InfrequentAccess.Writes},
		{"storage", m.OnDemand.Storage, m.Provisioned.Storage, m.InfrequentAccess.Storage},
		{"total", m.OnDemand.Total, m.Provisioned.Total, m.InfrequentAccess.Total},
	} {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", row.name, dollars(row.a), dollars(row.c), dollars(row.d))
	}
	tw.Flush()
	fmt.Fprintf(b, "  utilisation of capacity provisioned for the peak: reads %s, writes %s\n", pct(m.ReadUtilisation), pct(m.WriteUtilisation))
	if len(t.Recommendations) > 0 {
		b.WriteString("\nRecommendations\n")
		for _, r := range t.Recommendations {
			fmt.Fprintf(b, "  - [%s] %s: %s\n", r.Kind, r.Target, r.Message)
		}
	}
	if len(t.Assumptions) > 0 {
		b.WriteString("\nAssumptions\n")
		for _, a := range t.Assumptions {
			fmt.Fprintf(b, "  - %s\n", a)
		}
	}
}

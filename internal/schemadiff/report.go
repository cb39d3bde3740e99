package schemadiff

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/findings"
)

// Output is the report for the findings pipeline (package findings):
// every change code as the rule list, the changes as findings at their
// HEAD declaration (none for a removal, or when HEAD is a git revision): a
// blocking change is an error, an acknowledged one an error with its
// reason, a backfill a warning, an additive change a note; and diff's own
// text, JSON and Markdown forms.
func (r *Report) Output() *findings.Report {
	out := &findings.Report{
		Command: "tfdyn diff",
		Own: map[string]func(io.Writer) error{
			"text":     r.WriteText,
			"json":     r.WriteJSON,
			"markdown": r.WriteMarkdown,
		},
	}
	for _, c := range Codes {
		out.Tool.Rules = append(out.Tool.Rules, findings.Rule{ID: string(c.Code), Short: c.Title, Doc: docPage})
	}
	for _, c := range r.Changes {
		f := findings.Finding{Code: string(c.Code), Summary: c.Summary, Detail: c.Detail, Subject: c.Address, Doc: docPage, Severity: findings.Note}
		switch {
		case c.Blocking():
			f.Severity = findings.Error
		case c.Ack != nil:
			f.Severity, f.Acknowledged = findings.Error, c.Ack.Reason
		case c.Class == NeedsBackfill:
			f.Severity = findings.Warning
		}
		if c.Head != nil && !strings.HasPrefix(r.Head, "git:") {
			f.Pos = findings.PosOf(c.Head)
		}
		out.Findings = append(out.Findings, f)
	}
	return out
}

// docPage documents every change code.
const docPage = "docs/diff.md"

func where(rg *hcl.Range) string {
	if rg == nil {
		return ""
	}
	return fmt.Sprintf("%s:%d:%d", rg.Filename, rg.Start.Line, rg.Start.Column)
}

func (r *Report) counts() (blocking, acked, backfill int) {
	for _, c := range r.Changes {
		switch {
		case c.Blocking():
			blocking++
		case c.Class.Blocking():
			acked++
		}
		if c.Class == NeedsBackfill {
			backfill++
		}
	}
	return
}

func (r *Report) headline() string {
	blocking, acked, backfill := r.counts()
	if len(r.Changes) == 0 {
		return fmt.Sprintf("No changes between %s and %s.", r.Base, r.Head)
	}
	needs := "need"
	if backfill == 1 {
		needs = "needs"
	}
	s := fmt.Sprintf("%s → %s: %s (%d blocking, %d acknowledged, %d %s a backfill)",
		r.Base, r.Head, plural(len(r.Changes), "change"), blocking, acked, backfill, needs)
	return s
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func orDash(xs []string) string {
	if len(xs) == 0 {
		return "-"
	}
	return strings.Join(xs, ", ")
}

// WriteText writes the report for a terminal: one paragraph per change.
func (r *Report) WriteText(w io.Writer) error {
	var sb strings.Builder
	sb.WriteString(r.headline() + "\n")
	for _, c := range r.Changes {
		verdict := ""
		switch {
		case c.Blocking():
			verdict = " BLOCKING"
		case c.Ack != nil:
			verdict = " acknowledged"
		}
		fmt.Fprintf(&sb, "\n%s %s%s: %s [%s]\n", c.Code, c.Class, verdict, c.Summary, c.Address)
		if c.Base != nil {
			fmt.Fprintf(&sb, "  base: %s\n", where(c.Base))
		}
		if c.Head != nil {
			fmt.Fprintf(&sb, "  head: %s\n", where(c.Head))
		}
		fmt.Fprintf(&sb, "  %s\n", c.Detail)
		fmt.Fprintf(&sb, "  patterns: %s\n  entities: %s\n", orDash(c.Patterns), orDash(c.Entities))
		switch {
		case c.Ack != nil:
			fmt.Fprintf(&sb, "  acknowledged (%s): %s\n", c.Ack.Source, c.Ack.Reason)
		case c.Blocking():
			fmt.Fprintf(&sb, "  to accept it: --ack %s=%s:REASON\n", c.Code, c.Address)
		}
	}
	if _, _, backfill := r.counts(); backfill > 0 {
		fmt.Fprintf(&sb, "\nData: tfdyn migrate %s %s --dry-run shows what the backfill writes.\n", r.Base, r.Head)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// JSONReport is the --format json form of a report.
type JSONReport struct {
	Base     string       `json:"base"`
	Head     string       `json:"head"`
	Blocking int          `json:"blocking"`
	Changes  []JSONChange `json:"changes"`
}

// JSONChange is one change in JSONReport.
type JSONChange struct {
	Code     string   `json:"code"`
	Class    string   `json:"class"`
	Address  string   `json:"address"`
	Summary  string   `json:"summary"`
	Detail   string   `json:"detail"`
	Base     string   `json:"base,omitempty"`
	Head     string   `json:"head,omitempty"`
	Patterns []string `json:"patterns"`
	Entities []string `json:"entities"`
	Blocking bool     `json:"blocking"`
	// Acknowledged holds the reason when an acknowledgement covers the change.
	Acknowledged string `json:"acknowledged,omitempty"`
}

// WriteJSON writes the report as JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	out := JSONReport{Base: r.Base, Head: r.Head, Changes: []JSONChange{}}
	for _, c := range r.Changes {
		jc := JSONChange{Code: string(c.Code), Class: c.Class.String(), Address: c.Address, Summary: c.Summary, Detail: c.Detail,
			Base: where(c.Base), Head: where(c.Head), Patterns: nonNil(c.Patterns), Entities: nonNil(c.Entities), Blocking: c.Blocking()}
		if c.Ack != nil {
			jc.Acknowledged = c.Ack.Reason
		}
		if jc.Blocking {
			out.Blocking++
		}
		out.Changes = append(out.Changes, jc)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func nonNil(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}

// WriteMarkdown writes the report as a pull-request comment: a verdict, a
// table of changes by class and what to do next.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var sb strings.Builder
	blocking, acked, backfill := r.counts()
	sb.WriteString("### tfdyn diff\n\n")
	switch {
	case len(r.Changes) == 0:
		fmt.Fprintf(&sb, "No schema changes between `%s` and `%s`.\n", r.Base, r.Head)
		_, err := io.WriteString(w, sb.String())
		return err
	case blocking > 0:
		fmt.Fprintf(&sb, "**%s blocking.** `%s` → `%s`: %s", plural(blocking, "change"), r.Base, r.Head, plural(len(r.Changes), "change"))
	default:
		fmt.Fprintf(&sb, "**Nothing blocks.** `%s` → `%s`: %s", r.Base, r.Head, plural(len(r.Changes), "change"))
	}
	if acked > 0 {
		fmt.Fprintf(&sb, ", %d acknowledged", acked)
	}
	sb.WriteString(".\n")
	sb.WriteString("\n| | Code | Class | Change | Patterns | Entities |\n|---|---|---|---|---|---|\n")
	for _, c := range r.Changes {
		mark := ""
		switch {
		case c.Blocking():
			mark = "⛔"
		case c.Ack != nil:
			mark = "✅"
		case c.Class == NeedsBackfill:
			mark = "🔁"
		}
		fmt.Fprintf(&sb, "| %s | %s | %s | %s<br>`%s` | %s | %s |\n", mark, c.Code, c.Class, mdEscape(c.Summary), c.Address,
			mdEscape(orDash(c.Patterns)), mdEscape(orDash(c.Entities)))
	}
	sb.WriteString("\n<details><summary>Details</summary>\n\n")
	for _, c := range r.Changes {
		fmt.Fprintf(&sb, "- **%s** %s: %s", c.Code, mdEscape(c.Summary), mdEscape(c.Detail))
		if c.Ack != nil {
			fmt.Fprintf(&sb, " Acknowledged (%s): %s", mdEscape(c.Ack.Source), mdEscape(c.Ack.Reason))
		}
		sb.WriteString("\n")
	}
	sb.WriteString("\n</details>\n")
	if blocking > 0 {
		sb.WriteString("\nTo accept a blocking change, acknowledge it with a reason: an `acknowledge` block in `" + AckFileName +
			"` beside the schema, reviewed with this change, or `--ack`:\n\n")
		for _, c := range r.Changes {
			if c.Blocking() {
				fmt.Fprintf(&sb, "- `--ack %s=%s:REASON`\n", c.Code, c.Address)
			}
		}
	}
	if backfill > 0 {
		fmt.Fprintf(&sb, "\n%s a backfill of stored items: `tfdyn migrate %s %s --dry-run` shows the data plan.\n",
			plural(backfill, "change")+map[bool]string{true: " needs", false: " need"}[backfill == 1], r.Base, r.Head)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// mdEscape keeps a table cell in one cell: "|" escaped, newlines as spaces.
func mdEscape(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

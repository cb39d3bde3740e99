package plancheck

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/tfdyn/tfdyn/internal/findings"
)

// WriteText writes the report for people: one block per finding (code,
// severity, address, summary, detail, acknowledgement), then a summary
// line.
func WriteText(w io.Writer, rep *Report) error {
	ew := &errWriter{w: w}
	for _, f := range rep.Findings {
		label := string(f.Severity)
		if f.Acknowledged != nil {
			label = "acknowledged " + label
		}
		ew.printf("%s [%s] %s: %s\n", label, f.Code, addressOrSchema(f), f.Summary)
		ew.printf("%s\n", indentWrap(f.Detail, "  ", 100))
		if f.Range != nil {
			ew.printf("  Schema: %s:%d:%d\n", f.Range.Filename, f.Range.Start.Line, f.Range.Start.Column)
		}
		if a := f.Acknowledged; a != nil {
			ew.printf("  Acknowledged (%s): %s\n", a.Source, a.Reason)
		}
		if r, ok := RuleByCode(f.Code); ok {
			ew.printf("  See %s\n", findings.DocURL(rep.DocBase, r.DocPath()))
		}
		ew.printf("\n")
	}
	for _, a := range rep.UnusedAcks {
		ew.printf("note: acknowledgement %s for %q (%s) matched no finding; remove it if the change is done\n", a.Code, a.Address, a.Source)
	}
	errs, warns, acks := counts(rep)
	ew.printf("%d table(s) in the plan: %d error(s), %d warning(s), %d acknowledged", len(rep.Tables), errs, warns, acks)
	if errs > 0 {
		ew.printf(" — the plan is blocked\n")
	} else {
		ew.printf(" — the plan may be applied\n")
	}
	return ew.err
}

func addressOrSchema(f Finding) string {
	if f.Address != "" {
		return f.Address
	}
	return "schema table " + fmt.Sprintf("%q", f.Table)
}

// counts returns the unacknowledged errors and warnings and the
// acknowledged findings.
func counts(rep *Report) (errs, warns, acks int) {
	for _, f := range rep.Findings {
		switch {
		case f.Acknowledged != nil:
			acks++
		case f.Severity == SeverityError:
			errs++
		default:
			warns++
		}
	}
	return
}

// indentWrap wraps text at width and indents every line.
func indentWrap(text, indent string, width int) string {
	var lines []string
	line := indent
	for _, word := range strings.Fields(text) {
		if len(line) > len(indent) && len(line)+1+len(word) > width {
			lines = append(lines, line)
			line = indent
		}
		if len(line) > len(indent) {
			line += " "
		}
		line += word
	}
	return strings.Join(append(lines, line), "\n")
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

// JSONReport is the document WriteJSON writes.
type JSONReport struct {
	// Blocked is true when an unacknowledged error finding exists.
	Blocked  bool          `json:"blocked"`
	Errors   int           `json:"errors"`
	Warnings int           `json:"warnings"`
	Acked    int           `json:"acknowledged"`
	Findings []JSONFinding `json:"findings"`
	Tables   []JSONTable   `json:"tables"`
	// UnusedAcks are acknowledgements that matched nothing.
	UnusedAcks []JSONAck `json:"unused_acknowledgements,omitempty"`
}

// JSONFinding is a finding in WriteJSON's output.
type JSONFinding struct {
	Code         string     `json:"code"`
	Family       Family     `json:"family"`
	Severity     Severity   `json:"severity"`
	Address      string     `json:"address"`
	Table        string     `json:"table,omitempty"`
	Summary      string     `json:"summary"`
	Detail       string     `json:"detail"`
	Doc          string     `json:"doc"`
	Schema       *JSONRange `json:"schema,omitempty"`
	Blocking     bool       `json:"blocking"`
	Acknowledged *JSONAck   `json:"acknowledged,omitempty"`
}

// JSONRange is a place in the schema.
type JSONRange struct {
	Filename string `json:"filename"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
}

// JSONAck is an acknowledgement in WriteJSON's output.
type JSONAck struct {
	Code    string `json:"code"`
	Address string `json:"address"`
	Reason  string `json:"reason"`
	Source  string `json:"source"`
}

// JSONTable is a table change in WriteJSON's output.
type JSONTable struct {
	Address      string     `json:"address"`
	Table        string     `json:"table,omitempty"`
	NameUnknown  bool       `json:"name_unknown,omitempty"`
	Action       string     `json:"action"`
	ReplacePaths [][]string `json:"replace_paths,omitempty"`
}

func jsonAck(a Ack) *JSONAck {
	return &JSONAck{Code: a.Code, Address: a.Address, Reason: a.Reason, Source: a.Source}
}

// WriteJSON writes the report as one JSON document (JSONReport).
func WriteJSON(w io.Writer, rep *Report) error {
	errs, warns, acks := counts(rep)
	doc := JSONReport{Blocked: errs > 0, Errors: errs, Warnings: warns, Acked: acks,
		Findings: []JSONFinding{}, Tables: []JSONTable{}}
	for _, f := range rep.Findings {
		jf := JSONFinding{Code: f.Code, Family: f.Family, Severity: f.Severity, Address: f.Address, Table: f.Table,
			Summary: f.Summary, Detail: f.Detail, Doc: "docs/plan-rules/" + f.Code + ".md", Blocking: f.Blocking()}
		if f.Range != nil {
			jf.Schema = &JSONRange{Filename: f.Range.Filename, Line: f.Range.Start.Line, Column: f.Range.Start.Column}
		}
		if f.Acknowledged != nil {
			jf.Acknowledged = jsonAck(*f.Acknowledged)
		}
		doc.Findings = append(doc.Findings, jf)
	}
	for _, t := range rep.Tables {
		doc.Tables = append(doc.Tables, JSONTable{Address: t.Address, Table: t.Table, NameUnknown: t.NameUnknown, Action: t.Action, ReplacePaths: t.ReplacePaths})
	}
	for _, a := range rep.UnusedAcks {
		doc.UnusedAcks = append(doc.UnusedAcks, *jsonAck(a))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}

// Output is the report for the findings pipeline (package findings):
// every plan rule as the rule list, the findings with their schema
// position, address and page, the verdict as the Markdown title, and the
// plan's own text, JSON and JUnit forms (a suite per table, a case per
// rule).
func (rep *Report) Output() *findings.Report {
	errs, _, acks := counts(rep)
	verdict := "the plan may be applied"
	if errs > 0 {
		verdict = "the plan is blocked"
	}
	out := &findings.Report{
		Command:  "tfdyn plan",
		Title:    fmt.Sprintf("tfdyn plan: %s (%d table(s), %d acknowledged)", verdict, len(rep.Tables), acks),
		Findings: rep.CIFindings(),
		Own: map[string]func(io.Writer) error{
			"text":  func(w io.Writer) error { return WriteText(w, rep) },
			"json":  func(w io.Writer) error { return WriteJSON(w, rep) },
			"junit": func(w io.Writer) error { return WriteJUnit(w, rep) },
		},
	}
	for _, r := range Rules() {
		out.Tool.Rules = append(out.Tool.Rules, findings.Rule{ID: r.Code, Name: r.Name, Short: r.Title, Doc: r.DocPath()})
	}
	return out
}

// CIFindings converts the report's findings for the CI formats (package
// findings): the schema position, the address as subject, the rule's page,
// an acknowledgement with its reason and source.
func (rep *Report) CIFindings() []findings.Finding {
	out := make([]findings.Finding, 0, len(rep.Findings))
	for _, f := range rep.Findings {
		cf := findings.Finding{Code: f.Code, Severity: findings.Warning, Summary: f.Summary, Detail: f.Detail,
			Pos: findings.PosOf(f.Range), Subject: addressOrSchema(f), Doc: "docs/plan-rules/" + f.Code + ".md"}
		if f.Severity == SeverityError {
			cf.Severity = findings.Error
		}
		if a := f.Acknowledged; a != nil {
			cf.Acknowledged = a.Reason + " (" + a.Source + ")"
		}
		out = append(out, cf)
	}
	return out
}

// WriteJUnit writes JUnit XML: a test suite per table address (plus one for
// schema tables missing from the plan) with a test case per rule. A
// blocking finding is a failure; warnings and acknowledged findings pass
// with the finding in system-out.
func WriteJUnit(w io.Writer, rep *Report) error {
	doc := findings.JUnit{Name: "tfdyn plan"}
	byAddr := map[string][]Finding{}
	for _, f := range rep.Findings {
		byAddr[f.Address] = append(byAddr[f.Address], f)
	}
	addrs := []string{}
	for _, t := range rep.Tables {
		addrs = append(addrs, t.Address)
	}
	if _, ok := byAddr[""]; ok {
		addrs = append(addrs, "")
	}
	for _, addr := range addrs {
		suite := findings.JUnitSuite{Name: addr}
		if addr == "" {
			suite.Name = "schema"
		}
		for _, r := range Rules() {
			c := findings.JUnitCase{Name: r.Code + " " + r.Name, Classname: suite.Name}
			var out []string
			for _, f := range byAddr[addr] {
				if f.Code != r.Code {
					continue
				}
				text := f.Summary + "\n" + f.Detail
				if a := f.Acknowledged; a != nil {
					text += "\nAcknowledged (" + a.Source + "): " + a.Reason
				}
				if f.Blocking() {
					if c.Failure == nil {
						c.Failure = &findings.JUnitFailure{Message: f.Summary, Type: string(f.Family), Text: text}
					} else {
						c.Failure.Text += "\n\n" + text
					}
					continue
				}
				out = append(out, string(f.Severity)+": "+text)
			}
			c.SystemOut = strings.Join(out, "\n\n")
			suite.Cases = append(suite.Cases, c)
		}
		doc.Suites = append(doc.Suites, suite)
	}
	return findings.WriteJUnit(w, doc)
}

package verify

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/tfdyn/tfdyn/internal/findings"
)

// Report is the outcome of a verify run.
type Report struct {
	Schema      string          `json:"schema,omitempty"`
	Target      string          `json:"target"`
	Endpoint    string          `json:"endpoint,omitempty"`
	Provider    int             `json:"provider_major"`
	Tables      []TableReport   `json:"tables"`
	Emulated    []string        `json:"emulated,omitempty"`
	Steps       []Step          `json:"steps"`
	Conformance []Check         `json:"conformance"`
	Items       int             `json:"items_written"`
	Patterns    []PatternReport `json:"patterns"`
	Scale       []ScaleReport   `json:"scale,omitempty"`
	// Writes are the write patterns run live and AfterWrites the access
	// patterns run again on the written table (writes.go).
	Writes      []WriteReport   `json:"writes,omitempty"`
	AfterWrites []PatternReport `json:"after_writes,omitempty"`
	Notes       []string        `json:"notes,omitempty"`
	Passed      bool            `json:"passed"`
	Error       string          `json:"error,omitempty"`
	Kept        bool            `json:"kept,omitempty"`
	WorkDir     string          `json:"workdir,omitempty"`
	// LocalPID is the process of DynamoDB Local for the local target.
	LocalPID int `json:"local_pid,omitempty"`
	// ProviderPID is the provider process terraform attached to (local
	// target and endpoint), stopped at the end of the run.
	ProviderPID int           `json:"provider_pid,omitempty"`
	Duration    time.Duration `json:"duration_ns"`
	// Rejected lists the items DynamoDB refused to store.
	Rejected []Rejection `json:"rejected,omitempty"`
	// WriteCapacity compares the write units of every example item with the
	// estimate (capacity.go).
	WriteCapacity []WriteCheck `json:"write_capacity,omitempty"`
	// Generated are the contract tests of generated code (--gen,
	// generated.go).
	Generated []GeneratedReport `json:"generated,omitempty"`
}

// TableReport names a provisioned table.
type TableReport struct {
	Label string `json:"label"`
	Name  string `json:"name"`
}

// Step is one timed step of the run.
type Step struct {
	Name     string        `json:"name"`
	Duration time.Duration `json:"duration_ns"`
}

// PatternReport is the outcome of one access pattern.
type PatternReport struct {
	Name      string      `json:"name"`
	Operation string      `json:"operation"`
	Index     string      `json:"index"`
	Runs      []RunResult `json:"runs"`
	OK        bool        `json:"ok"`
	// Code is the code of Message (VF201) or Warning (VF207).
	Code    string `json:"code,omitempty"`
	Message string `json:"message,omitempty"`
	Warning string `json:"warning,omitempty"`
	// Pos is the access_pattern block.
	Pos *findings.Pos `json:"position,omitempty"`
}

// RunResult is one execution of a pattern with one input set.
type RunResult struct {
	Inputs   string        `json:"inputs"`
	Request  string        `json:"request"`
	Miss     bool          `json:"miss,omitempty"`
	Expected int           `json:"expected"`
	Returned int           `json:"returned"`
	Read     int           `json:"read"`
	Consumed float64       `json:"consumed_capacity"`
	Latency  time.Duration `json:"latency_ns"`
	OK       bool          `json:"ok"`
	Message  string        `json:"message,omitempty"`
	// Codes are the codes of the checks that failed, in Message's order.
	Codes []string `json:"codes,omitempty"`
	// Retries counts re-reads of a GSI that had not caught up yet.
	Retries int `json:"retries,omitempty"`
	// Estimated is the static estimate of the run's read units over the
	// items verify wrote (package cost; capacity.go), next to Consumed.
	Estimated float64 `json:"estimated_capacity"`
	// Local is what DynamoDB Local reports for the same read when its
	// accounting differs from AWS's (Estimated): a Query of a local
	// secondary index with a ProjectionExpression (localFetchUnits); 0
	// when they agree. On the local target Consumed is compared with it.
	Local float64 `json:"local_accounting,omitempty"`
	// Declared marks a run of an input set that declares its result
	// (returns, returns_count), made on the example items alone; Expected
	// is then the declared number of items.
	Declared bool `json:"declared,omitempty"`
	// Pos is the pattern's example block the inputs come from (nil for
	// inputs taken from example items): findings of the run point there.
	Pos *findings.Pos `json:"position,omitempty"`
}

// ScaleReport compares a pattern's reads before and after scaling the data.
type ScaleReport struct {
	Pattern        string  `json:"pattern"`
	Factor         int     `json:"factor"`
	ReadBefore     int     `json:"read_before"`
	ReadAfter      int     `json:"read_after"`
	ReturnedBefore int     `json:"returned_before"`
	ReturnedAfter  int     `json:"returned_after"`
	ConsumedBefore float64 `json:"consumed_before"`
	ConsumedAfter  float64 `json:"consumed_after"`
	OK             bool    `json:"ok"`
	// Code is the code of Message (VF301-VF304).
	Code    string `json:"code,omitempty"`
	Message string `json:"message,omitempty"`
}

func (r *Report) finish() {
	r.Passed = r.Error == ""
	for _, c := range r.Conformance {
		r.Passed = r.Passed && c.OK
	}
	for _, p := range r.Patterns {
		r.Passed = r.Passed && p.OK
	}
	for _, s := range r.Scale {
		r.Passed = r.Passed && s.OK
	}
	r.Passed = r.Passed && len(r.Rejected) == 0 && writesPassed(r.Writes)
	for _, w := range r.WriteCapacity {
		r.Passed = r.Passed && w.OK
	}
	for _, p := range r.AfterWrites {
		r.Passed = r.Passed && p.OK
	}
	r.Passed = r.Passed && generatedPassed(r.Generated)
}

// WriteText prints the report for people.
func (r *Report) WriteText(w io.Writer) {
	var names []string
	for _, t := range r.Tables {
		names = append(names, t.Name)
	}
	where := fmt.Sprintf("hashicorp/aws %d.x", r.Provider)
	if r.Endpoint != "" {
		where = r.Endpoint + ", " + where
	}
	fmt.Fprintf(w, "\ntfdyn verify: %s on %s (%s)\n", strings.Join(names, ", "), r.Target, where)
	if len(r.Conformance) > 0 {
		fmt.Fprintln(w, "\nConformance")
		for _, c := range r.Conformance {
			fmt.Fprintf(w, "  %s %s %s\n", mark(c.OK), c.Code, c.Name)
			if c.Detail != "" {
				fmt.Fprintf(w, "      %s\n", strings.ReplaceAll(c.Detail, "\n", "\n      "))
			}
		}
	}
	if len(r.Patterns) > 0 {
		fmt.Fprintf(w, "\nAccess patterns (%d items written)\n", r.Items)
		tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "  \tpattern\top\tindex\truns\treturned\tread\tRCU\tlatency")
		for _, p := range r.Patterns {
			ret, read, rcu := 0, 0, 0.0
			var lat time.Duration
			for _, run := range p.Runs {
				ret += run.Returned
				read += run.Read
				rcu += run.Consumed
				lat = max(lat, run.Latency)
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%d\t%d\t%d\t%.1f\t%s\n", mark(p.OK), p.Name, p.Operation, p.Index, len(p.Runs), ret, read, rcu, lat.Round(time.Millisecond))
		}
		tw.Flush()
		for _, p := range r.Patterns {
			if p.Message != "" {
				fmt.Fprintf(w, "\n  %s %s: %s\n", p.Code, p.Name, p.Message)
			}
			for _, run := range p.Runs {
				if !run.OK {
					kind := ""
					if run.Miss {
						kind = " (input that must find nothing)"
					}
					if run.Declared {
						kind = " (declared result)"
					}
					fmt.Fprintf(w, "\n  FAIL %s %s%s\n    inputs:  %s\n    request: %s\n    %s\n", strings.Join(run.Codes, " "), p.Name, kind, run.Inputs, run.Request, run.Message)
				}
			}
			if p.Warning != "" {
				fmt.Fprintf(w, "  warning: %s %s: %s\n", p.Code, p.Name, p.Warning)
			}
		}
	}
	writeCapacity(w, r.Patterns) // capacity.go
	writeWriteChecks(w, r.WriteCapacity)
	writeWritesText(w, r.Writes, r.AfterWrites)
	writeGeneratedText(w, r.Generated)
	if len(r.Scale) > 0 {
		fmt.Fprintln(w, "\nScale check")
		for _, s := range r.Scale {
			msg := s.Message
			if s.Code != "" {
				msg = s.Code + " " + msg
			}
			fmt.Fprintf(w, "  %s %s: read %d -> %d, returned %d -> %d, RCU %.1f -> %.1f %s\n", mark(s.OK), s.Pattern,
				s.ReadBefore, s.ReadAfter, s.ReturnedBefore, s.ReturnedAfter, s.ConsumedBefore, s.ConsumedAfter, msg)
		}
	}
	writeRejections(w, r.Rejected)
	for _, n := range r.Notes {
		fmt.Fprintf(w, "\nNote: %s\n", n)
	}
	if len(r.Emulated) > 0 {
		fmt.Fprintln(w, "\nEmulated by the local target (not checked against DynamoDB):")
		for _, e := range r.Emulated {
			fmt.Fprintf(w, "  - %s\n", e)
		}
	}
	if len(r.Steps) > 0 {
		fmt.Fprintln(w, "\nSteps")
		r.writeSteps(w)
	}
	if r.Kept {
		fmt.Fprintf(w, "\nKept: table(s) %s at %s", strings.Join(names, ", "), r.Endpoint)
		if r.WorkDir != "" {
			fmt.Fprintf(w, "; destroy with: terraform -chdir=%s destroy", r.WorkDir)
		}
		fmt.Fprintln(w)
	}
	switch {
	case r.Error != "":
		fmt.Fprintf(w, "\nError: %s\n", r.Error)
	case r.Passed:
		fmt.Fprintf(w, "\nPASS: %d access pattern(s), %d conformance check(s) in %.1fs\n", len(r.Patterns), len(r.Conformance), r.Duration.Seconds())
	case len(r.Rejected) > 0:
		fmt.Fprintf(w, "\nFAIL: DynamoDB rejected %d table(s) or item(s) that the schema allows; the access patterns did not run\n", len(r.Rejected))
	default:
		fmt.Fprintf(w, "\nFAIL: %s\n", r.failedSummary())
	}
}

// failedSummary counts what failed, per kind of check that failed: "1 of 3
// write pattern(s) failed" (the summary line named only access patterns
// and conformance checks, and read "0 of 1 access pattern(s) failed" when
// a write pattern failed).
func (r *Report) failedSummary() string {
	var parts []string
	count := func(n, of int, what string) {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d of %d %s", n, of, what))
		}
	}
	count(countFailed(r.Conformance, func(c Check) bool { return c.OK }), len(r.Conformance), "conformance check(s)")
	count(countFailed(r.Patterns, func(p PatternReport) bool { return p.OK }), len(r.Patterns), "access pattern(s)")
	count(countFailed(r.Scale, func(s ScaleReport) bool { return s.OK }), len(r.Scale), "scale check(s)")
	count(countFailed(r.WriteCapacity, func(c WriteCheck) bool { return c.OK }), len(r.WriteCapacity), "example item write(s) (capacity)")
	count(countFailed(r.Writes, func(w WriteReport) bool { return w.OK }), len(r.Writes), "write pattern(s)")
	count(countFailed(r.AfterWrites, func(p PatternReport) bool { return p.OK }), len(r.AfterWrites), "access pattern(s) after the write patterns")
	if len(parts) == 0 {
		return "the run did not pass"
	}
	return strings.Join(parts, ", ") + " failed"
}

// countFailed counts the elements that are not ok.
func countFailed[T any](xs []T, ok func(T) bool) int {
	n := 0
	for _, x := range xs {
		if !ok(x) {
			n++
		}
	}
	return n
}

func mark(ok bool) string {
	if ok {
		return "ok  "
	}
	return "FAIL"
}

// timing is the timing table of the steps, in the order they ended (steps
// that overlap each other each show their own time): the text report shows
// it, and every other format carries it (WriteJUnit, and through Output the
// GitHub log group, the Markdown section and SARIF's run properties).
func (r *Report) timing() *findings.Timing {
	t := &findings.Timing{Total: r.Duration}
	for _, s := range r.Steps {
		t.Steps = append(t.Steps, findings.Step{Name: s.Name, Duration: s.Duration})
	}
	return t
}

// writeSteps writes the timing table of the steps, a line per step.
func (r *Report) writeSteps(w io.Writer) { r.timing().WriteText(w) }

// Output is the report for the findings pipeline (package findings): every
// check kind as the rule list, the findings (Findings), the verdict and the
// run's figures as the Markdown title, the timing table, and verify's own
// text, JSON and JUnit forms.
func (r *Report) Output() *findings.Report {
	verdict := "passed"
	if !r.Passed {
		verdict = "FAILED"
	}
	out := &findings.Report{
		Command: "tfdyn verify",
		Title: fmt.Sprintf("tfdyn verify %s: %s (%d access patterns, %d checks, %d items, %.0f s)",
			r.Schema, verdict, len(r.Patterns), len(r.Conformance), r.Items, r.Duration.Seconds()),
		Findings: r.Findings(),
		Timing:   r.timing(),
		Own: map[string]func(io.Writer) error{
			"text": func(w io.Writer) error {
				r.WriteText(w)
				return nil
			},
			"json":  r.WriteJSON,
			"junit": r.WriteJUnit,
		},
	}
	for _, k := range checkKinds {
		out.Tool.Rules = append(out.Tool.Rules, findings.Rule{ID: k.Code, Name: k.Name, Short: k.Title, Doc: k.DocPath()})
	}
	return out
}

// WriteJSON writes the report as JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteJUnit writes the report as JUnit XML (package findings): a suite
// with one test case per conformance check, per access pattern, per
// rejected write and for an environment error; the suite's time is the
// run's and its system-out the timing table of the steps (none when the run
// stopped before its first step).
func (r *Report) WriteJUnit(w io.Writer) error {
	var steps strings.Builder
	if len(r.Steps) > 0 {
		steps.WriteString("Steps\n")
		r.writeSteps(&steps)
	}
	suite := findings.JUnitSuite{Name: "tfdyn verify " + r.Schema, Seconds: r.Duration.Seconds(), SystemOut: steps.String()}
	for _, c := range r.Conformance {
		tc := findings.JUnitCase{Name: c.Code + " " + c.Name, Classname: "conformance"}
		if !c.OK {
			tc.Failure = &findings.JUnitFailure{Message: c.Detail, Type: c.Code, Text: c.Detail}
		}
		suite.Cases = append(suite.Cases, tc)
	}
	for _, p := range r.Patterns {
		var d time.Duration
		for _, run := range p.Runs {
			d += run.Latency
		}
		tc := findings.JUnitCase{Name: p.Name, Classname: "access_pattern", Seconds: d.Seconds()}
		if !p.OK {
			tc.Failure = &findings.JUnitFailure{Message: "result differs from the schema's oracle", Type: strings.Join(patternCodes(p), " "), Text: strings.Join(patternMessages(p), "\n")}
		} else if p.Warning != "" {
			tc.SystemOut = "warning: " + p.Code + " " + p.Warning
		}
		suite.Cases = append(suite.Cases, tc)
	}
	for _, rj := range r.Rejected {
		name := "write " + rj.Entity + " {" + rj.Key + "}"
		if rj.Entity == "" {
			name = "create table " + rj.Table
		}
		suite.Cases = append(suite.Cases, findings.JUnitCase{Name: name, Classname: "dynamodb",
			Failure: &findings.JUnitFailure{Message: "DynamoDB rejected it (ValidationException)", Type: rj.Code, Text: rj.String()}})
	}
	if r.Error != "" {
		suite.Cases = append(suite.Cases, findings.JUnitCase{Name: "environment", Classname: "verify",
			Failure: &findings.JUnitFailure{Message: r.Error, Text: r.Error}})
	}
	return findings.WriteJUnit(w, findings.JUnit{Name: "tfdyn verify", Suites: []findings.JUnitSuite{suite}})
}

// patternCodes lists the codes of a failed pattern once each: its runs'
// codes, then the pattern's own.
func patternCodes(p PatternReport) []string {
	var codes []string
	for _, run := range p.Runs {
		for _, c := range run.Codes {
			if !slices.Contains(codes, c) {
				codes = append(codes, c)
			}
		}
	}
	if p.Code != "" && !slices.Contains(codes, p.Code) {
		codes = append(codes, p.Code)
	}
	return codes
}

// patternMessages lists why a pattern failed: each failed run, then the
// pattern's own message.
func patternMessages(p PatternReport) []string {
	var msgs []string
	for _, run := range p.Runs {
		if !run.OK {
			msgs = append(msgs, fmt.Sprintf("inputs %s: %s", run.Inputs, run.Message))
		}
	}
	if p.Message != "" {
		msgs = append(msgs, p.Message)
	}
	return msgs
}

// Findings lists the report's problems for the CI formats (package
// findings), each with its check's code and documentation page: failed
// conformance checks at their table block, failed patterns at their
// access_pattern block (one finding per code; again for the reads after
// the write patterns), warned patterns, scale
// findings, rejected writes at their example, and an environment error
// (no code: verify could not make its checks).
func (r *Report) Findings() []findings.Finding {
	var out []findings.Finding
	add := func(code string, sev findings.Severity, summary, detail string, pos *findings.Pos, subject string) {
		f := findings.Finding{Code: code, Severity: sev, Summary: summary, Detail: detail, Pos: pos, Subject: subject}
		if k, ok := CheckKindByCode(code); ok {
			f.Doc = k.DocPath()
		}
		out = append(out, f)
	}
	for _, c := range r.Conformance {
		if !c.OK {
			add(c.Code, findings.Error, "Live table differs from the schema: "+c.Name, c.Detail, c.Pos, "")
		}
	}
	// A failed check gives one finding per place: at the example block
	// whose inputs failed it, else at the access_pattern block.
	failed := func(p PatternReport, when string) {
		for _, code := range patternCodes(p) {
			k, _ := CheckKindByCode(code)
			var places []*findings.Pos
			msgs := map[*findings.Pos][]string{}
			at := func(pos *findings.Pos, msg string) {
				if pos == nil {
					pos = p.Pos
				}
				for _, q := range places {
					if q == pos || (q != nil && pos != nil && *q == *pos) {
						pos = q
					}
				}
				if _, ok := msgs[pos]; !ok {
					places = append(places, pos)
				}
				msgs[pos] = append(msgs[pos], msg)
			}
			for _, run := range p.Runs {
				if slices.Contains(run.Codes, code) {
					at(run.Pos, fmt.Sprintf("inputs %s: %s", run.Inputs, run.Message))
				}
			}
			if p.Code == code && p.Message != "" {
				at(nil, p.Message)
			}
			for _, pos := range places {
				add(code, findings.Error, "Access pattern "+p.Name+when+": "+k.Title, strings.Join(msgs[pos], " "), pos, p.Name)
			}
		}
	}
	for _, p := range r.Patterns {
		switch {
		case !p.OK:
			failed(p, "")
		case p.Warning != "":
			add(p.Code, findings.Warning, "Access pattern "+p.Name, p.Warning, p.Pos, p.Name)
		}
	}
	pos := map[string]*findings.Pos{}
	for _, p := range r.Patterns {
		pos[p.Name] = p.Pos
	}
	for _, sc := range r.Scale {
		switch {
		case !sc.OK:
			add(sc.Code, findings.Error, "Access pattern "+sc.Pattern+" reads more as the table grows", sc.Message, pos[sc.Pattern], sc.Pattern)
		case sc.Code != "":
			add(sc.Code, findings.Warning, "Access pattern "+sc.Pattern+" reads more as the table grows", sc.Message, pos[sc.Pattern], sc.Pattern)
		}
	}
	for _, rj := range r.Rejected {
		add(rj.Code, findings.Error, "DynamoDB rejected a write", rj.String(), rj.pos, rj.Entity)
	}
	for _, w := range r.Writes {
		for _, c := range w.Cases {
			if !c.OK {
				add(vfWritePattern, findings.Error, "Write pattern "+w.Name+": "+c.Case,
					fmt.Sprintf("%s with %s: expected %s, DynamoDB answered %s. %s", w.Operation, c.Inputs, c.Expected, c.Got, c.Message), w.Pos, w.Name)
			}
		}
	}
	for _, p := range r.AfterWrites {
		if !p.OK {
			failed(p, " (after the write patterns)")
		}
	}
	for _, f := range writeFindings(r.WriteCapacity) { // capacity.go
		add(vfWriteCapacity, f.Severity, f.Summary, f.Detail, f.Pos, f.Subject)
	}
	for _, w := range r.Writes {
		if c := w.Capacity; c != nil && !c.OK {
			add(vfWriteCallCap, findings.Error, "Write pattern "+w.Name+": write capacity differs from the estimate",
				fmt.Sprintf("The success case (%s) consumed %s WCU; the estimate for the items it changed is %s WCU%s.", w.Operation, unitsText(c.Measured), unitsText(c.Estimated), c.localText()), w.Pos, w.Name)
		}
	}
	out = append(out, generatedFindings(r.Generated)...)
	if r.Error != "" {
		out = append(out, findings.Finding{Severity: findings.Error, Summary: "verify could not finish", Detail: r.Error})
	}
	return out
}

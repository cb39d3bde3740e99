package findings

import (
	"fmt"
	"io"
)

// writeTextFormat writes the report for people, for a command without a
// text report of its own: a paragraph per finding (position or subject,
// severity, code and summary, the detail indented, the page to read), then
// the counts.
func writeTextFormat(w io.Writer, r *Report) error {
	ew := &errWriter{w: w}
	fs, _ := r.located()
	for _, f := range fs {
		where := f.Subject
		if p := f.Pos; p != nil {
			where = fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
		}
		if where == "" {
			where = r.Command
		}
		sev := string(f.Severity)
		if f.Acknowledged != "" {
			sev = "acknowledged " + sev
		}
		ew.printf("%s: %s: %s\n", where, sev, f.Title())
		if f.Detail != "" {
			ew.printf("  %s\n", f.Detail)
		}
		if f.Acknowledged != "" {
			ew.printf("  Acknowledged: %s\n", f.Acknowledged)
		}
		if f.Doc != "" {
			ew.printf("  See %s\n", f.Doc)
		}
	}
	errs, warns := Counts(fs)
	ew.printf("%s: %s, %s\n", r.Command, plural(errs, "error"), plural(warns, "warning"))
	return ew.err
}

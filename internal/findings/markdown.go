package findings

import (
	"fmt"
	"io"
	"strings"
)

// WriteMarkdown writes fs as a Markdown section for a job summary or a
// pull-request comment: a heading with title and the counts, then a table
// with one row per finding (severity, code linked to its page, position or
// subject, summary and detail).
func WriteMarkdown(w io.Writer, title string, fs []Finding) error {
	ew := &errWriter{w: w}
	errs, warns := Counts(fs)
	ew.printf("### %s: %s, %s\n\n", title, plural(errs, "error"), plural(warns, "warning"))
	if len(fs) == 0 {
		ew.printf("No findings.\n")
		return ew.err
	}
	ew.printf("| | Code | Where | Finding |\n|---|---|---|---|\n")
	for _, f := range fs {
		sev := string(f.Severity)
		if f.Acknowledged != "" {
			sev = "acknowledged " + sev
		}
		code := mdCell(f.Code)
		if f.Doc != "" && f.Code != "" {
			code = fmt.Sprintf("[%s](%s)", mdCell(f.Code), f.Doc)
		}
		where := ""
		if p := f.Pos; p != nil {
			where = fmt.Sprintf("`%s:%d:%d`", mdCell(p.File), p.Line, p.Column)
		}
		if f.Subject != "" {
			if where != "" {
				where += " "
			}
			where += "`" + mdCell(f.Subject) + "`"
		}
		text := "**" + mdCell(f.Summary) + "**"
		if f.Detail != "" {
			text += " — " + mdCell(f.Detail)
		}
		if f.Acknowledged != "" {
			text += " _Acknowledged: " + mdCell(f.Acknowledged) + "_"
		}
		ew.printf("| %s | %s | %s | %s |\n", sev, code, where, text)
	}
	return ew.err
}

// mdCell makes text safe inside a Markdown table cell.
func mdCell(s string) string {
	s = strings.NewReplacer("|", `\|`, "\r\n", "<br>", "\n", "<br>", "`", "'").Replace(s)
	return s
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// writeMarkdownFormat writes the report as a Markdown section headed by its
// title, then its timing table.
func writeMarkdownFormat(w io.Writer, r *Report) error {
	fs, _ := r.located()
	if err := WriteMarkdown(w, r.title(), fs); err != nil {
		return err
	}
	if r.Timing == nil || len(r.Timing.Steps) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n#### Steps (%.1f s in all; overlapping steps each show their own time)\n\n| Step | Seconds |\n|---|---:|\n", r.Timing.Total.Seconds())
	for _, s := range r.Timing.Steps {
		fmt.Fprintf(&b, "| %s | %.1f |\n", s.Name, s.Duration.Seconds())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

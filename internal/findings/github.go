package findings

import (
	"fmt"
	"io"
	"strings"
)

// WriteGitHub writes GitHub Actions workflow commands, one per finding:
// ::error for errors, ::warning for warnings, ::notice for notes and
// acknowledged findings. A finding with a position carries file, line,
// col, endLine and endColumn, so GitHub shows it on that line of the pull
// request; the title is "CODE summary".
func WriteGitHub(w io.Writer, fs []Finding) error {
	ew := &errWriter{w: w}
	for _, f := range fs {
		cmd := "warning"
		switch {
		case f.Acknowledged != "" || f.Severity == Note:
			cmd = "notice"
		case f.Severity == Error:
			cmd = "error"
		}
		var props []string
		if p := f.Pos; p != nil {
			props = append(props, "file="+ghProperty(p.File), fmt.Sprintf("line=%d", p.Line), fmt.Sprintf("col=%d", p.Column))
			if p.EndLine > 0 {
				props = append(props, fmt.Sprintf("endLine=%d", p.EndLine))
				if p.EndLine == p.Line && p.EndColumn > 0 {
					// GitHub takes endColumn only on a one-line annotation.
					props = append(props, fmt.Sprintf("endColumn=%d", p.EndColumn))
				}
			}
		}
		props = append(props, "title="+ghProperty(f.Title()))
		msg := f.Detail
		if f.Subject != "" {
			msg = f.Subject + ": " + msg
		}
		if f.Doc != "" {
			msg += " (" + f.Doc + ")"
		}
		if f.Acknowledged != "" {
			msg += "\nAcknowledged: " + f.Acknowledged
		}
		ew.printf("::%s %s::%s\n", cmd, strings.Join(props, ","), ghData(msg))
	}
	return ew.err
}

// ghData escapes a workflow command's message.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// writeGitHubFormat writes the report's findings as workflow commands, then
// its timing table as a folded group of the workflow log.
func writeGitHubFormat(w io.Writer, r *Report) error {
	fs, _ := r.located()
	if err := WriteGitHub(w, fs); err != nil {
		return err
	}
	if r.Timing == nil || len(r.Timing.Steps) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "::group::%s steps (%.1fs in all)\n", r.Command, r.Timing.Total.Seconds())
	r.Timing.WriteText(&b)
	b.WriteString("::endgroup::\n")
	_, err := io.WriteString(w, b.String())
	return err
}

package findings

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// report has what every format reads: a tool with its rule list, findings
// with and without a position, a file without findings, a timing table.
func report() *Report {
	return &Report{
		Command: "tfdyn check",
		Title:   "tfdyn check: blocked",
		Tool:    Tool{Name: "tfdyn", Version: "v1", InformationURI: "https://example.com/tfdyn", Rules: []Rule{{ID: "XX101", Name: "first", Doc: "docs/XX101.md"}}},
		Findings: []Finding{
			{Code: "XX101", Severity: Error, Summary: "Broken", Detail: "It broke.", Pos: &Pos{File: "/ws/a.hcl", Line: 2, Column: 3, EndLine: 2, EndColumn: 7}, Doc: "docs/XX101.md"},
			{Code: "XX102", Severity: Warning, Summary: "Odd", Detail: "It is odd.", Subject: "table.t"},
			{Code: "XX101", Severity: Error, Summary: "Accepted", Subject: "table.u", Acknowledged: "on purpose"},
		},
		Files:  []string{"/ws/a.hcl", "/ws/clean.hcl", "/elsewhere/b.hcl"},
		Timing: &Timing{Steps: []Step{{Name: "apply", Duration: 1500 * time.Millisecond}}, Total: 2 * time.Second},
		Root:   "/ws",
	}
}

// TestNewFormatIsOneRegistryLine: a format is a writer plus one line in
// the registry; Names, Usage and Write then offer it to every command, and
// a command's own form of a format still wins.
func TestNewFormatIsOneRegistryLine(t *testing.T) {
	saved := formats
	t.Cleanup(func() { formats = saved })
	formats = append(formats, Format{Name: "count", Help: "the number of findings", Write: func(w io.Writer, r *Report) error {
		_, err := fmt.Fprintf(w, "%d\n", len(r.Findings))
		return err
	}})
	require.Equal(t, []string{"text", "json", "github", "junit", "sarif", "markdown", "count"}, Names())
	require.True(t, strings.HasSuffix(Usage(), ", markdown (a job summary or pull-request comment) or count (the number of findings)"), Usage())
	var b bytes.Buffer
	require.NoError(t, Write(&b, "count", report()))
	require.Equal(t, "3\n", b.String())

	r := report()
	r.Own = map[string]func(io.Writer) error{"count": func(w io.Writer) error { _, err := io.WriteString(w, "own\n"); return err }}
	b.Reset()
	require.NoError(t, Write(&b, "count", r))
	require.Equal(t, "own\n", b.String())
	require.EqualError(t, Write(&b, "yaml", r), `findings: unknown format "yaml" (use text, json, github, junit, sarif, markdown, count)`)
}

func TestRegistry(t *testing.T) {
	require.Equal(t, []string{"text", "json", "github", "junit", "sarif", "markdown"}, Names())
	require.Equal(t, "text, json, github (Actions annotations), junit (JUnit XML), sarif (SARIF 2.1.0, code scanning) or markdown (a job summary or pull-request comment)", Usage())
	for _, f := range Formats() {
		require.NotNil(t, f.Write, f.Name)
	}
}

// TestFormatsOfAReport: every registered format writes the same report,
// with positions relative to Root (files elsewhere keep their path) and
// the timing table where the format has room for it.
func TestFormatsOfAReport(t *testing.T) {
	out := func(format string) string {
		t.Helper()
		var b bytes.Buffer
		require.NoError(t, Write(&b, format, report()))
		return b.String()
	}
	require.Equal(t, ""+
		"a.hcl:2:3: error: XX101 Broken\n  It broke.\n  See docs/XX101.md\n"+
		"table.t: warning: XX102 Odd\n  It is odd.\n"+
		"table.u: acknowledged error: XX101 Accepted\n  Acknowledged: on purpose\n"+
		"tfdyn check: 1 error, 1 warning\n", out("text"))
	require.JSONEq(t, `{"command": "tfdyn check", "blocked": true, "errors": 1, "warnings": 1, "findings": [
		{"code": "XX101", "severity": "error", "summary": "Broken", "detail": "It broke.", "position": {"file": "a.hcl", "line": 2, "column": 3, "end_line": 2, "end_column": 7}, "doc": "docs/XX101.md"},
		{"code": "XX102", "severity": "warning", "summary": "Odd", "detail": "It is odd.", "subject": "table.t"},
		{"code": "XX101", "severity": "error", "summary": "Accepted", "subject": "table.u", "acknowledged": "on purpose"}]}`, out("json"))
	require.Equal(t, ""+
		"::error file=a.hcl,line=2,col=3,endLine=2,endColumn=7,title=XX101 Broken::It broke. (docs/XX101.md)\n"+
		"::warning title=XX102 Odd::table.t: It is odd.\n"+
		"::notice title=XX101 Accepted::table.u: %0AAcknowledged: on purpose\n"+
		"::group::tfdyn check steps (2.0s in all)\n  apply                           1.5s\n::endgroup::\n", out("github"))
	junit := out("junit")
	require.Contains(t, junit, `<testsuites name="tfdyn check" tests="5" failures="1" skipped="0">`)
	require.Contains(t, junit, `<testsuite name="a.hcl" tests="1" failures="1" skipped="0">`)
	require.Contains(t, junit, `<testsuite name="clean.hcl" tests="1" failures="0" skipped="0">`)
	require.Contains(t, junit, `<testsuite name="/elsewhere/b.hcl" tests="1" failures="0" skipped="0">`)
	require.Contains(t, junit, `<testsuite name="tfdyn check" tests="2" failures="0" skipped="0">`)
	sarif := out("sarif")
	require.Contains(t, sarif, `"uri": "a.hcl"`)
	require.Contains(t, sarif, `"duration_seconds": 2`)
	require.Contains(t, sarif, `"steps": [`+"\n"+`          {`+"\n"+`            "name": "apply",`+"\n"+`            "seconds": 1.5`)
	require.Equal(t, "### tfdyn check: blocked: 1 error, 1 warning\n\n| | Code | Where | Finding |\n|---|---|---|---|\n"+
		"| error | [XX101](docs/XX101.md) | `a.hcl:2:3` | **Broken** — It broke. |\n"+
		"| warning | XX102 | `table.t` | **Odd** — It is odd. |\n"+
		"| acknowledged error | XX101 | `table.u` | **Accepted** _Acknowledged: on purpose_ |\n"+
		"\n#### Steps (2.0 s in all; overlapping steps each show their own time)\n\n| Step | Seconds |\n|---|---:|\n| apply | 1.5 |\n", out("markdown"))
}

func TestBlocks(t *testing.T) {
	r := report()
	require.True(t, r.Blocks())
	r.Findings = r.Findings[1:] // a warning and an acknowledged error
	require.False(t, r.Blocks())
	require.False(t, (&Report{}).Blocks())
}

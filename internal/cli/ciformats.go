package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/cobra"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/fsafe"
	"github.com/tfdyn/tfdyn/internal/lint"
)

// Every command that reports findings (validate, plan, verify, diff) hands
// them to the findings pipeline as a *findings.Report, with its rule list:
// --format offers every format of the registry (findings.Names), --summary
// and --junit write its Markdown and JUnit forms, and the exit code follows
// the one policy of findingsExit.

// homepage is tfdyn's repository: SARIF links rule pages under it.
const homepage = "https://github.com/tfdyn/tfdyn"

// docBase is where this binary's documentation pages are read: tfdyn's
// repository at the running version — the release tag of a `go install
// ...@vX.Y.Z` build, the commit of a pseudo-version or of a build from a
// checkout, else main. Summaries, annotations, SARIF and plan's text link
// rule pages under it (a path such as docs/plan-rules/DP202.md would point
// into the user's repository, where no such page exists).
func docBase() string {
	return homepage + "/blob/" + docRef(readBuildInfo())
}

// docRef is the git ref of tfdyn's sources a build was made from.
func docRef(bi buildInfo) string {
	v, _, _ := strings.Cut(bi.Version, "+") // +incompatible, +dirty
	if module.IsPseudoVersion(v) {
		if rev, err := module.PseudoVersionRev(v); err == nil {
			return rev
		}
	}
	if semver.IsValid(v) {
		return v
	}
	if bi.Revision != "" {
		return bi.Revision
	}
	return "main"
}

// registerFormat adds --format with every format of the registry.
func registerFormat(c *cobra.Command, format *string) {
	c.Flags().StringVar(format, "format", "text", "output format: "+findings.Usage())
}

// checkReportFormat checks a --format flag against the registry.
func checkReportFormat(format string) error { return checkFormat(format, findings.Names()...) }

// ciOptions are the CI outputs a command offers besides its --format:
// --summary appends a Markdown section to a file (GitHub's
// $GITHUB_STEP_SUMMARY), --junit writes a JUnit report to a file.
type ciOptions struct {
	summary string
	junit   string
}

func (o *ciOptions) register(c *cobra.Command) {
	c.Flags().StringVar(&o.summary, "summary", "", "also append a Markdown summary to FILE (for example $GITHUB_STEP_SUMMARY)")
	c.Flags().StringVar(&o.junit, "junit", "", "also write a JUnit XML report to FILE")
}

// output completes a command's report for writing: tfdyn and its version
// as the tool, positions relative to the CI workspace ($GITHUB_WORKSPACE),
// so that annotations and SARIF locations point at repository paths
// whatever directory the command ran in.
func output(r *findings.Report) *findings.Report {
	r.Tool.Name, r.Tool.Version, r.Tool.InformationURI, r.Tool.DocBase = "tfdyn", version(), homepage, docBase()
	r.Root = os.Getenv("GITHUB_WORKSPACE")
	return r
}

// findingsExit is the exit policy of a command's findings: ExitFindings
// (with the message, when one is given) when the report blocks — an error
// finding not acknowledged —, else nil.
func findingsExit(r *findings.Report, format string, args ...any) error {
	if !r.Blocks() {
		return nil
	}
	if format == "" {
		return exit(ExitFindings, nil)
	}
	return exitf(ExitFindings, format, args...)
}

// schemaOutput is the report of loading and linting a schema: every lint
// rule as the rule list, a case per schema file in JUnit, the diagnostics'
// own JSON, and as text the diagnostics with their source (hcl's layout,
// width and color for a terminal) and the counts.
func schemaOutput(s *hclschema.Schema, diags hcl.Diagnostics, width uint, color bool) *findings.Report {
	r := &findings.Report{Command: "tfdyn validate", Findings: findings.FromDiagnostics(diags), Files: schemaFiles(s),
		Own: map[string]func(io.Writer) error{
			"json": func(w io.Writer) error { return diag.WriteJSON(w, diags) },
			"text": func(w io.Writer) error { return writeDiagnosticsText(w, s, diags, width, color, "") },
		}}
	for _, rule := range lint.Rules() {
		r.Tool.Rules = append(r.Tool.Rules, findings.Rule{ID: string(rule.Code()), Name: rule.Name(), Doc: rule.Link()})
	}
	return output(r)
}

// schemaFiles lists the files of a schema, sorted.
func schemaFiles(s *hclschema.Schema) []string {
	var files []string
	if s != nil {
		for f := range s.Files {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	return files
}

// writeDiagnosticsText writes diagnostics for people, then the counts
// (after label, "schema/shop: " when a command reports several schemas);
// nothing without diagnostics.
func writeDiagnosticsText(w io.Writer, s *hclschema.Schema, diags hcl.Diagnostics, width uint, color bool, label string) error {
	if len(diags) == 0 {
		return nil
	}
	if err := diag.WriteText(w, s.Files, diags, width, color); err != nil {
		return err
	}
	errs, warns := 0, 0
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			errs++
		} else {
			warns++
		}
	}
	_, err := fmt.Fprintf(w, "%s%s, %s\n", label, plural(errs, "error"), plural(warns, "warning"))
	return err
}

// writeReports writes the --summary (Markdown) and --junit files of a
// command's report.
func (a *app) writeReports(o ciOptions, r *findings.Report) error {
	if o.summary != "" {
		f, err := os.OpenFile(o.summary, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return fmt.Errorf("--summary: %w", err)
		}
		if st, serr := f.Stat(); serr == nil && st.Size() > 0 {
			_, _ = f.WriteString("\n") // a blank line between sections
		}
		err = findings.Write(f, "markdown", r)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("--summary %s: %w", o.summary, err)
		}
	}
	if o.junit != "" {
		if err := a.writeReport(o.junit, func(w io.Writer) error { return findings.Write(w, "junit", r) }); err != nil {
			return fmt.Errorf("--junit: %w", err)
		}
	}
	return nil
}

// writeReport writes a report file whole or not at all (buffered, then
// fsafe.WriteFile), and nothing once the command is interrupted.
func (a *app) writeReport(path string, write func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	return a.commit(func() error { return fsafe.WriteFile(path, buf.Bytes(), 0o644) })
}

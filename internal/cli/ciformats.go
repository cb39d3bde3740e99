package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/cobra"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/fsafe"
	"github.com/tfdyn/tfdyn/internal/lint"
)

// CI output formats, written through package findings.
const (
	formatGitHub   = "github"
	formatJUnit    = "junit"
	formatSARIF    = "sarif"
	formatMarkdown = "markdown"
)

// homepage is tfdyn's repository: SARIF links rule pages under it.
const homepage = "https://github.com/tfdyn/tfdyn"

// docBase is where this binary's documentation pages are read: tfdyn's
// repository at the running version — the release tag of a `go install
// ...@vX.Y.Z` build, the commit of a pseudo-version or of a build from a
// checkout, else main. Summaries, annotations and SARIF link rule pages
// under it (a path such as docs/plan-rules/DP202.md would point into the
// user's repository, where no such page exists).
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

// ciFindings are findings as CI formats print them: repository paths
// (ciPaths) and documentation links at this version (docBase).
func ciFindings(fs []findings.Finding) []findings.Finding {
	return findings.Linked(ciPaths(fs), docBase())
}

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

// ciPaths rewrites the file of every finding relative to the CI
// workspace ($GITHUB_WORKSPACE, else the current directory), so that
// annotations and SARIF locations point at repository paths whatever
// directory the command ran in; files outside it keep their path.
func ciPaths(fs []findings.Finding) []findings.Finding {
	root := os.Getenv("GITHUB_WORKSPACE")
	if root == "" {
		return fs
	}
	out := make([]findings.Finding, len(fs))
	for i, f := range fs {
		out[i] = f
		if f.Pos == nil {
			continue
		}
		abs, err := filepath.Abs(f.Pos.File)
		if err != nil {
			continue
		}
		if rel, err := filepath.Rel(root, abs); err == nil && filepath.IsLocal(rel) {
			p := *f.Pos
			p.File = filepath.ToSlash(rel)
			out[i].Pos = &p
		}
	}
	return out
}

// lintTool describes tfdyn validate for SARIF: every lint rule.
func lintTool() findings.Tool {
	t := findings.Tool{Name: "tfdyn", Version: version(), InformationURI: homepage, DocBase: docBase()}
	for _, r := range lint.Rules() {
		t.Rules = append(t.Rules, findings.Rule{ID: string(r.Code()), Name: r.Name(), Doc: r.Link()})
	}
	return t
}

// writeSchemaFindings writes the diagnostics of a schema in a CI format.
func writeSchemaFindings(w io.Writer, format string, s *hclschema.Schema, diags hcl.Diagnostics) error {
	fs := ciFindings(findings.FromDiagnostics(diags))
	switch format {
	case formatGitHub:
		return findings.WriteGitHub(w, fs)
	case formatSARIF:
		return findings.WriteSARIF(w, lintTool(), fs)
	case formatMarkdown:
		return findings.WriteMarkdown(w, "tfdyn validate", fs)
	case formatJUnit:
		return findings.WriteJUnit(w, findings.JUnitByFile("tfdyn validate", schemaFiles(s), fs))
	}
	return fmt.Errorf("unknown format %q", format)
}

// schemaFiles lists the files of a schema, sorted, as CI paths.
func schemaFiles(s *hclschema.Schema) []string {
	var files []string
	if s != nil {
		for f := range s.Files {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	fs := make([]findings.Finding, len(files))
	for i, f := range files {
		fs[i].Pos = &findings.Pos{File: f}
	}
	for i, f := range ciPaths(fs) {
		files[i] = f.Pos.File
	}
	return files
}

// writeReports writes the --summary and --junit files of a command, with
// write(format, w) producing a format.
func (a *app) writeReports(o ciOptions, write func(format string, w io.Writer) error) error {
	if o.summary != "" {
		f, err := os.OpenFile(o.summary, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return fmt.Errorf("--summary: %w", err)
		}
		if st, serr := f.Stat(); serr == nil && st.Size() > 0 {
			_, _ = f.WriteString("\n") // a blank line between sections
		}
		err = write(formatMarkdown, f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("--summary %s: %w", o.summary, err)
		}
	}
	if o.junit != "" {
		if err := a.writeReport(o.junit, func(w io.Writer) error { return write(formatJUnit, w) }); err != nil {
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

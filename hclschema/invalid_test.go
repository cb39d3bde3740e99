package hclschema_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/lint"
)

// want is an expected diagnostic: a code at the start of its Subject.
type want struct {
	code      diag.Code
	line, col int
}

func (w want) String() string { return fmt.Sprintf("%s %d:%d", w.code, w.line, w.col) }

var wantLine = regexp.MustCompile(`^# want: (TD\d{3}) (\d+):(\d+)$`)

// readWants parses the "# want: CODE LINE:COL" lines that open a corpus file.
func readWants(t *testing.T, path string) []want {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []want
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "# want:") {
			break
		}
		m := wantLine.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("%s: malformed want line %q (want \"# want: TD004 12:15\")", path, line)
		}
		l, _ := strconv.Atoi(m[2])
		c, _ := strconv.Atoi(m[3])
		out = append(out, want{diag.Code(m[1]), l, c})
	}
	if len(out) == 0 {
		t.Fatalf("%s does not start with a \"# want: CODE LINE:COL\" line", path)
	}
	return out
}

func got(d *hcl.Diagnostic) want {
	return want{diag.CodeOf(d), d.Subject.Start.Line, d.Subject.Start.Column}
}

// checkDiagnostics loads one corpus file with lint and checks the
// diagnostics against its want lines: every diagnostic has a code and a
// Subject in the file, every want is reported exactly there, and every
// diagnostic of severity sev is wanted. It returns the diagnostics.
func checkDiagnostics(t *testing.T, path string, sev hcl.DiagnosticSeverity) hcl.Diagnostics {
	t.Helper()
	wants := readWants(t, path)
	s, diags := hclschema.Load(path)
	diags = append(diags, lint.Run(s)...)
	for _, d := range diags {
		if diag.CodeOf(d) == "" {
			t.Errorf("diagnostic without a code: %s", d.Error())
		}
		if d.Subject == nil {
			t.Errorf("diagnostic without a Subject: [%s] %s", diag.CodeOf(d), d.Error())
		} else if d.Subject.Filename != path {
			t.Errorf("diagnostic in another file %q: [%s] %s", d.Subject.Filename, diag.CodeOf(d), d.Error())
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	reported := map[want]bool{}
	for _, d := range diags {
		reported[got(d)] = true
	}
	wanted := map[want]bool{}
	for _, w := range wants {
		wanted[w] = true
		if !reported[w] {
			t.Errorf("missing %s; got:\n%s", w, list(diags))
		}
	}
	// A followon_* file checks that a mistake has no follow-on findings:
	// there, every diagnostic, warnings included, must be wanted.
	exact := strings.HasPrefix(filepath.Base(path), "followon_")
	for _, d := range diags {
		if (d.Severity == sev || exact) && !wanted[got(d)] {
			t.Errorf("unexpected [%s] at %d:%d: %s: %s", diag.CodeOf(d), d.Subject.Start.Line, d.Subject.Start.Column, d.Summary, d.Detail)
		}
	}
	return diags
}

func list(diags hcl.Diagnostics) string {
	var lines []string
	for _, d := range diags {
		lines = append(lines, fmt.Sprintf("  %s  %s", got(d), d.Summary))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func corpus(t *testing.T, pattern string) []string {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestInvalidCorpus loads every schema of testdata/invalid alone. Each holds
// one mistake and names the diagnostics it must produce; every error it
// produces must be wanted, so a new cascade or a new false positive fails.
// In followon_* files every warning must be wanted too.
func TestInvalidCorpus(t *testing.T) {
	files := corpus(t, filepath.Join("..", "testdata", "invalid", "*"+hclschema.FileSuffix))
	if len(files) < 45 {
		t.Fatalf("found %d invalid schemas, want at least 45", len(files))
	}
	covered := map[diag.Code]bool{}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), hclschema.FileSuffix)
		t.Run(name, func(t *testing.T) {
			diags := checkDiagnostics(t, path, hcl.DiagError)
			if !diags.HasErrors() {
				t.Errorf("no error-severity diagnostic; got:\n%s", list(diags))
			}
			for _, w := range readWants(t, path) {
				covered[w.code] = true
			}
		})
	}
	// Every code the loader reports for a file is covered (TD012, no files,
	// is tested in TestLoadDirectory).
	for _, c := range []diag.Code{hclschema.CodeSyntax, hclschema.CodeInvalidValue, hclschema.CodeDuplicate,
		hclschema.CodeUnknownReference, hclschema.CodeInvalidType, hclschema.CodeUnknownVariable,
		hclschema.CodeMissingKey, hclschema.CodeInvalidKeyAssignment, hclschema.CodeInvalidCondition,
		hclschema.CodeInvalidExample, hclschema.CodeInvalidTemplate} {
		if !covered[c] {
			t.Errorf("no corpus file wants loader code %s", c)
		}
	}
	// Every error-severity lint rule is covered.
	for _, r := range lint.Rules() {
		if r.Severity() == hcl.DiagError && !covered[r.Code()] {
			t.Errorf("no corpus file wants lint error %s (%s)", r.Code(), r.Name())
		}
	}
}

// TestWarningCorpus loads every schema of testdata/invalid/warnings: valid
// schemas that each earn one lint warning; every warning must be wanted and
// no error may appear.
func TestWarningCorpus(t *testing.T) {
	files := corpus(t, filepath.Join("..", "testdata", "invalid", "warnings", "*"+hclschema.FileSuffix))
	if len(files) == 0 {
		t.Fatal("no warning corpus")
	}
	covered := map[diag.Code]bool{}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), hclschema.FileSuffix)
		t.Run(name, func(t *testing.T) {
			diags := checkDiagnostics(t, path, hcl.DiagWarning)
			for _, d := range diags {
				if d.Severity == hcl.DiagError {
					t.Errorf("unexpected error [%s] at %d:%d: %s", diag.CodeOf(d), d.Subject.Start.Line, d.Subject.Start.Column, d.Summary)
				}
			}
			for _, w := range readWants(t, path) {
				covered[w.code] = true
			}
		})
	}
	for _, r := range lint.Rules() {
		if r.Severity() == hcl.DiagWarning && !covered[r.Code()] {
			t.Errorf("no warning corpus file wants %s (%s)", r.Code(), r.Name())
		}
	}
}

package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// ruleCase is one table-test case of a rule: a schema and the exact findings
// it must produce, each as "CODE severity line:col-line:col `subject text`".
type ruleCase struct {
	name string
	src  string
	want []string
}

// load parses src and fails the test when the loader reports any error.
func load(t *testing.T, src string) *hclschema.Schema {
	t.Helper()
	s, ds := hclschema.LoadSource("test.tfdyn.hcl", []byte(src))
	for _, d := range ds {
		t.Errorf("loader: [%s] %s: %s (%v)", diag.CodeOf(d), d.Summary, d.Detail, d.Subject)
	}
	require.False(t, ds.HasErrors(), "the loader must accept the test schema")
	return s
}

// finding renders a diagnostic for comparison: code, severity, subject range
// and the source text the range covers.
func finding(s *hclschema.Schema, d *hcl.Diagnostic) string {
	sev := "error"
	if d.Severity == hcl.DiagWarning {
		sev = "warning"
	}
	if d.Subject == nil {
		return fmt.Sprintf("%s %s (no subject)", diag.CodeOf(d), sev)
	}
	r := d.Subject
	text := ""
	if f := s.Files[r.Filename]; f != nil && r.End.Byte <= len(f.Bytes) {
		text = string(f.Bytes[r.Start.Byte:r.End.Byte])
	}
	return fmt.Sprintf("%s %s %d:%d-%d:%d `%s`", diag.CodeOf(d), sev, r.Start.Line, r.Start.Column, r.End.Line, r.End.Column, text)
}

// runRuleCases runs r on every case and compares the exact findings; it also
// checks the shape of every diagnostic (code, summary, detail).
func runRuleCases(t *testing.T, r Rule, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, tc.src)
			diags := r.Check(s)
			got := []string{}
			for _, d := range diags {
				got = append(got, finding(s, d))
				require.Equal(t, r.Code(), diag.CodeOf(d))
				require.Equal(t, r.Severity(), d.Severity)
				require.NotEmpty(t, d.Summary)
				require.False(t, strings.HasSuffix(d.Summary, "."), "summary %q ends with a period", d.Summary)
				require.True(t, strings.HasSuffix(d.Detail, "."), "detail %q is not full sentences", d.Detail)
			}
			want := tc.want
			if want == nil {
				want = []string{}
			}
			require.Equal(t, want, got)
			// Run reports the same findings for this rule's code.
			var fromRun []string
			for _, d := range Run(s) {
				if diag.CodeOf(d) == r.Code() {
					fromRun = append(fromRun, finding(s, d))
				}
			}
			if fromRun == nil {
				fromRun = []string{}
			}
			require.Equal(t, want, fromRun)
		})
	}
}

// detailOf returns the detail of the only finding of r on src.
func detailOf(t *testing.T, r Rule, src string) string {
	t.Helper()
	s := load(t, src)
	diags := r.Check(s)
	require.Len(t, diags, 1, "want exactly one finding")
	return diags[0].Detail
}

package verify_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/verify"
)

// TestVerifyKeepsNegativeExamples: an example declared to find nothing
// (returns = [], the case that proves an index sparse) passes live, before
// and after the write patterns (issue 27, item 1: it failed with VF251).
// Without the declaration, the same example fails VF251, and the finding
// points at the example block, not at the access_pattern line.
func TestVerifyKeepsNegativeExamples(t *testing.T) {
	t.Parallel()
	env := tftest.Env(t)
	src, err := os.ReadFile(filepath.Join("testdata", "sparse-negative", "accounts.tfdyn.hcl"))
	require.NoError(t, err)
	cases := []struct {
		name string
		edit [2]string
		pass bool
	}{
		{"declared_empty", [2]string{}, true},
		{"undeclared_empty", [2]string{"    status  = \"ACTIVE\"\n    returns = []\n", "    status  = \"ACTIVE\"\n"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tftest.Parallel(t)
			text := string(src)
			if c.edit[0] != "" {
				require.Equal(t, 1, strings.Count(text, c.edit[0]))
				text = strings.Replace(text, c.edit[0], c.edit[1], 1)
			}
			dir := t.TempDir()
			file := filepath.Join(dir, "accounts.tfdyn.hcl")
			require.NoError(t, os.WriteFile(file, []byte(text), 0o644))
			s := load(t, dir)
			rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: dir, Env: env,
				ProviderMajor: providerFor(t, env, s), Items: 10})
			require.NoError(t, err)
			var out bytes.Buffer
			rep.WriteText(&out)
			assertCleanedUp(t, rep)
			if c.pass {
				require.True(t, rep.Passed, out.String())
				require.Len(t, rep.Patterns, 1)
				require.Empty(t, rep.Patterns[0].Warning, out.String())
				return
			}
			require.False(t, rep.Passed, out.String())
			var got []findings.Finding
			for _, f := range rep.Findings() {
				if f.Code == "VF251" {
					got = append(got, f)
				}
			}
			require.Len(t, got, 1, out.String())
			// The second example block of accounts_in_status (line 48).
			require.Equal(t, &findings.Pos{File: file, Line: 48, Column: 3, EndLine: 48, EndColumn: 10}, got[0].Pos)
			require.Equal(t, "Access pattern accounts_in_status: A pattern's own example inputs find no item", got[0].Summary)
			require.Contains(t, got[0].Detail, `the pattern's own example inputs find no item: check the sparse condition of entity Account in GSI GSI1 at `)
		})
	}
}

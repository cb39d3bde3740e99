package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// publishedDir holds the designs AWS publishes, re-modelled as tfdyn
// schemas (issue 30): each validates, emits and verifies live as written.
const publishedDir = "../../testdata/published"

// validateCodes runs tfdyn validate --format json on path and returns its
// exit code and every diagnostic as "CODE line:col".
func validateCodes(t *testing.T, path string) (int, []string) {
	t.Helper()
	code, stdout, stderr := runCLI("validate", "--format", "json", path)
	var out struct {
		Diagnostics []struct {
			Code  string `json:"code"`
			Range struct {
				Start struct{ Line, Column int } `json:"start"`
			} `json:"range"`
		} `json:"diagnostics"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &out), "%s\n%s", stdout, stderr)
	got := []string{}
	for _, d := range out.Diagnostics {
		got = append(got, fmt.Sprintf("%s %d:%d", d.Code, d.Range.Start.Line, d.Range.Start.Column))
	}
	return code, got
}

// TestValidatePublishedDesigns: the three published designs validate with
// no finding left (equipment_versions accepts TD111 knowingly), and the
// choices they depart from the publication in are the ones lint proves
// wrong: put the published form back and the exact findings return.
func TestValidatePublishedDesigns(t *testing.T) {
	for _, name := range []string{"online_shop", "device_state_log", "equipment_versions"} {
		t.Run(name, func(t *testing.T) {
			code, got := validateCodes(t, filepath.Join(publishedDir, name))
			require.Equal(t, 0, code)
			require.Equal(t, []string{}, got)
		})
	}

	src, err := os.ReadFile(filepath.Join(publishedDir, "equipment_versions", "equipment_versions.tfdyn.hcl"))
	require.NoError(t, err)
	edit := func(t *testing.T, s, old, repl string) string {
		t.Helper()
		require.Contains(t, s, old)
		return strings.Replace(s, old, repl, 1)
	}
	write := func(t *testing.T, s string) string {
		t.Helper()
		p := filepath.Join(t.TempDir(), "equipment_versions.tfdyn.hcl")
		require.NoError(t, os.WriteFile(p, []byte(s), 0o644))
		return p
	}
	t.Run("equipment_versions/without-accept", func(t *testing.T) {
		s := string(src)
		s = s[:strings.Index(s, "\naccept \"TD111\"")] + "\n"
		code, got := validateCodes(t, write(t, s))
		require.Equal(t, 0, code) // a warning only
		require.Equal(t, []string{"TD111 100:5"}, got)
	})
	t.Run("equipment_versions/as-published", func(t *testing.T) {
		s := edit(t, string(src), `SK = "v${format("%010d", Version)}"`, `SK = "v${Version}"`)
		s = edit(t, s, `SK = gt("v0")`, `SK = begins_with("v")`)
		code, got := validateCodes(t, write(t, s))
		require.Equal(t, 1, code)
		require.Equal(t, []string{"TD110 69:14", "TD112 109:5", "TD136 113:15"}, got)
	})
}

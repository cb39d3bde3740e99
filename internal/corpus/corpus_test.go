package corpus

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tftest"
)

var update = flag.Bool("update", false, "rewrite testdata/verdicts.txt")

// cases extracts the corpus, skipping the test under -short when the
// provider's module cannot be had (no network, no module cache).
func cases(t *testing.T) []Case {
	t.Helper()
	tftest.Live() // go mod download reads the module cache
	dir, err := ModuleDir()
	if err != nil {
		if testing.Short() {
			t.Skipf("corpus not available: %v", err)
		}
		t.Fatalf("%v (make setup downloads it)", err)
	}
	cs, err := Extract(dir, Files)
	require.NoError(t, err)
	return cs
}

// TestCorpusVerdicts imports every table of every configuration of the
// corpus and compares what import does with the committed list: a table
// is accepted, or refused with a coded diagnostic at a position of its
// file (never an uncoded or unpositioned one). A change of verdict fails
// until the list is refreshed with -update and the diff reviewed.
func TestCorpusVerdicts(t *testing.T) {
	var lines []string
	accepted, refused, skipped := 0, 0, 0
	for _, c := range cases(t) {
		var results []Result
		if c.Skip == "" {
			dir := filepath.Join(t.TempDir(), c.Name)
			require.NoError(t, Write(dir, c))
			results = Verdicts(dir, c)
		} else {
			skipped++
		}
		for _, r := range results {
			switch {
			case r.Verdict == "accepted":
				accepted++
			case strings.HasPrefix(r.Verdict, "refused "):
				refused++
				require.NotContains(t, r.Verdict, "UNCODED", "%s %s: every refusal has a code", c.Name, r.Address)
				require.NotContains(t, r.Verdict, "unpositioned", "%s %s: every refusal has a position", c.Name, r.Address)
			case r.Verdict == "no table":
			default:
				t.Errorf("%s %s: %s", c.Name, r.Address, r.Verdict)
			}
		}
		lines = append(lines, Line(c, results)...)
	}
	got := strings.Join(lines, "\n") + "\n"
	t.Logf("corpus: %d tables accepted, %d refused, %d configurations not extracted", accepted, refused, skipped)
	path := filepath.Join("testdata", "verdicts.txt")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "go test ./internal/corpus -run TestCorpusVerdicts -update writes it")
	require.Equal(t, string(want), got, "the verdicts changed: review, then go test ./internal/corpus -run TestCorpusVerdicts -update")
}

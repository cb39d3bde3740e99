package fuzz

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tftest"
)

// TestFuzzScriptClassifies pins how scripts/fuzz.sh judges a failed
// `go test -fuzz` run: only Go 1.26's coordinator deadline race (a bare
// "context deadline exceeded" as the target's only failure, nothing written)
// is run again; a crasher, a test failure that also hit the deadline, or a
// build failure fails the job.
func TestFuzzScriptClassifies(t *testing.T) {
	tftest.Live() // bash runs scripts/fuzz.sh
	for log, want := range map[string]string{
		"deadline-race.log":          "race",
		"crasher.log":                "fail",
		"deadline-while-failing.log": "fail",
		"build-failure.log":          "fail",
	} {
		t.Run(log, func(t *testing.T) {
			out, err := exec.Command("bash", "../../scripts/fuzz.sh", "--classify",
				filepath.Join("testdata", "fuzzlogs", log)).CombinedOutput()
			require.NoError(t, err, string(out))
			require.Equal(t, want, strings.TrimSpace(string(out)))
		})
	}
}

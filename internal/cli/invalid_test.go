package cli

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestValidateReportsEveryBadCase runs `tfdyn validate` on every schema in
// testdata/invalid: each must exit non-zero and print each wanted code at
// its file:line:col.
func TestValidateReportsEveryBadCase(t *testing.T) {
	files, err := filepath.Glob("../../testdata/invalid/*.tfdyn.hcl")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 40)
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".tfdyn.hcl"), func(t *testing.T) {
			wants := wantLines(t, f)
			require.NotEmpty(t, wants)
			var stdout, stderr bytes.Buffer
			code := RunContext(context.Background(), []string{"validate", f}, nil, &stdout, &stderr)
			require.NotEqual(t, ExitOK, code, stderr.String())
			for _, w := range wants {
				require.Contains(t, stderr.String(), w, "exit %d", code)
			}
		})
	}
}

// wantLines turns "# want: TD004 12:15" lines into "FILE:12:15: [TD004]".
func wantLines(t *testing.T, path string) []string {
	t.Helper()
	fh, err := os.Open(path)
	require.NoError(t, err)
	defer fh.Close()
	var out []string
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "#") {
			break
		}
		var code, pos string
		if n, _ := fmt.Sscanf(line, "# want: %s %s", &code, &pos); n == 2 {
			out = append(out, fmt.Sprintf("%s:%s: [%s]", path, pos, code))
		}
	}
	return out
}

package cli

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestUnifiedDiff: fmt -diff's output is what diff -u prints, also for a
// file without a newline at its end.
func TestUnifiedDiff(t *testing.T) {
	d, err := unifiedDiff("a.tfdyn.hcl", []byte("x {\ny=1\n}"), []byte("x {\n  y = 1\n}\n"))
	require.NoError(t, err)
	require.Equal(t, "--- a.tfdyn.hcl.orig\n+++ a.tfdyn.hcl\n@@ -1,3 +1,3 @@\n x {\n-y=1\n-}\n\\ No newline at end of file\n+  y = 1\n+}\n", d)
	d, err = unifiedDiff("a.tfdyn.hcl", []byte("same\n"), []byte("same\n"))
	require.NoError(t, err)
	require.Equal(t, "", d)
}

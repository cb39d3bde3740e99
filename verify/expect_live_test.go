package verify_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/verify"
)

// TestVerifyLatestOverUnpaddedNumbers: the design of issue 18 that verify
// used to pass ("ok latest_version"): the live read returns v2, so the
// declared result fails, and the limit keeps v2 although v10 is the latest.
func TestVerifyLatestOverUnpaddedNumbers(t *testing.T) {
	env := tftest.Env(t)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "docs.tfdyn.hcl"), []byte(latestVersion), 0o644))
	s := load(t, dir)
	rep, err := verify.Run(context.Background(), verify.Options{Schema: s, SchemaPath: dir, Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 10})
	require.NoError(t, err)
	var text bytes.Buffer
	rep.WriteText(&text)
	out := text.String()
	require.False(t, rep.Passed, out)
	require.Len(t, rep.Patterns, 1)
	require.False(t, rep.Patterns[0].OK, out)
	require.Contains(t, out, "FAIL VF261 latest_version (declared result)")
	require.Contains(t, out, `Expected Version["v10"]; the pattern returns Version["v2"].`)
	require.Contains(t, out, `Version["v2"] comes before Version["v10"] in descending order because SK "v2" > "v10" (strings compare byte by byte, so "10" sorts before "2" although 10 > 2 as numbers)`)
	require.Contains(t, out, "limit = 1 keeps ")
	assertCleanedUp(t, rep)
}

package verify_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/verify"
)

// TestVerifyLimitEndingInEqualSortKeys: patterns whose limit ends the read
// inside a run of equal sort keys (a GSI read descending, an LSI read
// ascending, with generated players besides the examples) pass live
// whichever of the run's items DynamoDB returns, and so does an expectation
// that declares another choice than the oracle's own (issue 27: such reads
// failed VF204 when DynamoDB's order of the run differed from the oracle's
// primary-key order).
func TestVerifyLimitEndingInEqualSortKeys(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	s := load(t, "testdata/limit-ties")
	rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: "testdata/limit-ties", Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 1})
	require.NoError(t, err)
	var out bytes.Buffer
	rep.WriteText(&out)
	assertCleanedUp(t, rep)
	require.True(t, rep.Passed, out.String())
	require.Len(t, rep.Patterns, 2, out.String())
	for _, p := range rep.Patterns {
		require.NotEmpty(t, p.Runs, p.Name)
		for _, run := range p.Runs {
			require.True(t, run.OK, "%s %s: %s", p.Name, run.Inputs, run.Message)
		}
	}
}

package verify_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/verify"
)

// TestVerifyEnumSchema runs testdata/enum live on DynamoDB Local: an enum
// status in a sparse GSI key, an optional enum in a filter and an update
// that sets the status from an input. Generated items and the write's
// inputs hold only enum values, and DynamoDB, the oracle and the declared
// results agree.
func TestVerifyEnumSchema(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	const dir = "testdata/enum"
	s := load(t, dir)
	require.False(t, lint.Run(s).HasErrors(), lint.Run(s).Error())
	rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: dir, Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 12})
	var text bytes.Buffer
	if rep != nil {
		rep.WriteText(&text)
	}
	require.NoError(t, err, text.String())
	require.True(t, rep.Passed, text.String())
	require.Len(t, rep.Writes, 1, text.String())
	require.Equal(t, []string{
		"success: ok -> ok",
		"repeat: ConditionalCheckFailedException -> ConditionalCheckFailedException",
	}, caseOutcomes(rep.Writes[0]), text.String())
	require.NotEmpty(t, rep.AfterWrites)
	assertCleanedUp(t, rep)
}

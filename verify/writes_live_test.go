package verify_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/lint"
	"github.com/tfdyn/tfdyn/verify"
)

// caseOutcomes renders a write report as "case: expected -> got" lines.
func caseOutcomes(w verify.WriteReport) []string {
	var out []string
	for _, c := range w.Cases {
		out = append(out, c.Case+": "+c.Expected+" -> "+c.Got)
	}
	return out
}

// TestVerifyWritePatterns runs the write patterns of testdata/writes live
// on DynamoDB Local: the success case, the repeat (duplicate put, stale
// version) and the unique e-mail's violation, each matching the oracle,
// then the reads again on the written table.
func TestVerifyWritePatterns(t *testing.T) {
	env := tftest.Env(t)
	const dir = "testdata/writes"
	s := load(t, dir)
	require.False(t, lint.Run(s).HasErrors(), lint.Run(s).Error())
	rep, err := verify.Run(context.Background(), verify.Options{Schema: s, SchemaPath: dir, Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 5})
	var text bytes.Buffer
	if rep != nil {
		rep.WriteText(&text)
	}
	require.NoError(t, err, text.String())
	require.Len(t, rep.Writes, 3, text.String())
	got := map[string][]string{}
	for _, w := range rep.Writes {
		got[w.Name] = caseOutcomes(w)
	}
	require.Equal(t, map[string][]string{
		"register_customer": {
			"success: ok -> ok",
			"repeat: TransactionCanceledException [ConditionalCheckFailed, ConditionalCheckFailed] -> TransactionCanceledException [ConditionalCheckFailed, ConditionalCheckFailed]",
			"unique email: TransactionCanceledException [None, ConditionalCheckFailed] -> TransactionCanceledException [None, ConditionalCheckFailed]",
		},
		"update_order_status": {
			"success: ok -> ok",
			"repeat: ConditionalCheckFailedException -> ConditionalCheckFailedException",
		},
		"place_order": {
			"success: ok -> ok",
			"repeat: TransactionCanceledException [ConditionalCheckFailed, None] -> TransactionCanceledException [ConditionalCheckFailed, None]",
		},
	}, got, text.String())
	require.True(t, rep.Passed, text.String())
	require.NotEmpty(t, rep.AfterWrites)
	assertCleanedUp(t, rep)
}

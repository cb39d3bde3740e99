package verify_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
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

// TestVerifyWritePatternsBroken runs a broken copy of testdata/writes
// live: the version condition removed (a lost update) and the e-mail no
// longer declared unique. Each break fails with the write pattern, the
// operation and what happened; generated customers then share e-mails and
// customer_by_email (cardinality one) fails.
func TestVerifyWritePatternsBroken(t *testing.T) {
	env := tftest.Env(t)
	src, err := os.ReadFile("testdata/writes/shop.tfdyn.hcl")
	require.NoError(t, err)
	broken := string(src)
	for _, cut := range []string{
		"    condition = version == input.expected_version\n",
		"  unique = [\"email\"]\n",
	} {
		require.Contains(t, broken, cut)
		broken = strings.Replace(broken, cut, "", 1)
	}
	path := filepath.Join(t.TempDir(), "shop.tfdyn.hcl")
	require.NoError(t, os.WriteFile(path, []byte(broken), 0o644))
	s := load(t, path)
	rep, err := verify.Run(context.Background(), verify.Options{Schema: s, SchemaPath: path, Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 5})
	var text bytes.Buffer
	if rep != nil {
		rep.WriteText(&text)
	}
	require.NoError(t, err, text.String())
	require.False(t, rep.Passed, text.String())
	msgs := map[string]string{}
	for _, w := range rep.Writes {
		for _, c := range w.Cases {
			if !c.OK {
				msgs[w.Name+" "+c.Case] = c.Message
			}
		}
	}
	require.Equal(t, map[string]string{
		"update_order_status repeat": `UpdateItem of write pattern "update_order_status" with the same inputs again succeeded, but the pattern declares repeat = "fails": no condition refuses a duplicate or a stale version`,
		"register_customer repeat":   `PutItem of write pattern "register_customer" with the same inputs again succeeded, but the pattern declares repeat = "fails": no condition refuses a duplicate or a stale version`,
	}, msgs, text.String())
	// The repeated register put a second customer with the same e-mail:
	// customer_by_email, read again after the writes, returns two.
	var byEmail []string
	for _, p := range rep.AfterWrites {
		for _, run := range p.Runs {
			if !run.OK && p.Name == "customer_by_email" {
				byEmail = append(byEmail, run.Inputs+": "+run.Message)
			}
		}
	}
	require.Equal(t, []string{`email="al@example.com" : the pattern is declared cardinality = "one" but DynamoDB returns 2 items for these inputs`}, byEmail, text.String())
}

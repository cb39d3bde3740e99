package verify_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/verify"
)

// TestInvertedGSIUnpaddedNumber runs one design end to end through lint and
// a live verify: its GSI ByAuthor reuses the table's sort key SK, which the
// key block writes with an unpadded number. The order the design means is
// read from the key block's template (hclschema's KeyTemplateFor: a GSI
// key attribute that is a table key attribute), so lint proves with the
// examples that the limit keeps the wrong versions (TD139 at the limit),
// and verify sees DynamoDB return the versions out of that order (VF253 at
// versions_by_author) and the limit keep the wrong ones (VF254 at
// latest_by_author). Both were silent while the oracle had no template for SK in a
// GSI.
func TestInvertedGSIUnpaddedNumber(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "invalid", "lint_limit_order_inverted_gsi.tfdyn.hcl")
	s := load(t, path)
	var got []string
	for _, d := range lint.Run(s) {
		if d.Subject != nil && d.Subject.Filename == path {
			got = append(got, string(diag.CodeOf(d))+" "+itoa(d.Subject.Start.Line)+":"+itoa(d.Subject.Start.Column)+"-"+itoa(d.Subject.End.Line)+":"+itoa(d.Subject.End.Column))
		}
	}
	require.Equal(t, []string{"TD110 23:15-23:22", "TD139 52:11-52:12"}, got)

	env := tftest.Env(t)
	rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: path, Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 10})
	require.NoError(t, err)
	var text bytes.Buffer
	rep.WriteText(&text)
	out := text.String()
	require.False(t, rep.Passed, out)
	codes := map[string][]string{}
	for _, p := range rep.Patterns {
		for _, run := range p.Runs {
			if !run.OK {
				codes[p.Name] = append(codes[p.Name], strings.Join(run.Codes, " "))
			}
		}
	}
	require.Equal(t, map[string][]string{"latest_by_author": {"VF254"}, "versions_by_author": {"VF253"}}, codes, out)
	require.Contains(t, out, `items of entity Version come back out of the order their sort key template promises: {PK="DOC#guide" SK="V#9"} ("V#", 9) before {PK="DOC#guide" SK="V#11"} ("V#", 11)`)
	at := map[string]findings.Pos{}
	for _, f := range rep.Findings() {
		require.NotNil(t, f.Pos, f.Code)
		at[f.Code] = *f.Pos
	}
	require.Equal(t, map[string]findings.Pos{
		"VF254": {File: path, Line: 45, Column: 1, EndLine: 45, EndColumn: 34},
		"VF253": {File: path, Line: 55, Column: 1, EndLine: 55, EndColumn: 36},
	}, at, out)
	assertCleanedUp(t, rep)
}

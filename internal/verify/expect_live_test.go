package verify_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/verify"
)

// TestVerifyLatestOverUnpaddedNumbers: the design of issue 18 that verify
// used to pass ("ok latest_version"): the live read returns v2, so the
// declared result fails, and the limit keeps v2 although v10 is the latest.
func TestVerifyLatestOverUnpaddedNumbers(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "docs.tfdyn.hcl"), []byte(latestVersion), 0o644))
	s := load(t, dir)
	rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: dir, Env: env,
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

// TestVerifyStressDataFindsWhatExamplesHide: designs whose examples all
// look right. Versions 1, 2 and 3 have one digit, so the unpadded
// "latest version" returns v3 as declared; verify's generated versions
// (9, 10, 99, 100, ...) show that the limit keeps the wrong item. A version
// padded to two digits with an example of 100 fails the width check live.
func TestVerifyStressDataFindsWhatExamplesHide(t *testing.T) {
	t.Parallel()
	env := tftest.Env(t)
	cases := []struct {
		name  string
		edits [][2]string
		want  []string
	}{
		{"unpadded_latest", [][2]string{{"version = 10\n", "version = 3\n"}, {`example["v10"]`, `example["v3"]`}, {`example "v10"`, `example "v3"`}},
			[]string{"FAIL VF254 latest_version\n", `limit = 1 keeps Version {PK = "DOC#readme", SK = "v9999"} but leaves out Version {PK = "DOC#readme", SK = "v10000"}, which comes first by the sort key's own values`}},
		{"width_too_small", [][2]string{{`SK = "v${version}"`, `SK = "v${format("%02d", version)}"`}, {"version = 10\n", "version = 100\n"}},
			[]string{"FAIL VF255 latest_version\n", `item {PK="DOC#readme" SK="v100"} of entity Version: format("%02d", version) in SK = "v${format("%02d", version)}" gives 100, which does not fit 2 digits`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tftest.Parallel(t)
			text := latestVersion
			for _, e := range c.edits {
				require.Equal(t, 1, strings.Count(text, e[0]), e[0])
				text = strings.Replace(text, e[0], e[1], 1)
			}
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "docs.tfdyn.hcl"), []byte(text), 0o644))
			s := load(t, dir)
			rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: dir, Env: env,
				ProviderMajor: providerFor(t, env, s), Items: 10})
			require.NoError(t, err)
			var out bytes.Buffer
			rep.WriteText(&out)
			require.False(t, rep.Passed, out.String())
			require.Len(t, rep.Patterns, 1)
			require.False(t, rep.Patterns[0].OK)
			// The example items alone return what the pattern declares.
			require.NotContains(t, out.String(), "(declared result)")
			for _, w := range c.want {
				require.Contains(t, out.String(), w)
			}
			assertCleanedUp(t, rep)
		})
	}
}

// TestVerifyPrefixBoundaryOnGeneratedData: every example comment is on
// issue 1, so begins_with(SK, "ISSUE#${number}") returns what the examples
// expect and lint finds nothing; verify's generated comments on issues 10,
// 100, ... come back for issue 1 and fail the pattern with VF256.
func TestVerifyPrefixBoundaryOnGeneratedData(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	dir := filepath.Join("testdata", "prefix")
	s := load(t, dir)
	rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: dir, Env: env,
		ProviderMajor: providerFor(t, env, s), Items: 10})
	require.NoError(t, err)
	var text bytes.Buffer
	rep.WriteText(&text)
	out := text.String()
	require.False(t, rep.Passed, out)
	require.Len(t, rep.Patterns, 1)
	var codes []string
	for _, run := range rep.Patterns[0].Runs {
		if !run.OK {
			codes = append(codes, strings.Join(run.Codes, " "))
		}
	}
	require.Equal(t, []string{"VF256"}, codes, out)
	require.Contains(t, out, "FAIL VF256 comments_for_issue\n")
	require.Regexp(t, `Comment \{PK = "REPO#rocket", SK = "ISSUE#10+#C#[^"]+"\} matches begins_with\(SK, "ISSUE#1"\) although its number is 10+, not 1`, out)
	assertCleanedUp(t, rep)
}

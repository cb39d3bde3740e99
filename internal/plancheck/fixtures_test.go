package plancheck_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/plancheck"
)

// fixtureWants lists the findings expected from each fixture under
// testdata/plans (code and address; the golden file holds the text).
func fixtureWants() map[string][]want {
	m := map[string][]want{"clean": nil, "spec_global": nil,
		// The full tables as applied on DynamoDB Local: the global table
		// without its replica and witness, which the schema declares.
		"spec": {{code: "DP404", address: "aws_dynamodb_table.global", words: []string{"the replica in us-west-2 of the schema is not in the plan", "witness region"}}}}
	var rules []want
	for _, c := range liveCases() {
		for _, w := range c.want {
			w.address = "aws_dynamodb_table." + c.label
			rules = append(rules, w)
		}
	}
	m["rules"] = rules
	m["gsi-kept"] = keptWants()
	m["edited"] = []want{
		{code: "DP101", address: "aws_dynamodb_table.legacy (deposed object 0f1e2d3c)", words: []string{"deposed", "create_before_destroy"}},
		{code: "DP102", address: "aws_dynamodb_table.requested", words: []string{"requested with -replace", "create_before_destroy the create fails"}},
		{code: "DP203", address: `module.db.aws_dynamodb_table.app["eu"]`, words: []string{`from partition key ("sellerId", "region"), sort key "orderDate" to partition key ("sellerId", "country")`}},
		{code: "DP102", address: "module.outer.module.db.aws_dynamodb_table.app[0]", words: []string{`LSI "ByDate" changed (sort key "orderDate" → "createdAt")`, `LSI "ByTotal" added`}},
	}
	return m
}

// TestFixtures checks every plan under testdata/plans (real `terraform show
// -json` output, see testdata/plans/README.md) with the schema and
// acknowledgements next to it, and compares the text report with the
// golden file <name>.golden (refresh with -update).
func TestFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "plans", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	wants := fixtureWants()
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			plan, err := plancheck.LoadPlanJSON(f)
			require.NoError(t, err)
			opts := plancheck.Options{}
			base := strings.TrimSuffix(f, ".json")
			if _, err := os.Stat(base + ".tfdyn.hcl"); err == nil {
				s, diags := hclschema.Load(base + ".tfdyn.hcl")
				require.False(t, diags.HasErrors(), diags.Error())
				opts.Schema = s
			}
			if _, err := os.Stat(base + ".acks.hcl"); err == nil {
				acks, _, diags := plancheck.LoadAckFile(base + ".acks.hcl")
				require.False(t, diags.HasErrors(), diags.Error())
				opts.Acks = acks
			}
			rep, err := plancheck.CheckPlan(plan, opts)
			require.NoError(t, err)
			if name == "shapes" {
				wants[name] = shapesWants(strings.Contains(string(mustRead(t, f)), `"module.mc"`))
			}
			if w, ok := wants[name]; ok {
				requireFindings(t, rep, w...)
			}
			var buf bytes.Buffer
			require.NoError(t, plancheck.WriteText(&buf, rep))
			golden(t, base+".golden", buf.Bytes())
			if name == "edited" {
				// The machine formats, on a plan with acknowledged,
				// blocking and unused-acknowledgement cases.
				for _, format := range []string{"json", "github", "junit"} {
					buf.Reset()
					require.NoError(t, findings.Write(&buf, format, rep.Output()))
					golden(t, base+"."+format+".golden", buf.Bytes())
				}
			}
		})
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

// golden compares got with the file, or rewrites it with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "missing golden file: run go test ./internal/plancheck -run TestFixtures -update")
	require.Equal(t, string(want), string(got), "%s is stale: run go test ./internal/plancheck -run TestFixtures -update and review the diff", path)
}

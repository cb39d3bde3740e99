package golang_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/gen/golang"
)

// contractEnv creates, on a DynamoDB Local of target's endpoint, one
// empty table per table of schema s, named prefix-<label>, and returns the
// environment of a contract test run against them.
func contractEnv(t *testing.T, endpoint string, c dynamoCreator, s *hclschema.Schema, prefix string) []string {
	t.Helper()
	env := []string{golang.ContractEndpointEnv + "=" + endpoint, "AWS_ACCESS_KEY_ID=" + dynamo.LocalAccessKey, "AWS_SECRET_ACCESS_KEY=" + dynamo.LocalAccessKey, "AWS_REGION=" + dynamo.DefaultEndpointRegion}
	for _, tb := range s.Tables {
		name := prefix + "-" + tb.Label
		c(t, tb, name)
		env = append(env, golang.ContractTableVar(tb.Label)+"="+name)
	}
	return env
}

type dynamoCreator func(t *testing.T, tb *hclschema.Table, name string)

// runContract runs the contract test of the package in dir (a package of
// tfdyn's module) with env and returns its output and whether it passed.
func runContract(t *testing.T, dir string, env []string) (string, bool) {
	t.Helper()
	cmd := exec.Command("go", "test", "-tags", golang.ContractTag, "-run", "^TestContract$", "-count=1", "-v", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err == nil
}

// TestContractLive runs the contract test of every committed generated
// package against DynamoDB Local, each on fresh tables: the examples'
// items written through the generated writers, every pattern's input sets
// read through the generated readers and compared with the oracle, every
// write pattern's cases answered with the typed errors, the query
// builders, and the calls made equal to the application's IAM policy.
func TestContractLive(t *testing.T) {
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	create := func(t *testing.T, tb *hclschema.Table, name string) {
		_, err := client.CreateTable(ctx, dynamo.CreateTableInput(tb.Spec(), name))
		require.NoError(t, err)
	}
	for _, g := range generated {
		t.Run(g.pkg, func(t *testing.T) {
			s, diags := hclschema.Load(g.schema)
			require.False(t, diags.HasErrors(), diags.Error())
			env := contractEnv(t, target.Endpoint(), create, s, g.pkg)
			out, ok := runContract(t, g.dir, env)
			require.True(t, ok, "the contract test of %s failed:\n%s", g.pkg, out)
			require.Contains(t, out, "--- PASS: TestContract", out)
			if len(s.Patterns) > 0 {
				require.Contains(t, out, "--- PASS: TestContract/iam-policy", out)
			}
			require.NotContains(t, out, "SKIP")
			_ = strings.Contains
			_ = filepath.Join
		})
	}
}

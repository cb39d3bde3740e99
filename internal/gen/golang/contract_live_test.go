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
		})
	}
}

// userModule makes a Go module in a temporary directory that requires the
// SDK at tfdyn's version and resolves it offline from the module cache;
// packages generated under it build as in a user's module.
func userModule(t *testing.T) string {
	t.Helper()
	mod := t.TempDir()
	gomod := "module example.com/app\n\ngo 1.23\n\nrequire github.com/aws/aws-sdk-go-v2/service/dynamodb " + sdkVersion(t) + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(mod, "go.mod"), []byte(gomod), 0o644))
	sum, err := os.ReadFile("../../../go.sum")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(mod, "go.sum"), sum, 0o644))
	return mod
}

// goIn runs the go command in dir, offline.
func goIn(t *testing.T, dir string, env []string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append([]string{"GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local"}, env...)...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// failedSteps returns the subtests of TestContract that failed, in order.
func failedSteps(out string) []string {
	var failed []string
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		if name, ok := strings.CutPrefix(l, "--- FAIL: TestContract/"); ok {
			failed = append(failed, strings.Fields(name)[0])
		}
	}
	return failed
}

// TestContractBrokenCopies: the generated code of each write-broken copy
// of examples/ecommerce (internal/verify/testdata/writes-broken) fails its
// contract test the way tfdyn verify fails the schema
// (TestVerifyBrokenWriteCopies): the repeat a condition no longer refuses,
// and the e-mail lookup that finds two customers after the writes.
func TestContractBrokenCopies(t *testing.T) {
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	create := func(t *testing.T, tb *hclschema.Table, name string) {
		_, err := client.CreateTable(ctx, dynamo.CreateTableInput(tb.Spec(), name))
		require.NoError(t, err)
	}
	// The e-mail lookup after the writes, for each of its input sets: the
	// pattern's example (ALICE@...) and the customers' own e-mails.
	byEmail := []string{"after/customer_by_email/1", "after/customer_by_email/2"}
	want := map[string][]string{
		"no_duplicate_check": {"write/place_order/repeat"},
		"no_version_check":   {"write/update_order_status/repeat"},
		"email_not_unique":   append([]string{"write/register_customer/repeat"}, byEmail...),
		"email_split":        byEmail,
	}
	mod := userModule(t)
	for name := range want {
		t.Run(name, func(t *testing.T) {
			schema := filepath.Join("..", "..", "verify", "testdata", "writes-broken", name)
			s, diags := hclschema.Load(schema)
			require.False(t, diags.HasErrors(), diags.Error())
			dir := filepath.Join(mod, name)
			require.NoError(t, os.MkdirAll(dir, 0o755))
			files, gd := golang.Generate(s, golang.Options{Package: "shopdb", Schema: schema})
			require.False(t, gd.HasErrors(), gd.Error())
			for n, b := range files {
				require.NoError(t, os.WriteFile(filepath.Join(dir, n), b, 0o644))
			}
			env := contractEnv(t, target.Endpoint(), create, s, name)
			if out, err := goIn(t, mod, nil, "mod", "tidy"); err != nil {
				t.Fatalf("go mod tidy: %v\n%s", err, out)
			}
			out, err := goIn(t, dir, env, "test", "-tags", golang.ContractTag, "-run", "^TestContract$", "-count=1", "-v", ".")
			require.Error(t, err, "the contract test of the broken copy %s passed:\n%s", name, out)
			require.Equal(t, want[name], failedSteps(out), out)
		})
	}
}

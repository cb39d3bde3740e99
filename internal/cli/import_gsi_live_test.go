package cli

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/adopt"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tfprovider/tfprovidertest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// handMixed is a table with GSI "by-customer" inline and GSI "ByStatus" an
// aws_dynamodb_global_secondary_index resource of its own.
const handMixed = "../adopt/testdata/handoff/mixed"

// TestLiveImportGSIHandOff applies the mixed table on DynamoDB Local with
// hashicorp/aws 6 and adopts it twice. With tfdyn import's hand-off and
// emit --gsi-resources, the first plan only moves ByStatus, imports
// by-customer ("shop-orders,by-customer") and creates emit's outputs, and
// after one apply the plan is empty. With the hand-off toward inline blocks
// (emit without --gsi-resources), Terraform forgets the GSI resource, the
// table plans no change, and both indexes are still there after the apply.
func TestLiveImportGSIHandOff(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	tftest.RequireProvider(t, env, emit.ProviderGSIResourcesConstraint)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	tmp := t.TempDir()
	tf := func(dir string, args ...string) string {
		start := time.Now()
		out := tftest.Terraform(t, env, dir, append(args, "-input=false", "-no-color")...)
		t.Logf("terraform %s: %s", args[0], time.Since(start).Round(100*time.Millisecond))
		if args[0] == "init" {
			tfprovidertest.Attach(t, env, dir) // later commands attach to one provider
		}
		return out
	}
	infra := filepath.Join(tmp, "infra")
	require.NoError(t, os.MkdirAll(infra, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(infra, "main.tf"), []byte(readFile(t, filepath.Join(handMixed, "main.tf"))), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(infra, "provider.tf"), []byte(target.ProviderBlock()), 0o644))
	tf(infra, "init")
	tf(infra, "apply", "-auto-approve")
	inline := filepath.Join(tmp, "infra-inline")
	require.NoError(t, os.MkdirAll(inline, 0o755))
	for _, f := range []string{"provider.tf", "terraform.tfstate", ".terraform.lock.hcl"} {
		require.NoError(t, os.WriteFile(filepath.Join(inline, f), []byte(readFile(t, filepath.Join(infra, f))), 0o644))
	}

	// tfdyn import's hand-off, emitted with --gsi-resources.
	schema := filepath.Join(tmp, "schema")
	code, out, _ := runTfdyn(t, "import", "--from-tf", infra, "-o", schema)
	require.Equal(t, 0, code)
	require.Contains(t, out, "wrote "+filepath.Join(infra, "tfdyn_import_orders.tf")+" (the table stays at aws_dynamodb_table.orders; 2 GSIs to their resources)\n")
	require.NoError(t, os.Remove(filepath.Join(infra, "main.tf")))
	code, _, _ = runTfdyn(t, "emit", schema, "-o", infra, "--gsi-resources")
	require.Equal(t, 0, code)
	// The table has no stream: its stream ARN output stays null.
	outputs := func(changes map[string]string) map[string]string {
		changes = withNewOutputs("orders", changes)
		changes["output.dynamodb_orders_stream_arn"] = "no-op"
		return changes
	}
	require.Equal(t, outputs(map[string]string{
		"aws_dynamodb_table.orders":                              "no-op",
		"aws_dynamodb_global_secondary_index.orders_ByStatus":    "no-op (moved from aws_dynamodb_global_secondary_index.by_status)",
		"aws_dynamodb_global_secondary_index.orders_by_customer": "no-op (imported shop-orders,by-customer)",
	}), planChanges(t, env, infra, 2))
	tf(infra, "apply", "-auto-approve")
	planOut, err := tftest.TerraformErr(env, infra, "plan", "-detailed-exitcode", "-input=false", "-no-color")
	require.Equal(t, 0, tftest.ExitCode(err), "after the hand-off, the plan must be empty:\n%s", planOut)

	// The hand-off toward inline blocks: removed with destroy = false.
	m, diags, err := adopt.ReadTF(handMixed)
	require.NoError(t, err)
	require.Empty(t, diags)
	tb, diags := m.FromTF(m.Tables[0])
	require.Empty(t, diags)
	handOff, err := adopt.TF(tb, emit.Names{Local: "orders"}, false)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(inline, "tfdyn_import_orders.tf"), handOff, 0o644))
	code, _, _ = runTfdyn(t, "emit", schema, "-o", inline)
	require.Equal(t, 0, code)
	tf(inline, "init")
	require.Equal(t, outputs(map[string]string{
		"aws_dynamodb_table.orders":                     "no-op",
		"aws_dynamodb_global_secondary_index.by_status": "forget",
	}), planChanges(t, env, inline, 2))
	tf(inline, "apply", "-auto-approve")
	planOut, err = tftest.TerraformErr(env, inline, "plan", "-detailed-exitcode", "-input=false", "-no-color")
	require.Equal(t, 0, tftest.ExitCode(err), "after the hand-off, the plan must be empty:\n%s", planOut)
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	desc, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("shop-orders")})
	require.NoError(t, err)
	var indexes []string
	for _, g := range desc.Table.GlobalSecondaryIndexes {
		indexes = append(indexes, aws.ToString(g.IndexName))
	}
	sort.Strings(indexes)
	require.Equal(t, []string{"ByStatus", "by-customer"}, indexes)
}

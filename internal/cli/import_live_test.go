package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tfprovider/tfprovidertest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

var updateState = flag.Bool("update", false, "rewrite internal/adopt/testdata/orders/state.json from the live adoption test")

// handOrders is the hand-written table of the adoption test: two GSIs (one
// with a 2+2 multi-attribute key), an LSI, a stream, TTL, PITR and tags,
// next to an unrelated resource.
const handOrders = "../adopt/testdata/orders/main.tf"

// runTfdyn runs tfdyn with args and returns exit code, stdout and stderr.
func runTfdyn(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := RunContext(context.Background(), args, nil, &out, &errOut)
	t.Logf("tfdyn %s: exit %d\n%s%s", strings.Join(args, " "), code, out.String(), errOut.String())
	return code, out.String(), errOut.String()
}

// withoutHeader drops the schema's first line (it names the source).
func withoutHeader(t *testing.T, path string) string {
	t.Helper()
	src := readFile(t, path)
	return src[strings.Index(src, "\n")+1:]
}

// TestLiveImportAdoption is issue 10's adoption test on DynamoDB Local with
// hashicorp/aws 6: a hand-written table is applied and some items written;
// tfdyn import from the .tf file, from terraform show -json and from the
// live endpoint each write a schema that validates; emitted (with the
// generated moved or import block where the address changes) once the
// hand-written block is gone, each plans no change to the table: the first
// terraform plan -detailed-exitcode exits 2 with only the move or import and
// the creation of emit's outputs, tfdyn plan reports nothing, and after one
// apply the plan exits 0.
func TestLiveImportAdoption(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	tftest.RequireProvider(t, env, emit.Provider6Constraint)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	tmp := t.TempDir()

	infra := filepath.Join(tmp, "infra")
	require.NoError(t, os.MkdirAll(infra, 0o755))
	hand := readFile(t, handOrders)
	require.NoError(t, os.WriteFile(filepath.Join(infra, "main.tf"), []byte(hand), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(infra, "provider.tf"), []byte(target.ProviderBlock()), 0o644))
	tf := func(dir string, args ...string) string {
		start := time.Now()
		out := tftest.Terraform(t, env, dir, append(args, "-input=false", "-no-color")...)
		t.Logf("terraform %s: %s", args[0], time.Since(start).Round(100*time.Millisecond))
		if args[0] == "init" {
			tfprovidertest.Attach(t, env, dir) // later commands attach to one provider
		}
		return out
	}
	tf(infra, "init")
	tf(infra, "apply", "-auto-approve")

	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	for _, item := range []map[string]types.AttributeValue{
		{"PK": avS("USER#alice"), "SK": avS("PROFILE"), "username": avS("alice"), "email": avS("alice@example.com")},
		{"PK": avS("USER#bob"), "SK": avS("PROFILE"), "username": avS("bob"), "email": avS("bob@example.com")},
		{"PK": avS("USER#alice"), "SK": avS("ORDER#2024-05-01#o-1"), "orderId": avS("o-1"), "orderDate": avS("2024-05-01"),
			"tenantId": avS("t1"), "region": avS("eu"), "createdAt": avN("1714521600"), "status": avS("OPEN"), "total": avN("42.5"),
			"GSI1PK": avS("ORDER#o-1"), "GSI1SK": avS("ORDER#o-1"), "expiresAt": avN("1893456000")},
		{"PK": avS("USER#bob"), "SK": avS("ORDER#2024-05-02#o-2"), "orderId": avS("o-2"), "orderDate": avS("2024-05-02"),
			"tenantId": avS("t1"), "region": avS("us"), "createdAt": avN("1714608000"), "status": avS("SHIPPED"), "total": avN("7"),
			"GSI1PK": avS("ORDER#o-2"), "GSI1SK": avS("ORDER#o-2")},
	} {
		_, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("adopt-orders"), Item: item})
		require.NoError(t, err)
	}

	// A copy of the module with its state, for the second adoption.
	infraMoved := filepath.Join(tmp, "infra-moved")
	require.NoError(t, os.MkdirAll(infraMoved, 0o755))
	for _, f := range []string{"main.tf", "provider.tf", "terraform.tfstate", ".terraform.lock.hcl"} {
		copyFile(t, filepath.Join(infra, f), filepath.Join(infraMoved, f))
	}

	// 1. From the .tf file: the label is the resource's name, so the emitted
	// resource keeps the address and no moved block is needed.
	fromTF := filepath.Join(tmp, "schema-tf")
	code, out, _ := runTfdyn(t, "import", "--from-tf", infra, "-o", fromTF)
	require.Equal(t, 0, code)
	require.Contains(t, out, "no moved block needed: the table stays at aws_dynamodb_table.orders\n")
	require.Contains(t, out, "next: remove resource \"aws_dynamodb_table\" \"orders\" ("+filepath.Join(infra, "main.tf")+":11), then: tfdyn emit "+fromTF+" -o "+infra+"\n")
	code, _, _ = runTfdyn(t, "validate", fromTF)
	require.Equal(t, 0, code)
	tfSchema := filepath.Join(fromTF, "orders.tfdyn.hcl")

	// 2. From terraform show -json: the same schema.
	state := filepath.Join(tmp, "state.json")
	stateJSON := tftest.Terraform(t, env, infra, "show", "-json")
	require.NoError(t, os.WriteFile(state, []byte(stateJSON), 0o644))
	if *updateState {
		var buf bytes.Buffer
		require.NoError(t, json.Indent(&buf, []byte(stateJSON), "", " "))
		buf.WriteByte('\n')
		require.NoError(t, os.WriteFile("../adopt/testdata/orders/state.json", buf.Bytes(), 0o644))
	}
	fromState := filepath.Join(tmp, "schema-state")
	code, _, _ = runTfdyn(t, "import", "--from-state", state, "--address", "aws_dynamodb_table.orders", "-o", fromState, "--tf-out", infraMoved)
	require.Equal(t, 0, code)
	code, _, _ = runTfdyn(t, "validate", fromState)
	require.Equal(t, 0, code)
	require.Equal(t, withoutHeader(t, tfSchema), withoutHeader(t, filepath.Join(fromState, "orders.tfdyn.hcl")),
		"the schema from state must equal the schema from the .tf file")

	// 3. From the live table, with entity proposals from its items.
	fromLive, liveTF := filepath.Join(tmp, "schema-live"), filepath.Join(tmp, "tf-live")
	require.NoError(t, os.MkdirAll(liveTF, 0o755))
	code, out, _ = runTfdyn(t, "import", "--table", "adopt-orders", "--endpoint", target.Endpoint(), "-o", fromLive, "--tf-out", liveTF)
	require.Equal(t, 0, code)
	require.Contains(t, out, `(table "adopt-orders", 2 proposed entities from 4 sampled items;`)
	code, _, _ = runTfdyn(t, "validate", fromLive)
	require.Equal(t, 0, code)
	live := readFile(t, filepath.Join(fromLive, "adopt_orders.tfdyn.hcl"))
	for _, want := range []string{
		`# Proposal: inferred from 2 items with partition key prefix "USER#" and sort key prefix "ORDER#".` + "\nentity \"Order\" {",
		`# Proposal: inferred from 2 items with partition key prefix "USER#" and sort key prefix "PROFILE".` + "\nentity \"Profile\" {",
		`PK = "USER#${username}"`,
		`SK = "PROFILE"`,
		`SK = "ORDER#${order}"`,
		"  index \"GSI1\" {\n    GSI1PK = \"ORDER#${orderId}\"\n    GSI1SK = \"ORDER#${orderId}\"\n  }\n",
		`createdAt = number`,
		`expiresAt = optional(number)`,
	} {
		require.Contains(t, live, want)
	}
	s, diags := hclschema.Load(fromLive)
	require.False(t, diags.HasErrors(), "%s", diags.Error())
	require.Equal(t, []string{"Order", "Profile"}, []string{s.Entities[0].Name, s.Entities[1].Name})
	tableOnly := func(src string) string {
		src = src[strings.Index(src, "\ntable \""):]
		return src[strings.Index(src, " {\n"):strings.Index(src, "\n}\n")]
	}
	require.Equal(t, tableOnly(readFile(t, tfSchema)), tableOnly(live), "the live table block must equal the one from the .tf file")
	code, _, _ = runTfdyn(t, "import", "--table", "adopt-orderz", "--endpoint", target.Endpoint(), "-o", fromLive, "--tf-out", liveTF)
	require.Equal(t, 2, code, "a table that does not exist")

	handWithout := hand[:strings.Index(hand, `resource "aws_dynamodb_table" "orders"`)] + hand[strings.Index(hand, `resource "terraform_data"`):]
	noFindings := func(dir, schema string) {
		t.Helper()
		code, out, _ := runTfdyn(t, "plan", "--dir", dir, "--schema", schema, "--format", "json")
		require.Equal(t, 0, code)
		var rep struct {
			Findings []json.RawMessage `json:"findings"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
		require.Empty(t, rep.Findings, "tfdyn plan must report nothing:\n%s", out)
	}

	// Adoption at the same address: the hand-written block goes, emit writes
	// aws_dynamodb_table.orders, and the first plan changes no resource: it
	// only adds emit's outputs, which -detailed-exitcode counts (2); once
	// applied (outputs saved), the plan is empty (0).
	require.NoError(t, os.WriteFile(filepath.Join(infra, "main.tf"), []byte(handWithout), 0o644))
	code, _, _ = runTfdyn(t, "emit", fromTF, "-o", infra)
	require.Equal(t, 0, code)
	require.Equal(t, withNewOutputs("orders", map[string]string{"aws_dynamodb_table.orders": "no-op", "terraform_data.unrelated": "no-op"}), planChanges(t, env, infra, 2))
	noFindings(infra, fromTF)
	tf(infra, "apply", "-auto-approve")
	planOut, err := tftest.TerraformErr(env, infra, "plan", "-detailed-exitcode", "-input=false", "-no-color")
	require.Equal(t, 0, tftest.ExitCode(err), "after the first apply the plan must be empty:\n%s", planOut)

	// Adoption under another label: the moved block hands the table over.
	// Terraform's -detailed-exitcode counts a move as a change (2) although
	// the table is unchanged; once applied, the plan is empty (0).
	fromMoved := filepath.Join(tmp, "schema-moved")
	code, out, _ = runTfdyn(t, "import", "--from-state", state, "--label", "adopt_orders", "-o", fromMoved, "--tf-out", infraMoved)
	require.Equal(t, 0, code)
	movedFile := filepath.Join(infraMoved, "tfdyn_import_adopt_orders.tf")
	require.Contains(t, out, "wrote "+movedFile+" (moved aws_dynamodb_table.orders to aws_dynamodb_table.adopt_orders)\n")
	require.Equal(t, readFile(t, "../adopt/testdata/orders/want_moved.tf"), readFile(t, movedFile))
	require.NoError(t, os.WriteFile(filepath.Join(infraMoved, "main.tf"), []byte(handWithout), 0o644))
	code, _, _ = runTfdyn(t, "emit", fromMoved, "-o", infraMoved)
	require.Equal(t, 0, code)
	tf(infraMoved, "init")
	require.Equal(t, withNewOutputs("adopt_orders", map[string]string{"aws_dynamodb_table.adopt_orders": "no-op (moved from aws_dynamodb_table.orders)", "terraform_data.unrelated": "no-op"}), planChanges(t, env, infraMoved, 2))
	noFindings(infraMoved, fromMoved)
	tf(infraMoved, "apply", "-auto-approve")
	planOut, err = tftest.TerraformErr(env, infraMoved, "plan", "-detailed-exitcode", "-input=false", "-no-color")
	require.Equal(t, 0, tftest.ExitCode(err), "after the move, the plan must be empty:\n%s", planOut)

	// Adoption of the live table, not under Terraform: the import block.
	require.Equal(t, "# Code generated by tfdyn import; DO NOT EDIT.\n\n"+
		"# Hands the live table \"adopt-orders\" to the resource tfdyn emit writes.\n"+
		"# Remove this file after the first terraform apply.\n"+
		"import {\n  to = aws_dynamodb_table.adopt_orders\n  id = \"adopt-orders\"\n}\n",
		readFile(t, filepath.Join(liveTF, "tfdyn_import_adopt_orders.tf")))
	require.NoError(t, os.WriteFile(filepath.Join(liveTF, "provider.tf"), []byte(target.ProviderBlock()), 0o644))
	code, _, _ = runTfdyn(t, "emit", fromLive, "-o", liveTF)
	require.Equal(t, 0, code)
	tf(liveTF, "init")
	require.Equal(t, withNewOutputs("adopt_orders", map[string]string{"aws_dynamodb_table.adopt_orders": "no-op (imported adopt-orders)"}), planChanges(t, env, liveTF, 2))
	noFindings(liveTF, fromLive)
	tf(liveTF, "apply", "-auto-approve")
	planOut, err = tftest.TerraformErr(env, liveTF, "plan", "-detailed-exitcode", "-input=false", "-no-color")
	require.Equal(t, 0, tftest.ExitCode(err), "after the import, the plan must be empty:\n%s", planOut)
}

// planChanges plans dir and returns, per resource, its actions, with the
// address it moved from or the id it imports, and per root output
// ("output.NAME") its actions. The plan's -detailed-exitcode must be
// wantExit (2 while a move, an import or a new output is pending).
func planChanges(t *testing.T, env *tfenv.Env, dir string, wantExit int) map[string]string {
	t.Helper()
	tf := func(args ...string) string { return tftest.Terraform(t, env, dir, args...) }
	planOut, err := tftest.TerraformErr(env, dir, "plan", "-detailed-exitcode", "-out=adopt.tfplan", "-input=false", "-no-color")
	require.Equal(t, wantExit, tftest.ExitCode(err), "terraform plan -detailed-exitcode:\n%s", planOut)
	var p tfjson.Plan
	require.NoError(t, json.Unmarshal([]byte(tf("show", "-json", "adopt.tfplan")), &p))
	require.NoError(t, os.Remove(filepath.Join(dir, "adopt.tfplan")))
	out := map[string]string{}
	for _, rc := range p.ResourceChanges {
		var acts []string
		for _, a := range rc.Change.Actions {
			acts = append(acts, string(a))
		}
		v := strings.Join(acts, ",")
		if rc.PreviousAddress != "" && rc.PreviousAddress != rc.Address {
			v += " (moved from " + rc.PreviousAddress + ")"
		}
		if rc.Change.Importing != nil {
			v += " (imported " + rc.Change.Importing.ID + ")"
		}
		out[rc.Address] = v
	}
	for name, oc := range p.OutputChanges {
		var acts []string
		for _, a := range oc.Actions {
			acts = append(acts, string(a))
		}
		out["output."+name] = strings.Join(acts, ",")
	}
	return out
}

// withNewOutputs is changes plus the creation of the five outputs emit
// declares for the table labelled label: the only change besides a move or
// an import in the first plan of an adopted table.
func withNewOutputs(label string, changes map[string]string) map[string]string {
	for _, o := range []string{"table_name", "table_arn", "stream_arn", "global_secondary_index_names", "local_secondary_index_names"} {
		changes["output.dynamodb_"+label+"_"+o] = "create"
	}
	return changes
}

func avS(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
func avN(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }

package adopt

import (
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/emit"
)

// TestFromState reads the state of the applied orders table (terraform
// show -json with hashicorp/aws 6.48 on DynamoDB Local, refreshed by
// TestLiveImportAdoption -update) into the same schema and moved block as
// the .tf file it was applied from.
func TestFromState(t *testing.T) {
	s, diags, err := ReadState("testdata/orders/state.json")
	require.NoError(t, err)
	require.Empty(t, diags)
	tb, diags := FromState(s, "testdata/orders/state.json", "")
	require.Empty(t, diagLines(diags))
	require.Equal(t, "aws_dynamodb_table.orders", tb.Address)
	src := string(Schema(tb, Label(tb.Spec.Name), Infer(tb, nil)))
	want := readGolden(t, "testdata/orders/want.tfdyn.hcl")
	require.Equal(t, "# Adopted by tfdyn import from aws_dynamodb_table.orders (testdata/orders/state.json).", src[:strings.Index(src, "\n")])
	require.Equal(t, want[strings.Index(want, "\n"):], src[strings.Index(src, "\n"):])
	tf, err := TF(tb, emit.Names{Local: "adopt_orders"}, false)
	require.NoError(t, err)
	require.Equal(t, readGolden(t, "testdata/orders/want_moved.tf"), string(tf))
	tf, err = TF(tb, emit.Names{Local: "orders"}, false)
	require.NoError(t, err)
	require.Nil(t, tf, "no moved block when the address stays")
}

// TestFromStateRefusals covers the addresses of a state with two tables.
func TestFromStateRefusals(t *testing.T) {
	s, _, err := ReadState("testdata/orders/state.json")
	require.NoError(t, err)
	res := *s.Values.RootModule.Resources[0]
	res.Address = "module.db.aws_dynamodb_table.users"
	s.Values.RootModule.ChildModules = []*tfjson.StateModule{{Address: "module.db", Resources: []*tfjson.StateResource{&res}}}
	_, diags := FromState(s, "state.json", "")
	require.Equal(t, []string{"IM003 - Several tables to import"}, diagLines(diags))
	require.Equal(t, `The state in "state.json" holds 2 aws_dynamodb_table resources: aws_dynamodb_table.orders, module.db.aws_dynamodb_table.users. Choose one with --address, for example --address aws_dynamodb_table.orders.`, diags[0].Detail)
	_, diags = FromState(s, "state.json", "aws_dynamodb_table.users")
	require.Equal(t, []string{"IM002 - Unknown table address"}, diagLines(diags))
	require.Equal(t, `The state in "state.json" holds no resource "aws_dynamodb_table.users". Did you mean "module.db.aws_dynamodb_table.users"? Its tables: aws_dynamodb_table.orders, module.db.aws_dynamodb_table.users.`, diags[0].Detail)
	tb, diags := FromState(s, "state.json", "module.db.aws_dynamodb_table.users")
	require.Empty(t, diags)
	tf, err := TF(tb, emit.Names{Local: "adopt_orders"}, false)
	require.NoError(t, err)
	require.Contains(t, string(tf), "moved {\n  from = module.db.aws_dynamodb_table.users\n  to   = aws_dynamodb_table.adopt_orders\n}\n")

	_, diags = ParseState("main.tf", []byte("resource {}"))
	require.Equal(t, []string{"IM001 main.tf:1:1-1:1 Not Terraform state JSON"}, diagLines(diags))
	_, diags = ParseState("state.json", []byte("{\n  \"format_version\": \"1.0\",\n  values: {}\n}\n"))
	require.Equal(t, []string{"IM001 state.json:3:3-3:3 Not Terraform state JSON"}, diagLines(diags))
	require.Equal(t, "state.json is not the output of terraform show -json: invalid character 'v' looking for beginning of object key string. Write it with: terraform show -json > state.json", diags[0].Detail)
	_, diags = ParseState("state.json", []byte("{\"format_version\": \"1.0\",\n \"values\": []}"))
	require.Equal(t, []string{"IM001 state.json:2:12-2:12 Not Terraform state JSON"}, diagLines(diags), "at the array where an object belongs")
	_, diags = ParseState("state.json", []byte("\n\n   {\"format_version\": \"1.0\",\n \"values\": []}"))
	require.Equal(t, []string{"IM001 state.json:4:12-4:12 Not Terraform state JSON"}, diagLines(diags), "whitespace before the state does not move the position")
	require.Equal(t, CodeUnreadable, diag.CodeOf(diags[0]))
	empty, diags := ParseState("empty.json", []byte(`{"format_version":"1.0"}`))
	require.Empty(t, diags)
	_, diags = FromState(empty, "empty.json", "")
	require.Equal(t, []string{"IM002 - No aws_dynamodb_table"}, diagLines(diags))
}

func readGolden(t *testing.T, path string) string {
	t.Helper()
	w, err := readFileString(path)
	require.NoError(t, err)
	return w
}

// TestFromStateCreationOnly: a table created by an import from S3 or a
// restore is refused from state too (removing those arguments replaces
// the table), never adopted without a word.
func TestFromStateCreationOnly(t *testing.T) {
	for _, attr := range []string{`"import_table": [{"input_format": "CSV"}]`, `"restore_date_time": "2024-01-01T00:00:00Z"`, `"restore_to_latest_time": true`} {
		src := `{"format_version": "1.0", "values": {"root_module": {"resources": [{"address": "aws_dynamodb_table.t", "mode": "managed", "type": "aws_dynamodb_table", "name": "t",
  "values": {"name": "t-table", "hash_key": "PK", "billing_mode": "PAY_PER_REQUEST", "attribute": [{"name": "PK", "type": "S"}], ` + attr + `}}]}}}`
		s, diags := ParseState("state.json", []byte(src))
		require.Empty(t, diags)
		_, diags = FromState(s, "state.json", "")
		require.Equal(t, []string{"IM004 - Unsupported argument"}, diagLines(diags), attr)
		require.Contains(t, diags[0].Detail, "there is no safe path to a tfdyn schema for this table")
	}
}

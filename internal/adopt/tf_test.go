package adopt

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/lint"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// golden compares got with the file want (rewritten with -update).
func golden(t *testing.T, want string, got []byte) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(want, got, 0o644))
	}
	w, err := os.ReadFile(want)
	require.NoError(t, err)
	require.Equal(t, string(w), string(got))
}

// diagLines renders diagnostics as "CODE file:line:col-line:col summary".
func diagLines(diags hcl.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		at := "-"
		if d.Subject != nil {
			at = fmt.Sprintf("%s:%d:%d-%d:%d", d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column, d.Subject.End.Line, d.Subject.End.Column)
		}
		out = append(out, fmt.Sprintf("%s %s %s", diag.CodeOf(d), at, d.Summary))
	}
	return out
}

// validates loads and lints a schema and fails on any error.
func validates(t *testing.T, name string, src []byte) hcl.Diagnostics {
	t.Helper()
	s, diags := hclschema.LoadSource(name, src)
	diags = append(diags, lint.Run(s)...)
	require.False(t, diags.HasErrors(), "schema:\n%s\n%s", src, diags.Error())
	return diags
}

// TestFromTFOrders reads the hand-written table of the adoption test
// (two GSIs, one multi-attribute, an LSI, stream, TTL, PITR, tags from a
// variable default) into the schema and moved block of the golden files.
func TestFromTFOrders(t *testing.T) {
	m, diags, err := ReadTF("testdata/orders")
	require.NoError(t, err)
	require.Empty(t, diags)
	b, diags := m.Find("", "testdata/orders")
	require.Empty(t, diags)
	tb, diags := m.FromTF(b)
	// The name and a tag come from variable defaults: emit has variables
	// for both, which the warnings name.
	require.Equal(t, []string{
		"IM008 testdata/orders/main.tf:12:22-12:43 Value read from a variable default",
		"IM008 testdata/orders/main.tf:106:10-109:4 Value read from a variable default"}, diagLines(diags))
	require.Contains(t, diags[0].Detail, "emit declares the variable dynamodb_orders_table_name for this setting: where an environment sets var.orders_table_name (a tfvars file, -var), set dynamodb_orders_table_name instead after tfdyn emit.")
	require.Equal(t, "testdata/orders/main.tf:11", tb.Origin)
	require.Equal(t, "orders", DefaultLabel(tb), "the resource keeps its address")
	label := Label(tb.Spec.Name)
	require.Equal(t, "adopt_orders", label)
	src := Schema(tb, label, Infer(tb, nil))
	golden(t, "testdata/orders/want.tfdyn.hcl", src)
	ws := validates(t, "want.tfdyn.hcl", src)
	var codes []string
	for _, d := range ws {
		codes = append(codes, string(diag.CodeOf(d)))
	}
	require.Equal(t, []string{"TD122", "TD115", "TD116", "TD115", "TD116", "TD115", "TD116", "TD121"}, codes)
	formatted, fds := hclschema.Format("want.tfdyn.hcl", src)
	require.Empty(t, fds)
	require.Equal(t, string(formatted), string(src), "the schema is formatted as tfdyn fmt formats it")
	tf, err := TF(tb, emit.Names{Local: resourceName(label)}, false)
	require.NoError(t, err)
	golden(t, "testdata/orders/want_moved.tf", tf)
}

// TestFromTFRefusals asserts code and range of every refusal of a .tf source.
func TestFromTFRefusals(t *testing.T) {
	for _, tc := range []struct {
		dir, address string
		want         []string
	}{
		{dir: "local", want: []string{"IM004 testdata/refuse/local/main.tf:6:18-6:34 Value cannot be resolved"}},
		{dir: "function", want: []string{"IM004 testdata/refuse/function/main.tf:11:10-11:54 Value cannot be resolved"}},
		{dir: "nodefault", want: []string{"IM004 testdata/refuse/nodefault/main.tf:6:18-6:32 Variable without a default"}},
		{dir: "replica", want: []string{"IM007 testdata/refuse/replica/main.tf:19:24-19:32 Replicas with different consistency modes"}},
		{dir: "binary", want: []string{"IM004 testdata/refuse/binary/main.tf:8:12-8:15 Binary key attribute"}},
		{dir: "foreach", want: []string{
			"IM004 testdata/refuse/foreach/main.tf:2:3-2:11 Unsupported argument",
			"IM004 testdata/refuse/foreach/main.tf:3:18-3:26 Value cannot be resolved"}},
		{dir: "lifecycle", want: []string{
			"IM005 testdata/refuse/lifecycle/main.tf:5:3-5:13 Argument not carried over",
			"IM005 testdata/refuse/lifecycle/main.tf:13:23-13:27 Lifecycle setting not carried over",
			"IM005 testdata/refuse/lifecycle/main.tf:14:23-14:54 ignore_changes not carried over"}},
		{dir: "module", want: []string{"IM002 testdata/refuse/module/main.tf:1:1-1:16 Table of a module call"}},
		{dir: "interpolation", want: []string{"IM004 testdata/refuse/interpolation/main.tf:7:18-7:45 Value built from a variable"}},
		{dir: "envvar", want: []string{"IM004 testdata/refuse/envvar/main.tf:8:18-8:29 Variable in a setting"}},
		{dir: "stream", want: []string{"IM007 testdata/refuse/stream/main.tf:5:20-5:24 Stream without a view type"}},
		{dir: "ttl", want: []string{"IM007 testdata/refuse/ttl/main.tf:12:22-12:24 Time to live without an attribute"}},
		{dir: "fivekeys", want: []string{"IM007 testdata/refuse/fivekeys/main.tf:31:3-31:25 GSI key with too many attributes"}},
		{dir: "gsitype", want: []string{"IM007 testdata/refuse/gsitype/main.tf:20:22-20:25 Key attribute type differs from the table's"}},
		{dir: "keytwice", want: []string{
			"IM007 testdata/refuse/keytwice/main.tf:18:5-18:13 GSI key given twice",
			"IM007 testdata/refuse/keytwice/main.tf:19:5-19:14 GSI key given twice"}},
		{dir: "several", want: []string{"IM003 testdata/refuse/several/main.tf:12:1-12:38 Several tables to import"}},
		{dir: "several", address: "aws_dynamodb_table.user", want: []string{"IM002 - Unknown table address"}},
		{dir: "syntax", want: []string{
			"IM001 testdata/refuse/syntax/main.tf:2:17-3:1 Invalid multi-line string",
			"IM001 testdata/refuse/syntax/main.tf:2:17-3:1 Unterminated template string",
			"IM001 testdata/refuse/syntax/main.tf:3:2-4:1 Invalid multi-line string"}},
	} {
		t.Run(tc.dir+tc.address, func(t *testing.T) {
			dir := filepath.Join("testdata/refuse", tc.dir)
			m, diags, err := ReadTF(dir)
			require.NoError(t, err)
			if !diags.HasErrors() {
				b, ds := m.Find(tc.address, dir)
				diags = append(diags, ds...)
				if b != nil {
					_, ds = m.FromTF(b)
					diags = append(diags, ds...)
				}
			}
			diag.Sort(diags)
			require.Equal(t, tc.want, diagLines(diags))
		})
	}
}

// TestModuleCallMessage: the refusal of a call of the community module
// gives the --from-state command and the address of the module's table.
func TestModuleCallMessage(t *testing.T) {
	m, _, err := ReadTF("testdata/refuse/module")
	require.NoError(t, err)
	_, diags := m.Find("", "testdata/refuse/module")
	require.Contains(t, diags[0].Detail, "tfdyn import --from-state state.json --address 'module.orders.aws_dynamodb_table.autoscaled[0]' -o SCHEMA_DIR --tf-out testdata/refuse/module")
}

// TestFindMessages asserts the details that name every candidate.
func TestFindMessages(t *testing.T) {
	m, _, err := ReadTF("testdata/refuse/several")
	require.NoError(t, err)
	_, diags := m.Find("", "testdata/refuse/several")
	require.Equal(t, `The Terraform files in "testdata/refuse/several" declare 2 aws_dynamodb_table resources: aws_dynamodb_table.orders (testdata/refuse/several/main.tf:1), aws_dynamodb_table.users (testdata/refuse/several/main.tf:12). Choose one with --address, for example --address aws_dynamodb_table.orders.`, diags[0].Detail)
	_, diags = m.Find("aws_dynamodb_table.user", "testdata/refuse/several")
	require.Equal(t, `The Terraform files in "testdata/refuse/several" declare no resource "aws_dynamodb_table.user". Did you mean "aws_dynamodb_table.users"? Its tables: aws_dynamodb_table.orders (testdata/refuse/several/main.tf:1), aws_dynamodb_table.users (testdata/refuse/several/main.tf:12).`, diags[0].Detail)
	_, diags, err = ReadTF("testdata/refuse/local")
	require.NoError(t, err)
	require.Empty(t, diags)
}

func readFileString(path string) (string, error) {
	b, err := os.ReadFile(path)
	return string(b), err
}

// resourceName is the resource name emit gives a table labelled label
// without a prefix (the naming contract, emit.NamesFor).
func resourceName(label string) string { return emit.Label(&hclschema.Table{Label: label}) }

// TestHandOffGSIs: the hand-off of a table's GSIs, golden per source and
// emit mode. With --gsi-resources a GSI resource moves to emit's address
// (none when it has it already: orders_by_customer) and an inline GSI is
// imported with the provider's ID "<table>,<index>"; without it, each GSI
// resource gets a removed block that keeps the index. The inline table
// emitted inline hands nothing over (its address stays).
func TestHandOffGSIs(t *testing.T) {
	for _, tc := range []struct {
		dir      string
		resource map[string]string
	}{
		{dir: "standalone", resource: map[string]string{
			"ByStatus": "aws_dynamodb_global_secondary_index.by_status", "by-customer": "aws_dynamodb_global_secondary_index.orders_by_customer"}},
		{dir: "inline"},
		{dir: "mixed", resource: map[string]string{"ByStatus": "aws_dynamodb_global_secondary_index.by_status"}},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			dir := filepath.Join("testdata/handoff", tc.dir)
			m, diags, err := ReadTF(dir)
			require.NoError(t, err)
			require.Empty(t, diags)
			b, diags := m.Find("", dir)
			require.Empty(t, diags)
			tb, diags := m.FromTF(b)
			require.Empty(t, diagLines(diags))
			require.Equal(t, tc.resource, tb.GSIResources)
			label := DefaultLabel(tb)
			require.Equal(t, "orders", label)
			s, sds := hclschema.LoadSource(label+hclschema.FileSuffix, Schema(tb, label, nil))
			require.False(t, sds.HasErrors(), sds.Error())
			names := emit.NamesFor(s.Tables[0], emit.Options{})
			for _, gsiResources := range []bool{true, false} {
				want := filepath.Join(dir, "want_inline.tf")
				if gsiResources {
					want = filepath.Join(dir, "want_gsi_resources.tf")
				}
				tf, err := TF(tb, names, gsiResources)
				require.NoError(t, err)
				if tf == nil {
					require.NoFileExists(t, want, "no hand-off: the golden file must not exist")
					continue
				}
				golden(t, want, tf)
			}
		})
	}
	// Under emit's --prefix, the GSIs go to the prefixed resources.
	m, _, err := ReadTF("testdata/handoff/mixed")
	require.NoError(t, err)
	tb, _ := m.FromTF(m.Tables[0])
	s, _ := hclschema.LoadSource("orders"+hclschema.FileSuffix, Schema(tb, "orders", nil))
	tf, err := TF(tb, emit.NamesFor(s.Tables[0], emit.Options{Prefix: "shop_"}), true)
	require.NoError(t, err)
	require.Contains(t, string(tf), "moved {\n  from = aws_dynamodb_table.orders\n  to   = aws_dynamodb_table.shop_orders\n}\n")
	require.Contains(t, string(tf), "moved {\n  from = aws_dynamodb_global_secondary_index.by_status\n  to   = aws_dynamodb_global_secondary_index.shop_orders_ByStatus\n}\n")
	require.Contains(t, string(tf), "import {\n  to = aws_dynamodb_global_secondary_index.shop_orders_by_customer\n  id = \"shop-orders,by-customer\"\n}\n")
}

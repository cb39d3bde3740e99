package emit_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/emit"
)

var update = flag.Bool("update", false, "rewrite golden files")

// schemaDirs are the schemas emit is tested on: every example, the
// published designs re-modelled in testdata/published (quoted attribute
// names such as "State#Date", document paths, labelled transaction writes;
// named "published-<dir>") and the emit-specific cases in testdata/schemas
// (named "case-<dir>").
func schemaDirs(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	prefixes := map[string]string{"../../examples/*": "", "../../testdata/published/*": "published-", "testdata/schemas/*": "case-"}
	for _, pattern := range []string{"../../examples/*", "../../testdata/published/*", "testdata/schemas/*"} {
		dirs, err := filepath.Glob(pattern)
		require.NoError(t, err)
		for _, d := range dirs {
			if st, err := os.Stat(d); err != nil || !st.IsDir() {
				continue
			}
			files, _ := hclschema.FindFiles(d)
			if len(files) == 0 {
				continue
			}
			out[prefixes[pattern]+filepath.Base(d)] = d
		}
	}
	require.NotEmpty(t, out)
	return out
}

func loadSchema(t testing.TB, dir string) *hclschema.Schema {
	t.Helper()
	s, diags := hclschema.Load(dir)
	require.False(t, diags.HasErrors(), "%s: %s", dir, diags.Error())
	return s
}

type variant struct {
	name string
	opts emit.Options
}

func variants(s *hclschema.Schema) []variant {
	vs := []variant{
		{"resources", emit.Options{Layout: emit.LayoutResources}},
		{"module", emit.Options{Layout: emit.LayoutModule}},
		{"module-call", emit.Options{Layout: emit.LayoutModuleCall, ModuleSource: "./modules/dynamodb-table"}},
		{"resources-app-policy", emit.Options{Layout: emit.LayoutResources, AppPolicy: true}},
		{"module-call-app-policy", emit.Options{Layout: emit.LayoutModuleCall, ModuleSource: "./modules/dynamodb-table", AppPolicy: true}},
	}
	multi := false
	for _, t := range s.Tables {
		for _, ix := range t.GSIs {
			multi = multi || ix.MultiAttribute()
		}
	}
	if !multi {
		vs = append(vs, variant{"resources-provider5", emit.Options{Layout: emit.LayoutResources, ProviderMajor: 5}})
	}
	return vs
}

func TestEmitGolden(t *testing.T) {
	for name, dir := range schemaDirs(t) {
		s := loadSchema(t, dir)
		for _, v := range variants(s) {
			t.Run(name+"/"+v.name, func(t *testing.T) {
				// The identity of `tfdyn emit examples/NAME -o out`.
				v.opts.SchemaPath = "../" + strings.TrimPrefix(filepath.ToSlash(dir), "../../")
				files, err := emit.Emit(s, v.opts)
				require.NoError(t, err)
				golden := filepath.Join("testdata", "golden", name, v.name)
				if *update {
					require.NoError(t, os.RemoveAll(golden))
					require.NoError(t, os.MkdirAll(golden, 0o755))
					for f, content := range files {
						require.NoError(t, os.WriteFile(filepath.Join(golden, f), content, 0o644))
					}
				}
				entries, err := os.ReadDir(golden)
				require.NoError(t, err, "missing golden files: run go test ./internal/emit -update")
				require.Len(t, entries, len(files), "golden file set differs: run go test ./internal/emit -update")
				for f, content := range files {
					want, err := os.ReadFile(filepath.Join(golden, f))
					require.NoError(t, err, "run go test ./internal/emit -update")
					require.Equal(t, string(want), string(content), "%s is stale: run go test ./internal/emit -update and review the diff", f)
				}
			})
		}
	}
}

func TestEmitIsDeterministic(t *testing.T) {
	for name, dir := range schemaDirs(t) {
		s := loadSchema(t, dir)
		for _, v := range variants(s) {
			a, err := emit.Emit(s, v.opts)
			require.NoError(t, err)
			for i := 0; i < 5; i++ {
				b, err := emit.Emit(loadSchema(t, dir), v.opts)
				require.NoError(t, err)
				require.Equal(t, a, b, "%s/%s differs between runs", name, v.name)
			}
		}
	}
}

func TestEmitProvider5RejectsMultiAttributeGSI(t *testing.T) {
	s := loadSchema(t, "testdata/schemas/multiattr")
	_, err := emit.Emit(s, emit.Options{ProviderMajor: 5})
	var ee *emit.Error
	require.ErrorAs(t, err, &ee)
	require.Equal(t, 9, ee.Range.Start.Line)
	require.Contains(t, err.Error(), `GSI "ByRegion" has a multi-attribute key, which the AWS provider 5.x cannot express`)
	d := ee.Diagnostic()
	require.Equal(t, hcl.DiagError, d.Severity)
	require.Equal(t, emit.CodeProvider5MultiAttribute, diag.CodeOf(d))
	require.Equal(t, "testdata/schemas/multiattr/multiattr.tfdyn.hcl:9:3", pos(*d.Subject))
	require.Equal(t, "Multi-attribute key needs provider 6", d.Summary)
	require.Equal(t, `GSI "ByRegion" has a multi-attribute key, which the AWS provider 5.x cannot express; emit for provider 6 (drop --provider 5) and require hashicorp/aws >= 6.37.0.`, d.Detail)
}

func TestWriteRefusesHandWrittenFile(t *testing.T) {
	dir := t.TempDir()
	mine := []byte("# my own table\nresource \"aws_dynamodb_table\" \"x\" {}\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "dynamodb.tf"), mine, 0o644))
	files, err := emit.Emit(loadSchema(t, "testdata/schemas/multiattr"), emit.Options{})
	require.NoError(t, err)
	_, err = emit.Write(dir, files, false)
	var foreign *emit.ForeignFileError
	require.ErrorAs(t, err, &foreign)
	require.Equal(t, filepath.Join(dir, "dynamodb.tf"), foreign.Path)
	diags, srcs, ok := emit.RefusalDiagnostics(err)
	require.True(t, ok)
	require.Len(t, diags, 1)
	require.Equal(t, emit.CodeNotGenerated, diag.CodeOf(diags[0]))
	require.Equal(t, filepath.Join(dir, "dynamodb.tf")+":1:1", pos(*diags[0].Subject))
	require.Equal(t, "File not generated by tfdyn", diags[0].Summary)
	require.Equal(t, filepath.Join(dir, "dynamodb.tf")+` exists and was not generated by tfdyn (it does not start with a "Code generated by tfdyn" header); refusing to overwrite it. Move or rename it, or emit into another directory with -o.`, diags[0].Detail)
	require.Equal(t, mine, srcs[filepath.Join(dir, "dynamodb.tf")].Bytes, "the snippet shows the file")
	got, err := os.ReadFile(filepath.Join(dir, "dynamodb.tf"))
	require.NoError(t, err)
	require.Equal(t, mine, got, "the hand-written file must be untouched")
	_, err = os.Stat(filepath.Join(dir, "dynamodb_outputs.tf"))
	require.ErrorIs(t, err, os.ErrNotExist, "nothing is written when a file is refused")
}

func TestWriteCheckReportsStaleFiles(t *testing.T) {
	dir := t.TempDir()
	files, err := emit.Emit(loadSchema(t, "testdata/schemas/multiattr"), emit.Options{})
	require.NoError(t, err)
	res, err := emit.Write(dir, files, true)
	require.ErrorIs(t, err, emit.ErrStale)
	require.Equal(t, []string{"dynamodb.tf", "dynamodb_outputs.tf", "dynamodb_variables.tf", "dynamodb_versions.tf"}, changedNames(res))

	_, err = emit.Write(dir, files, false)
	require.NoError(t, err)
	res, err = emit.Write(dir, files, true)
	require.NoError(t, err)
	require.Empty(t, res.Changed)

	path := filepath.Join(dir, "dynamodb.tf")
	content, _ := os.ReadFile(path)
	require.NoError(t, os.WriteFile(path, bytes.Replace(content, []byte("PAY_PER_REQUEST"), []byte("PROVISIONED"), 1), 0o644))
	res, err = emit.Write(dir, files, true)
	require.ErrorIs(t, err, emit.ErrStale)
	require.Equal(t, []string{"dynamodb.tf"}, changedNames(res))
}

// TestReadmeShowsCurrentOutput keeps the emitted Terraform shown in the
// README identical to what emit writes.
func TestReadmeShowsCurrentOutput(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	files, err := emit.Emit(loadSchema(t, "../../examples/ecommerce"), emit.Options{SchemaPath: "../examples/ecommerce"})
	require.NoError(t, err)
	want := "<!-- emit:ecommerce -->\n```hcl\n" + string(files["dynamodb.tf"]) + "```\n<!-- /emit:ecommerce -->"
	require.Contains(t, string(readme), want, "README.md shows stale emit output: copy internal/emit/testdata/golden/ecommerce/resources/dynamodb.tf into it")
}

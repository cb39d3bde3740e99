package emit_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/emit"
)

func pos(r hcl.Range) string {
	return fmt.Sprintf("%s:%d:%d", r.Filename, r.Start.Line, r.Start.Column)
}

func decls(ds []emit.Decl) []string {
	out := []string{}
	for _, d := range ds {
		out = append(out, d.Address+" @ "+pos(d.Range))
	}
	return out
}

// TestReadTarget reads a root module with every kind of declaration, in HCL
// and JSON; it skips the generated files this run owns (dynamodb_variables.tf
// with the header), override files and non-Terraform files, and reads a
// hand-written file with one of the run's names and another run's
// generated file.
func TestReadTarget(t *testing.T) {
	dir := filepath.Join("testdata", "target", "root")
	tg, diags := emit.ReadTarget(dir, emit.Options{})
	require.Empty(t, diags)
	f := func(name string) string { return filepath.Join(dir, name) }
	require.Equal(t, []string{
		"var.dynamodb_blog_posts_table_name @ " + f("blog_dynamodb_variables.tf") + ":3:10",
		"var.environment @ " + f("variables.tf") + ":1:10",
	}, decls(tg.Variables))
	require.Equal(t, []string{
		"output.dynamodb_shop_table_arn @ " + f("dynamodb_outputs.tf") + ":2:8",
		"output.bucket @ " + f("outputs.tf.json") + ":3:5",
	}, decls(tg.Outputs))
	require.Equal(t, []string{
		"local.service @ " + f("main.tf") + ":25:3",
		"local.owner @ " + f("main.tf") + ":26:3",
	}, decls(tg.Locals))
	require.Equal(t, []string{
		"aws_s3_bucket.logs @ " + f("main.tf") + ":29:26",
		"data.aws_caller_identity.current @ " + f("main.tf") + ":33:28",
	}, decls(tg.Resources))
	require.Equal(t, []string{"module.network @ " + f("main.tf") + ":35:8"}, decls(tg.Modules))
	require.Equal(t, []string{
		"provider.aws @ " + f("main.tf") + ":15:10",
		"provider.aws.us @ " + f("main.tf") + ":19:10",
	}, decls(tg.Providers))

	require.Len(t, tg.RequiredProviders, 1)
	rp := tg.RequiredProviders[0]
	require.Equal(t, f("main.tf")+":4:3", pos(rp.Range))
	require.Len(t, rp.Entries, 2)
	require.Equal(t, "random", rp.Entries[0].Name)
	require.Equal(t, "hashicorp/random", rp.Entries[0].Source)
	require.Equal(t, "", rp.Entries[0].Version)
	aws := tg.AWS()
	require.NotNil(t, aws)
	require.Equal(t, emit.ProviderRequirement{Name: "aws", Source: "hashicorp/aws", Version: ">= 6.37, < 7.0",
		Range: aws.Range, VersionRange: aws.VersionRange}, *aws)
	require.Equal(t, f("main.tf")+":8:5", pos(aws.Range))
	require.Equal(t, f("main.tf")+":10:17", pos(aws.VersionRange))

	// With prefix blog_, blog_dynamodb_variables.tf is the run's own and
	// dynamodb_variables.tf is another run's.
	tg, diags = emit.ReadTarget(dir, emit.Options{Prefix: "blog_"})
	require.Empty(t, diags)
	require.Equal(t, []string{
		"var.dynamodb_shop_table_name @ " + f("dynamodb_variables.tf") + ":3:10",
		"var.environment @ " + f("variables.tf") + ":1:10",
	}, decls(tg.Variables))
}

func TestReadTargetMissingDirIsEmpty(t *testing.T) {
	tg, diags := emit.ReadTarget(filepath.Join(t.TempDir(), "new"), emit.Options{})
	require.Empty(t, diags)
	require.Nil(t, tg.AWS())
	require.Empty(t, tg.Variables)
}

func TestReadTargetSyntaxError(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.tf"), []byte("variable \"x\" {\n  default = \n"), 0o644))
	_, diags := emit.ReadTarget(dir, emit.Options{})
	require.True(t, diags.HasErrors())
	require.Equal(t, emit.CodeTargetSyntax, diag.CodeOf(diags[0]))
	require.Equal(t, filepath.Join(dir, "main.tf")+":2:13", pos(*diags[0].Subject))
}

// TestModuleConstraintMatchesTheModule keeps emit.ModuleConstraint equal to
// the hashicorp/aws requirement of modules/dynamodb-table.
func TestModuleConstraintMatchesTheModule(t *testing.T) {
	tg, diags := emit.ReadTarget("../../modules/dynamodb-table", emit.Options{})
	require.Empty(t, diags)
	require.NotNil(t, tg.AWS())
	require.Equal(t, emit.ModuleConstraint, tg.AWS().Version)
}

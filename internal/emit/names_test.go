package emit_test

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/emit"
)

func TestNamesFor(t *testing.T) {
	tbl := &hclschema.Table{Label: "blog-posts.v2", BillingMode: hclschema.Provisioned}
	n := emit.NamesFor(tbl, emit.Options{Prefix: "cms_"})
	require.Equal(t, emit.Names{
		Local:                  "cms_blog_posts_v2",
		Resource:               "aws_dynamodb_table.cms_blog_posts_v2",
		Module:                 "module.cms_blog_posts_v2",
		Policy:                 "aws_dynamodb_resource_policy.cms_blog_posts_v2",
		TableNameVar:           "dynamodb_cms_blog_posts_v2_table_name",
		DeletionProtectionVar:  "dynamodb_cms_blog_posts_v2_deletion_protection",
		PointInTimeRecoveryVar: "dynamodb_cms_blog_posts_v2_point_in_time_recovery",
		ReadCapacityVar:        "dynamodb_cms_blog_posts_v2_read_capacity",
		WriteCapacityVar:       "dynamodb_cms_blog_posts_v2_write_capacity",
		TableNameOutput:        "dynamodb_cms_blog_posts_v2_table_name",
		TableARNOutput:         "dynamodb_cms_blog_posts_v2_table_arn",
		StreamARNOutput:        "dynamodb_cms_blog_posts_v2_stream_arn",
		GSINamesOutput:         "dynamodb_cms_blog_posts_v2_global_secondary_index_names",
		LSINamesOutput:         "dynamodb_cms_blog_posts_v2_local_secondary_index_names",
		AppPolicy:              "cms_blog_posts_v2_app",
		AppPolicyOutput:        "dynamodb_cms_blog_posts_v2_app_policy_json",
	}, n)
	require.Equal(t, "dynamodb_cms_tags", emit.TagsVariable(emit.Options{Prefix: "cms_"}))
	require.Equal(t, emit.Files{Main: "cms_dynamodb.tf", Variables: "cms_dynamodb_variables.tf", Outputs: "cms_dynamodb_outputs.tf", Versions: "cms_dynamodb_versions.tf"},
		emit.FileNames(emit.Options{Prefix: "cms_", Layout: emit.LayoutModuleCall}))
	require.Equal(t, "module.cms_blog_posts_v2", n.Address(emit.Options{Layout: emit.LayoutModuleCall}))

	// The module layout: no dynamodb_ lead, no prefix.
	m := emit.NamesFor(tbl, emit.Options{Layout: emit.LayoutModule})
	require.Equal(t, "aws_dynamodb_table.blog_posts_v2", m.Resource)
	require.Equal(t, "blog_posts_v2_table_name", m.TableNameVar)
	require.Equal(t, "blog_posts_v2_table_arn", m.TableARNOutput)
	require.Equal(t, "tags", emit.TagsVariable(emit.Options{Layout: emit.LayoutModule}))
	require.Equal(t, []string{"main.tf", "variables.tf", "outputs.tf", "versions.tf", "README.md"}, emit.FileNames(emit.Options{Layout: emit.LayoutModule}).All())

	// Without capacity, no capacity variables.
	require.Equal(t, []string{"dynamodb_x_table_name", "dynamodb_x_deletion_protection", "dynamodb_x_point_in_time_recovery"},
		emit.NamesFor(&hclschema.Table{Label: "x", BillingMode: hclschema.PayPerRequest}, emit.Options{}).Variables(&hclschema.Table{BillingMode: hclschema.PayPerRequest}))
}

func TestCheckPrefix(t *testing.T) {
	for _, ok := range []string{"", "blog_", "a_", "B2_", "my_app_"} {
		require.NoError(t, emit.CheckPrefix(ok), ok)
	}
	for _, bad := range []string{"blog", "_", "_blog_", "2blog_", "blog-_", "bl og_", "blög_", "blog."} {
		require.EqualError(t, emit.CheckPrefix(bad), `prefix "`+bad+`" is not a name fragment: use letters, digits and "_", start with a letter and end with "_" (for example "blog_")`, bad)
	}
}

// blockLabels returns "type label..." of every top-level block of an
// emitted file.
func blockLabels(t *testing.T, name string, src []byte) []string {
	t.Helper()
	f, diags := hclparse.NewParser().ParseHCL(src, name)
	require.False(t, diags.HasErrors(), diags.Error())
	content, _, diags := f.Body.PartialContent(&emitted)
	require.False(t, diags.HasErrors(), diags.Error())
	var out []string
	for _, b := range content.Blocks {
		out = append(out, b.Type+" "+strings.Join(b.Labels, " "))
	}
	return out
}

// TestNamesDoNotDependOnTableCount emits table "ledger" alone and next to
// a second table: every block the first run declares is declared, with
// the same text, by the second (issue 10: adding a table renames nothing).
func TestNamesDoNotDependOnTableCount(t *testing.T) {
	one := loadSchema(t, "testdata/schemas/provisioned")
	two := loadSchema(t, "testdata/schemas/twotables")
	require.Len(t, two.Tables, 2)
	for _, opts := range []emit.Options{{}, {Prefix: "fin_"}, {Layout: emit.LayoutModule}, {Layout: emit.LayoutModuleCall, ModuleSource: "./m"}} {
		a, err := emit.Emit(one, opts)
		require.NoError(t, err)
		b, err := emit.Emit(two, opts)
		require.NoError(t, err)
		for name, src := range a {
			if !strings.HasSuffix(name, ".tf") {
				continue
			}
			require.Subset(t, blockLabels(t, name, b[name]), blockLabels(t, name, src), "%s (%+v)", name, opts)
		}
		main := emit.FileNames(opts).Main
		// The ledger block is the same text in both.
		start := strings.Index(string(a[main]), "\n"+firstBlockHeader(t, main, a[main]))
		require.GreaterOrEqual(t, start, 0)
		require.Contains(t, string(b[main]), strings.TrimSpace(string(a[main][start:])), "%s (%+v)", main, opts)
	}
}

func firstBlockHeader(t *testing.T, name string, src []byte) string {
	t.Helper()
	l := blockLabels(t, name, src)[0]
	parts := strings.Split(l, " ")
	for i := 1; i < len(parts); i++ {
		parts[i] = `"` + parts[i] + `"`
	}
	return strings.Join(parts, " ") + " {"
}

var emitted = hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
	{Type: "resource", LabelNames: []string{"type", "name"}},
	{Type: "module", LabelNames: []string{"name"}},
	{Type: "variable", LabelNames: []string{"name"}},
	{Type: "output", LabelNames: []string{"name"}},
	{Type: "terraform"},
}}

package hclschema_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// schemaTree writes files (path -> content) under a new directory and
// changes into it for the test.
func schemaTree(t *testing.T, files ...string) {
	t.Helper()
	root := t.TempDir()
	for _, f := range files {
		p := filepath.Join(root, f)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		if filepath.Base(f) == ".keep" {
			continue
		}
		require.NoError(t, os.WriteFile(p, []byte("# "+f+"\n"), 0o644))
	}
	t.Chdir(root)
}

// TestDiscover: a directory holding schema files is one schema; one holding
// none is a directory of schemas, one per subdirectory with schema files
// (hidden ones and ones without schema files skipped); files group by their
// directory; several schemas make a set.
func TestDiscover(t *testing.T) {
	schemaTree(t,
		"schema/shop/a.tfdyn.hcl", "schema/shop/b.tfdyn.hcl", "schema/blog/blog.tfdyn.hcl", "schema/auth/auth.tfdyn.hcl",
		"schema/.hidden/x.tfdyn.hcl", "schema/notes/README.md", "schema/README.md", "empty/.keep", "one.tfdyn.hcl")
	dir := func(d string, paths ...string) hclschema.SchemaDir { return hclschema.SchemaDir{Dir: d, Paths: paths} }
	for _, c := range []struct {
		name  string
		paths []string
		want  []hclschema.SchemaDir
		set   bool
	}{
		{"a directory of schemas", []string{"schema/"}, []hclschema.SchemaDir{
			dir("schema/auth", "schema/auth"), dir("schema/blog", "schema/blog"), dir("schema/shop", "schema/shop")}, true},
		{"one schema", []string{"schema/shop"}, []hclschema.SchemaDir{dir("schema/shop", "schema/shop")}, false},
		{"two schema directories", []string{"./schema/shop", "schema/blog"}, []hclschema.SchemaDir{
			dir("schema/shop", "schema/shop"), dir("schema/blog", "schema/blog")}, true},
		{"files of one directory", []string{"schema/shop/b.tfdyn.hcl", "schema/shop/a.tfdyn.hcl", "schema/shop/b.tfdyn.hcl"}, []hclschema.SchemaDir{
			dir("schema/shop", "schema/shop/b.tfdyn.hcl", "schema/shop/a.tfdyn.hcl")}, false},
		{"a file and its directory", []string{"schema/shop/a.tfdyn.hcl", "schema/shop/"}, []hclschema.SchemaDir{dir("schema/shop", "schema/shop")}, false},
		{"files of two directories", []string{"one.tfdyn.hcl", "schema/blog/blog.tfdyn.hcl"}, []hclschema.SchemaDir{
			dir(".", "one.tfdyn.hcl"), dir("schema/blog", "schema/blog/blog.tfdyn.hcl")}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, set, diags := hclschema.Discover(c.paths...)
			require.Empty(t, diags)
			require.Equal(t, c.want, got)
			require.Equal(t, c.set, set)
		})
	}

	_, _, diags := hclschema.Discover("empty", "missing")
	require.Len(t, diags, 2)
	require.EqualValues(t, hclschema.CodeNoFiles, diag.CodeOf(diags[0]))
	require.Nil(t, diags[0].Subject)
	require.Equal(t, "No .tfdyn.hcl file was found in empty, nor in its subdirectories (a directory of schemas holds one schema per subdirectory). Name schema files like app.tfdyn.hcl.", diags[0].Detail)
	require.Equal(t, `The path "missing" cannot be read: no such file or directory.`, diags[1].Detail)

	files, err := hclschema.FindFiles("schema")
	require.NoError(t, err)
	require.Equal(t, []string{"schema/auth/auth.tfdyn.hcl", "schema/blog/blog.tfdyn.hcl", "schema/shop/a.tfdyn.hcl", "schema/shop/b.tfdyn.hcl"}, files)
}

// TestSchemaDirName: a schema is named after its directory, "." after the
// working directory.
func TestSchemaDirName(t *testing.T) {
	schemaTree(t, "shop/shop.tfdyn.hcl")
	wd, err := os.Getwd()
	require.NoError(t, err)
	require.Equal(t, "shop", hclschema.SchemaDir{Dir: "shop"}.Name())
	require.Equal(t, filepath.Base(wd), hclschema.SchemaDir{Dir: "."}.Name())
}

package schemadiff

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseRef(t *testing.T) {
	for in, want := range map[string]Ref{
		"schema":                    {Path: "schema"},
		"git:origin/main:schema":    {Rev: "origin/main", Path: "schema"},
		"git:HEAD~2:":               {Rev: "HEAD~2", Path: "."},
		"git:v1.2:a/b.tfdyn.hcl":    {Rev: "v1.2", Path: "a/b.tfdyn.hcl"},
		"git:HEAD:dir:with:colons/": {Rev: "HEAD", Path: "dir:with:colons/"},
	} {
		got, err := ParseRef(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got, in)
		require.Equal(t, in == got.String() || in == "git:HEAD~2:", true, "String of %q is %q", in, got.String())
	}
	for in, msg := range map[string]string{
		"":                 "empty schema reference: give a path or git:REV:PATH",
		"git:main":         `invalid schema reference "git:main": use git:REV:PATH, for example git:origin/main:schema`,
		"git::schema":      `invalid schema reference "git::schema": the revision "" is not a Git revision`,
		"git:--output=x:s": `the revision "--output=x" is not a Git revision`,
	} {
		_, err := ParseRef(in)
		require.ErrorContains(t, err, msg, in)
	}
}

// run runs a command in dir and fails the test on error.
func run(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%v: %s", args, out)
}

func copyTo(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(to), 0o755))
	require.NoError(t, os.WriteFile(to, b, 0o644))
}

// TestLoadGit reads BASE from a commit of a real repository (a directory,
// a file, from a subdirectory of the repository) while the working tree
// holds HEAD, and diffs them as the paths on disk would be.
func TestLoadGit(t *testing.T) {
	repo := t.TempDir()
	run(t, repo, "git", "init", "-q")
	copyTo(t, "testdata/base/app.tfdyn.hcl", filepath.Join(repo, "schema", "app.tfdyn.hcl"))
	require.NoError(t, os.WriteFile(filepath.Join(repo, "schema", "README.md"), []byte("not a schema\n"), 0o644))
	copyTo(t, "testdata/readers/app.tfdyn.hcl", filepath.Join(repo, "schema", "nested", "other.tfdyn.hcl"))
	run(t, repo, "git", "add", ".")
	run(t, repo, "git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "base")
	copyTo(t, "testdata/backfill/app.tfdyn.hcl", filepath.Join(repo, "schema", "app.tfdyn.hcl"))
	t.Chdir(repo)
	ctx := context.Background()

	base, diags, err := Load(ctx, Ref{Rev: "HEAD", Path: "schema"})
	require.NoError(t, err)
	require.False(t, diags.HasErrors(), diags.Error())
	require.Equal(t, []string{"HEAD:schema/app.tfdyn.hcl"}, keys(base.Files), "only the directory's own schema files")
	require.Equal(t, "HEAD:schema/app.tfdyn.hcl", base.Entity("Order").DeclRange.Filename)
	head, diags, err := Load(ctx, Ref{Path: "schema"})
	require.NoError(t, err)
	require.False(t, diags.HasErrors(), diags.Error())
	rep := Diff(base, head)
	require.Len(t, rep.Changes, 7)
	require.Equal(t, "HEAD:schema/app.tfdyn.hcl:26:3", where(rep.Changes[3].Base))

	// A file, from a subdirectory: the path is relative to the working directory.
	t.Chdir(filepath.Join(repo, "schema"))
	one, diags, err := Load(ctx, Ref{Rev: "HEAD", Path: "app.tfdyn.hcl"})
	require.NoError(t, err)
	require.False(t, diags.HasErrors(), diags.Error())
	require.Len(t, one.Entities, 3)

	_, _, err = Load(ctx, Ref{Rev: "nosuchrev", Path: "."})
	require.ErrorContains(t, err, "schemadiff: git:nosuchrev:.: git cat-file -t nosuchrev:./.: fatal: ")
	_, _, err = Load(ctx, Ref{Rev: "HEAD", Path: "missing"})
	require.ErrorContains(t, err, "schemadiff: git:HEAD:missing: git cat-file -t HEAD:./missing: fatal: ")
	empty, diags, err := Load(ctx, Ref{Rev: "HEAD", Path: "nested/.."})
	require.NoError(t, err)
	require.Len(t, empty.Entities, 3, "nested/.. is the schema directory")
	require.False(t, diags.HasErrors())
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

package verify_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/mod/modfile"

	"github.com/tfdyn/tfdyn/internal/gen/golang"
	"github.com/tfdyn/tfdyn/internal/gen/typescript"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/tstest"
	"github.com/tfdyn/tfdyn/internal/verify"
)

// TestVerifyGeneratedContract is tfdyn verify --gen go:DIR and ts:DIR on DynamoDB
// Local: the committed package of examples/ecommerce passes its contract
// test on the tables verify provisions (before verify's own checks, which
// pass too), and the package generated from a write-broken copy of the
// example fails it at the step verify fails the schema for (the repeat of
// update_order_status, VF421 beside VF411).
func TestVerifyGeneratedContract(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	t.Run("ecommerce", func(t *testing.T) {
		const dir = "../../examples/ecommerce"
		s := load(t, dir)
		rep, err := verify.Run(context.Background(), verify.Options{Schema: s, SchemaPath: dir, Env: env,
			ProviderMajor: providerFor(t, env, s), Items: 3, Generated: []verify.Generated{{Lang: "go", Dir: dir + "/shopdb"}}})
		var text bytes.Buffer
		if rep != nil {
			rep.WriteText(&text)
		}
		require.NoError(t, err, text.String())
		require.True(t, rep.Passed, text.String())
		require.Len(t, rep.Generated, 1)
		g := rep.Generated[0]
		require.True(t, g.OK, text.String())
		require.Greater(t, len(g.Cases), 50)
		require.Equal(t, "seed", g.Cases[0].Name)
		require.Equal(t, "iam-policy", g.Cases[len(g.Cases)-1].Name)
		require.Contains(t, text.String(), fmt.Sprintf("Generated code go:%s/shopdb (contract test, %d of %d steps passed)", dir, len(g.Cases), len(g.Cases)))
		assertCleanedUp(t, rep)
	})
	t.Run("no_version_check", func(t *testing.T) {
		dir := brokenWriteCopy("no_version_check")
		s := load(t, dir)
		// The package in a user's module (the SDK at tfdyn's version, from
		// the module cache).
		mod := t.TempDir()
		data, err := os.ReadFile("../../go.mod")
		require.NoError(t, err)
		mf, err := modfile.Parse("go.mod", data, nil)
		require.NoError(t, err)
		version := ""
		for _, r := range mf.Require {
			if r.Mod.Path == "github.com/aws/aws-sdk-go-v2/service/dynamodb" {
				version = r.Mod.Version
			}
		}
		require.NoError(t, os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/app\n\ngo 1.23\n\nrequire github.com/aws/aws-sdk-go-v2/service/dynamodb "+version+"\n"), 0o644))
		sum, err := os.ReadFile("../../go.sum")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(mod, "go.sum"), sum, 0o644))
		pkg := filepath.Join(mod, "shopdb")
		require.NoError(t, os.MkdirAll(pkg, 0o755))
		files, diags := golang.Generate(s, golang.Options{Package: "shopdb", Schema: dir})
		require.False(t, diags.HasErrors(), diags.Error())
		for n, b := range files {
			require.NoError(t, os.WriteFile(filepath.Join(pkg, n), b, 0o644))
		}
		tidy := exec.Command("go", "mod", "tidy")
		tidy.Dir = mod
		tidy.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
		out, err := tidy.CombinedOutput()
		require.NoError(t, err, "%s", out)

		rep, err := verify.Run(context.Background(), verify.Options{Schema: s, SchemaPath: dir, Env: env,
			ProviderMajor: providerFor(t, env, s), Items: 3, Generated: []verify.Generated{{Lang: "go", Dir: pkg}}})
		var text bytes.Buffer
		if rep != nil {
			rep.WriteText(&text)
		}
		require.NoError(t, err, text.String())
		require.False(t, rep.Passed, text.String())
		var failed []string
		for _, c := range rep.Generated[0].Cases {
			if !c.OK {
				failed = append(failed, c.Name)
			}
		}
		require.Equal(t, []string{"write/update_order_status/repeat"}, failed, text.String())
		var codes []string
		for _, f := range rep.Findings() {
			codes = append(codes, fmt.Sprintf("%s %d:%d", f.Code, f.Pos.Line, f.Pos.Column))
		}
		require.Equal(t, []string{"VF411 530:1", "VF421 530:1"}, codes, text.String())
		require.Contains(t, text.String(), "  FAIL VF421 write/update_order_status/repeat\n")
		assertCleanedUp(t, rep)
	})
	// The same through the TypeScript modules tfdyn gen ts writes: the
	// committed ones of the example in a user's package (node_modules of
	// the pinned toolchain), and those of the broken copy.
	t.Run("ecommerce-ts", func(t *testing.T) {
		const dir = "../../examples/ecommerce"
		s := load(t, dir)
		mods := tsPackage(t, dir+"/ts", nil)
		rep, err := verify.Run(context.Background(), verify.Options{Schema: s, SchemaPath: dir, Env: env,
			ProviderMajor: providerFor(t, env, s), Items: 3, Generated: []verify.Generated{{Lang: "ts", Dir: mods}}})
		var text bytes.Buffer
		if rep != nil {
			rep.WriteText(&text)
		}
		require.NoError(t, err, text.String())
		require.True(t, rep.Passed, text.String())
		require.Len(t, rep.Generated, 1)
		g := rep.Generated[0]
		require.True(t, g.OK, text.String())
		require.Greater(t, len(g.Cases), 50)
		require.Equal(t, "seed", g.Cases[0].Name)
		require.Equal(t, "iam-policy", g.Cases[len(g.Cases)-1].Name)
		require.Contains(t, text.String(), fmt.Sprintf("Generated code ts:%s (contract test, %d of %d steps passed)", filepath.ToSlash(mods), len(g.Cases), len(g.Cases)))
		assertCleanedUp(t, rep)
	})
	t.Run("no_version_check-ts", func(t *testing.T) {
		dir := brokenWriteCopy("no_version_check")
		s := load(t, dir)
		files, diags := typescript.Generate(s, typescript.Options{Schema: "."})
		require.False(t, diags.HasErrors(), diags.Error())
		mods := tsPackage(t, "", files)
		rep, err := verify.Run(context.Background(), verify.Options{Schema: s, SchemaPath: dir, Env: env,
			ProviderMajor: providerFor(t, env, s), Items: 3, Generated: []verify.Generated{{Lang: "ts", Dir: mods}}})
		var text bytes.Buffer
		if rep != nil {
			rep.WriteText(&text)
		}
		require.NoError(t, err, text.String())
		require.False(t, rep.Passed, text.String())
		var failed []string
		for _, c := range rep.Generated[0].Cases {
			if !c.OK {
				failed = append(failed, c.Name)
			}
		}
		require.Equal(t, []string{"write/update_order_status/repeat"}, failed, text.String())
		var codes []string
		for _, f := range rep.Findings() {
			codes = append(codes, fmt.Sprintf("%s %d:%d", f.Code, f.Pos.Line, f.Pos.Column))
		}
		require.Equal(t, []string{"VF411 530:1", "VF421 530:1"}, codes, text.String())
		require.Contains(t, text.String(), "  FAIL VF421 write/update_order_status/repeat\n")
		assertCleanedUp(t, rep)
	})
}

// tsPackage makes a user's ES module package with the pinned TypeScript
// toolchain's node_modules and returns its modules' directory, src/db:
// a copy of the modules in committed, or files.
func tsPackage(t *testing.T, committed string, files map[string][]byte) string {
	t.Helper()
	pkg := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "package.json"), []byte(`{"name": "app", "private": true, "type": "module"}`+"\n"), 0o644))
	tstest.Link(t, pkg)
	mods := filepath.Join(pkg, "src", "db")
	if committed != "" {
		files = map[string][]byte{}
		require.NoError(t, filepath.WalkDir(committed, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, err := filepath.Rel(committed, p)
			if err != nil {
				return err
			}
			b, err := os.ReadFile(p)
			files[filepath.ToSlash(rel)] = b
			return err
		}))
	}
	for n, b := range files {
		p := filepath.Join(mods, filepath.FromSlash(n))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, b, 0o644))
	}
	return mods
}

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
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/verify"
)

// TestVerifyGeneratedContract is tfdyn verify --gen go:DIR on DynamoDB
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
}

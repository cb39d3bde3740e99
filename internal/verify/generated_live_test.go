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

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/gen/golang"
	"github.com/tfdyn/tfdyn/internal/gen/typescript"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/tstest"
	"github.com/tfdyn/tfdyn/internal/verify"
)

// TestVerifyGeneratedContract is tfdyn verify --gen go:DIR and ts:DIR on
// DynamoDB Local: the committed package of every example and published
// design (and the modules of examples/ecommerce) pass their contract test on the tables verify
// provisions (before verify's own checks, which pass too), and the package
// and modules
// generated from a write-broken copy of the example fail it at the step
// verify fails the schema for (the repeat of update_order_status, VF421
// beside VF411).
func TestVerifyGeneratedContract(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	run := func(t *testing.T, dir string, s *hclschema.Schema, g verify.Generated) (*verify.Report, string) {
		t.Helper()
		rep, err := verify.Run(context.Background(), verify.Options{LocalBackend: ddblocaltest.Backend(t), Schema: s, SchemaPath: dir, Env: env,
			ProviderMajor: providerFor(t, env, s), Items: 3, Generated: []verify.Generated{g}})
		var text bytes.Buffer
		if rep != nil {
			rep.WriteText(&text)
		}
		require.NoError(t, err, text.String())
		return rep, text.String()
	}
	// passes: the example's package or modules pass every step.
	passes := func(t *testing.T, dir string, g verify.Generated) {
		rep, text := run(t, dir, load(t, dir), g)
		require.True(t, rep.Passed, text)
		require.Len(t, rep.Generated, 1)
		c := rep.Generated[0]
		require.True(t, c.OK, text)
		require.Greater(t, len(c.Cases), 10)
		require.Equal(t, "seed", c.Cases[0].Name)
		require.Equal(t, "iam-policy", c.Cases[len(c.Cases)-1].Name)
		require.Contains(t, text, fmt.Sprintf("Generated code %s:%s (contract test, %d of %d steps passed)", g.Lang, filepath.ToSlash(g.Dir), len(c.Cases), len(c.Cases)))
		assertCleanedUp(t, rep)
	}
	// failsRepeat: the code of the copy without the version check fails
	// the repeat of update_order_status, where verify fails it (VF411).
	failsRepeat := func(t *testing.T, dir string, s *hclschema.Schema, g verify.Generated) {
		rep, text := run(t, dir, s, g)
		require.False(t, rep.Passed, text)
		var failed []string
		for _, c := range rep.Generated[0].Cases {
			if !c.OK {
				failed = append(failed, c.Name)
			}
		}
		require.Equal(t, []string{"write/update_order_status/repeat"}, failed, text)
		var codes []string
		for _, f := range rep.Findings() {
			codes = append(codes, fmt.Sprintf("%s %d:%d", f.Code, f.Pos.Line, f.Pos.Column))
		}
		require.Equal(t, []string{"VF411 530:1", "VF421 530:1"}, codes, text)
		require.Contains(t, text, "  FAIL VF421 write/update_order_status/repeat\n")
		assertCleanedUp(t, rep)
	}
	for _, ex := range []struct{ name, pkg string }{{"ecommerce", "shopdb"}, {"github", "githubdb"}, {"tournaments", "tournamentsdb"}} {
		t.Run(ex.name, func(t *testing.T) {
			dir := "../../examples/" + ex.name
			passes(t, dir, verify.Generated{Lang: "go", Dir: dir + "/" + ex.pkg})
		})
	}
	// The published designs of issue 30 through their committed packages:
	// per-write inputs of a transaction, an object input appended to a
	// document, computed attributes, quoted key names.
	for _, d := range []struct{ name, pkg string }{{"online_shop", "onlineshopdb"}, {"equipment_versions", "equipmentdb"}, {"device_state_log", "devicelogdb"}} {
		t.Run(d.name, func(t *testing.T) {
			passes(t, "../../testdata/published/"+d.name, verify.Generated{Lang: "go", Dir: "../gen/golang/internal/" + d.pkg})
		})
	}
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
		failsRepeat(t, dir, s, verify.Generated{Lang: "go", Dir: pkg})
	})
	// The same through the TypeScript modules tfdyn gen ts writes: the
	// committed ones of the example in a user's package (node_modules of
	// the pinned toolchain), and those of the broken copy.
	t.Run("ecommerce-ts", func(t *testing.T) {
		passes(t, "../../examples/ecommerce", verify.Generated{Lang: "ts", Dir: tstest.Package(t, tstest.Files(t, "../../examples/ecommerce/ts"))})
	})
	t.Run("no_version_check-ts", func(t *testing.T) {
		dir := brokenWriteCopy("no_version_check")
		s := load(t, dir)
		files, diags := typescript.Generate(s, typescript.Options{Schema: "."})
		require.False(t, diags.HasErrors(), diags.Error())
		failsRepeat(t, dir, s, verify.Generated{Lang: "ts", Dir: tstest.Package(t, files)})
	})
}

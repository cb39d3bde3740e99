package emit_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tfprovider/tfprovidertest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// TestEmittedTerraformValidates runs the real terraform fmt -check, init,
// validate and plan with the real hashicorp/aws provider on every example
// and layout. Every variant is written as a child module of one root per
// provider major version (module "<schema>_<variant>"), so that terraform
// initialises, validates and plans them all in one run each instead of
// starting the provider and loading its schema again for every variant: a
// variant that does not validate is named by its module path in
// terraform's error.
func TestEmittedTerraformValidates(t *testing.T) {
	t.Parallel()
	env := tftest.Env(t)
	target := ddblocaltest.Start(t)
	type root struct {
		dir     string
		modules []string
		tables  int // tables the plan creates
	}
	roots := map[int]*root{}
	dirs := schemaDirs(t)
	names := make([]string, 0, len(dirs))
	for name := range dirs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		s := loadSchema(t, dirs[name])
		for _, v := range variants(s) {
			major := v.opts.ProviderMajor
			if major == 0 {
				major = 6
			}
			r := roots[major]
			if r == nil {
				r = &root{dir: t.TempDir()}
				roots[major] = r
			}
			files, err := emit.Emit(s, v.opts)
			require.NoError(t, err, "%s/%s", name, v.name)
			mod := name + "_" + v.name
			work := filepath.Join(r.dir, mod)
			_, err = emit.Write(work, files, false)
			require.NoError(t, err, "%s/%s", name, v.name)
			if v.opts.Layout == emit.LayoutModuleCall {
				copyDir(t, "../../modules/dynamodb-table", filepath.Join(work, "modules", "dynamodb-table"))
			}
			r.modules = append(r.modules, mod)
			r.tables += len(s.Tables)
		}
	}
	for _, major := range []int{6, 5} {
		r := roots[major]
		if r == nil {
			continue
		}
		t.Run(fmt.Sprintf("provider%d", major), func(t *testing.T) {
			tftest.Parallel(t)
			constraint := emit.Provider6Constraint
			if major == 5 {
				constraint = "= 5.100.0"
			}
			tftest.RequireProvider(t, env, constraint)
			var main strings.Builder
			fmt.Fprintf(&main, "terraform {\n  required_providers {\n    aws = {\n      source  = \"hashicorp/aws\"\n      version = %q\n    }\n  }\n}\n", constraint)
			for _, mod := range r.modules {
				fmt.Fprintf(&main, "\nmodule %q {\n  source = %q\n}\n", mod, "./"+mod)
			}
			require.NoError(t, os.WriteFile(filepath.Join(r.dir, "main.tf"), []byte(main.String()), 0o644))
			tftest.Terraform(t, env, r.dir, "fmt", "-check", "-diff", "-recursive")
			tftest.Terraform(t, env, r.dir, "init", "-backend=false", "-input=false", "-no-color")
			tfprovidertest.Attach(t, env, r.dir)
			tftest.Terraform(t, env, r.dir, "validate", "-no-color")
			// And a plan against the local target: the provider accepts
			// every argument, and a fresh table plans as one create.
			require.NoError(t, os.WriteFile(filepath.Join(r.dir, "provider.tf"), []byte(target.ProviderBlock()), 0o644))
			out := tftest.Terraform(t, env, r.dir, "plan", "-input=false", "-no-color")
			require.Contains(t, out, fmt.Sprintf("Plan: %d to add, 0 to change, 0 to destroy.", r.tables))
		})
	}
}

// copyDir copies the Terraform files of a module (not .terraform or examples).
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			if d.Name() == ".terraform" || d.Name() == "examples" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if filepath.Ext(path) != ".tf" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	require.NoError(t, err)
}

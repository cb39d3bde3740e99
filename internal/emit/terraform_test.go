package emit_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// TestEmittedTerraformValidates runs the real terraform fmt -check, init and
// validate with the real hashicorp/aws provider on every example and layout.
func TestEmittedTerraformValidates(t *testing.T) {
	t.Parallel()
	env := tftest.Env(t)
	target := ddblocaltest.Start(t)
	for name, dir := range schemaDirs(t) {
		s := loadSchema(t, dir)
		for _, v := range variants(s) {
			t.Run(name+"/"+v.name, func(t *testing.T) {
				tftest.Parallel(t)
				if v.opts.ProviderMajor == 5 {
					tftest.RequireProvider(t, env, "= 5.100.0")
				} else {
					tftest.RequireProvider(t, env, emit.Provider6Constraint)
				}
				files, err := emit.Emit(s, v.opts)
				require.NoError(t, err)
				work := t.TempDir()
				_, err = emit.Write(work, files, false)
				require.NoError(t, err)
				if v.opts.Layout == emit.LayoutModuleCall {
					copyDir(t, "../../modules/dynamodb-table", filepath.Join(work, "modules", "dynamodb-table"))
				}
				tftest.Terraform(t, env, work, "fmt", "-check", "-diff", "-recursive")
				tftest.Terraform(t, env, work, "init", "-backend=false", "-input=false", "-no-color")
				tftest.Terraform(t, env, work, "validate", "-no-color")
				// And a plan against the local target: the provider accepts
				// every argument, and a fresh table plans as one create.
				require.NoError(t, os.WriteFile(filepath.Join(work, "provider.tf"), []byte(target.ProviderBlock()), 0o644))
				out := tftest.Terraform(t, env, work, "plan", "-input=false", "-no-color")
				require.Contains(t, out, fmt.Sprintf("Plan: %d to add, 0 to change, 0 to destroy.", len(s.Tables)))
			})
		}
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

package emit_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/emit"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// TestEmittedTerraformValidates runs the real terraform fmt -check, init and
// validate with the real hashicorp/aws provider on every example and layout.
func TestEmittedTerraformValidates(t *testing.T) {
	env := tftest.Env(t)
	for name, dir := range schemaDirs(t) {
		s := loadSchema(t, dir)
		for _, v := range variants(s) {
			t.Run(name+"/"+v.name, func(t *testing.T) {
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
				tftest.Terraform(t, env, work, "fmt", "-check", "-diff")
				tftest.Terraform(t, env, work, "init", "-backend=false", "-input=false", "-no-color")
				tftest.Terraform(t, env, work, "validate", "-no-color")
			})
		}
	}
}

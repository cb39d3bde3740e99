package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// TestScriptsTerraform runs the CLI scenarios in
// testdata/script-terraform/*.txtar, which also run the real terraform
// (script command `terraform ARGS...`, installing hashicorp/aws from
// tfdyn's mirror). $MODULE is a copy of modules/dynamodb-table in
// $WORK/modules/dynamodb-table. Skipped with -short.
func TestScriptsTerraform(t *testing.T) {
	env := tftest.Env(t)
	tftest.RequireProvider(t, env, emit.Provider6Constraint)
	tftest.RequireProvider(t, env, "= 5.100.0")
	examples, err := filepath.Abs("../../examples")
	if err != nil {
		t.Fatal(err)
	}
	module, err := os.ReadDir("../../modules/dynamodb-table")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script-terraform",
		Setup: func(e *testscript.Env) error {
			e.Setenv("EXAMPLES", examples)
			e.Setenv("NO_COLOR", "1")
			dst := filepath.Join(e.WorkDir, "modules", "dynamodb-table")
			if err := os.MkdirAll(dst, 0o755); err != nil {
				return err
			}
			for _, f := range module {
				if filepath.Ext(f.Name()) != ".tf" {
					continue
				}
				b, err := os.ReadFile(filepath.Join("../../modules/dynamodb-table", f.Name()))
				if err != nil {
					return err
				}
				if err := os.WriteFile(filepath.Join(dst, f.Name()), b, 0o644); err != nil {
					return err
				}
			}
			e.Setenv("MODULE", dst)
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits": cmdExits,
			// terraform ARGS... runs the real terraform in the current
			// directory; its output is the next stdout.
			"terraform": func(ts *testscript.TestScript, neg bool, args []string) {
				cmd := env.Command(ts.MkAbs("."), args...)
				cmd.Stdout, cmd.Stderr = ts.Stdout(), ts.Stderr()
				err := cmd.Run()
				var ee *exec.ExitError
				if err != nil && !errors.As(err, &ee) {
					ts.Fatalf("terraform: %v", err)
				}
				if neg != (err != nil) {
					ts.Fatalf("terraform %v: unexpected exit (error: %v)", args, err)
				}
			},
		},
	})
}

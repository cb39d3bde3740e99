package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/tfdyn/tfdyn/internal/tftest"
)

func TestMain(m *testing.M) {
	testscript.Main(removeBinaryAfter{m}, map[string]func(){
		"tfdyn": func() { os.Exit(Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// removeBinaryAfter runs the tests, then removes the tfdyn binary that
// tfdynBinary built for them (36 MB in a temp directory per run).
type removeBinaryAfter struct{ m *testing.M }

func (r removeBinaryAfter) Run() int {
	code := r.m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	return code
}

// TestScripts runs the CLI scenarios in testdata/script/*.txtar.
func TestScripts(t *testing.T) {
	tftest.Live() // the scenarios run tfdyn in a process of its own, reading examples/
	examples, err := filepath.Abs("../../examples")
	if err != nil {
		t.Fatal(err)
	}
	plans, err := filepath.Abs("../plancheck/testdata/plans")
	if err != nil {
		t.Fatal(err)
	}
	adopt, err := filepath.Abs("../adopt/testdata")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("EXAMPLES", examples)
			env.Setenv("PLANS", plans)
			env.Setenv("ADOPT", adopt)
			env.Setenv("NO_COLOR", "1")
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){"exits": cmdExits},
	})
}

// cmdExits is the script command `exits N PROG [ARGS...]`: it runs PROG like
// exec (stdout and stderr are kept for the next commands) and fails unless
// PROG exits with exactly N. `! exec` only says "not zero".
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! exits (give the exit code)")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: exits N PROG [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("%s: %v", args[1], err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited %d, want %d", args[1], got, want)
	}
}

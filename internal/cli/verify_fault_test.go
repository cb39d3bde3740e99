package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// watcher is a progress sink that calls on for every line containing a
// trigger, once.
type watcher struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	hooks map[string]func(text string)
}

func (w *watcher) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.buf.Write(p)
	text := w.buf.String()
	var fire []func(string)
	for trigger, fn := range w.hooks {
		if bytes.Contains(w.buf.Bytes(), []byte(trigger)) {
			fire = append(fire, fn)
			delete(w.hooks, trigger)
		}
	}
	w.mu.Unlock()
	for _, fn := range fire {
		fn(text)
	}
	return len(p), nil
}

func (w *watcher) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

var (
	pidRE       = regexp.MustCompile(`DynamoDB Local pid (\d+)`)
	workspaceRE = regexp.MustCompile(`workspace (\S+)`)
)

// faultRun runs `tfdyn verify` on the multiattr-free e-commerce example with
// provider 5 unless 6 is present, and returns exit code, stdout, stderr.
func faultRun(t *testing.T, ctx context.Context, hooks map[string]func(string), extraEnv ...string) (int, string, *watcher) {
	t.Helper()
	tftest.Serial(t) // sets the environment of this process: not in parallel, but a slot
	args, env := faultSetup(t, extraEnv...)
	for i := 0; i+1 < len(env); i += 2 {
		t.Setenv(env[i], env[i+1])
	}
	if keep, _ := ctx.Value(keepKey{}).(bool); keep {
		args = append([]string{"verify", "--keep"}, args[1:]...)
	}
	var stdout bytes.Buffer
	stderr := &watcher{hooks: hooks}
	code := RunContext(ctx, args, nil, &stdout, stderr)
	return code, stdout.String(), stderr
}

// keepKey in the context of faultRun adds --keep.
type keepKey struct{}

// faultRunBinary is faultRun with the real binary, in parallel with other
// live tests (its environment is the process's own); hooks get the process
// to signal.
func faultRunBinary(t *testing.T, hooks map[string]func(p *os.Process)) (int, string, *watcher) {
	t.Helper()
	tftest.Parallel(t)
	args, env := faultSetup(t)
	cmd := exec.Command(tfdynBinary(t), args...)
	cmd.Env = os.Environ()
	for i := 0; i+1 < len(env); i += 2 {
		cmd.Env = append(cmd.Env, env[i]+"="+env[i+1])
	}
	var stdout bytes.Buffer
	stderr := &watcher{hooks: map[string]func(string){}}
	for trigger, fn := range hooks {
		stderr.hooks[trigger] = func(string) { fn(cmd.Process) }
	}
	cmd.Stdout, cmd.Stderr = &stdout, stderr
	require.NoError(t, cmd.Start())
	err := cmd.Wait()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return code, stdout.String(), stderr
}

// faultSetup returns the arguments of a verify run and its environment
// (NAME, VALUE pairs: the CLI config of tfdyn's mirror, then extraEnv).
func faultSetup(t *testing.T, extraEnv ...string) (args, environ []string) {
	t.Helper()
	env := tftest.Env(t)
	provider := "6"
	if !env.HasAWSProvider(emit.Provider6Constraint) {
		if os.Getenv("TFDYN_REQUIRE_PROVIDER6") == "1" {
			tftest.RequireProvider(t, env, emit.Provider6Constraint)
		}
		provider = "5"
	}
	environ = append([]string{"TF_CLI_CONFIG_FILE", env.CLIConfigFile()}, extraEnv...)
	return []string{"verify", "--provider", provider, "--items", "5", "../../examples/ecommerce"}, environ
}

// assertNothingLeft checks that the DynamoDB Local process and the working
// directory of the run are gone.
func assertNothingLeft(t *testing.T, stderr string) {
	t.Helper()
	if m := pidRE.FindStringSubmatch(stderr); m != nil {
		pid, _ := strconv.Atoi(m[1])
		require.False(t, processExists(pid), "DynamoDB Local (pid %d) is still running", pid)
	}
	m := workspaceRE.FindStringSubmatch(stderr)
	require.NotNil(t, m, stderr)
	_, err := os.Stat(m[1])
	require.ErrorIs(t, err, os.ErrNotExist, "working directory %s is left behind", m[1])
}

func processExists(pid int) bool {
	if _, err := os.Stat(filepath.Join("/proc", strconv.Itoa(pid))); err != nil {
		return false
	}
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return false
	}
	// A zombie (state Z) has exited.
	return !bytes.Contains(b, []byte(") Z "))
}

func TestVerifyInterruptedDuringApplyCleansUp(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// DynamoDB Local comes up while terraform apply runs (they start
	// together): interrupt then, so that the table is being created.
	code, stdout, stderr := faultRun(t, ctx, map[string]func(string){
		"connect to local target done": func(string) { cancel() }, // what the first Ctrl-C does in Run
	})
	out := stderr.String()
	require.Equal(t, ExitInterrupted, code, out)
	require.Regexp(t, "\nError: interrupted during [a-z -]+; the cleanup destroyed everything this run created\n", stdout)
	require.NotContains(t, stdout, "PASS")
	require.Contains(t, out, "terraform destroy done")
	require.True(t, strings.HasSuffix(out, "\ntfdyn verify: interrupted\n"), out)
	assertNothingLeft(t, out)
}

// TestVerifyKeepStopsWithCtrlC: with --keep, Ctrl-C is the way to end the
// run after the checks: verify stops DynamoDB Local and exits with its
// verdict, not 130.
func TestVerifyKeepStopsWithCtrlC(t *testing.T) {
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), keepKey{}, true))
	defer cancel()
	code, stdout, stderr := faultRun(t, ctx, map[string]func(string){
		"--keep: the table is up at": func(string) { cancel() }, // what Ctrl-C does in Run
	})
	out := stderr.String()
	require.Equal(t, ExitOK, code, stdout+out)
	require.Contains(t, stdout, "\nPASS: ")
	require.NotContains(t, out, "interrupted")
	assertNothingLeft(t, out)
}

// TestVerifyInterruptedDuringDestroyNeverPasses sends SIGINT to the real
// binary while it proves the destroy (terraform plan -destroy, the local
// target's destroy step) after the checks: the destroy is not proven, so
// verify runs terraform destroy, then exits 130 without PASS.
func TestVerifyInterruptedDuringDestroyNeverPasses(t *testing.T) {
	code, stdout, stderr := faultRunBinary(t, map[string]func(*os.Process){
		"terraform plan -destroy ...": func(p *os.Process) { _ = p.Signal(syscall.SIGINT) }, // the process this test started
	})
	out := stderr.String()
	require.Equal(t, ExitInterrupted, code, out)
	require.Regexp(t, "\nError: interrupted during [a-z -]+; the cleanup destroyed everything this run created\n", stdout)
	require.NotContains(t, stdout, "PASS")
	require.Contains(t, out, "terraform destroy done")
	require.True(t, strings.HasSuffix(out, "\ntfdyn verify: interrupted\n"), out)
	assertNothingLeft(t, out)
}

// TestVerifySecondInterruptAbortsCleanup sends SIGINT during the destroy
// proof and again during the terraform destroy that follows: the second
// stops terraform and DynamoDB Local (its tables go with it), and the
// report says so.
func TestVerifySecondInterruptAbortsCleanup(t *testing.T) {
	code, stdout, stderr := faultRunBinary(t, map[string]func(*os.Process){
		"terraform plan -destroy ...": func(p *os.Process) { _ = p.Signal(syscall.SIGINT) }, // the process this test started
		"terraform destroy ...": func(p *os.Process) {
			time.Sleep(200 * time.Millisecond)
			_ = p.Signal(syscall.SIGINT)
		},
	})
	out := stderr.String()
	require.Equal(t, ExitInterrupted, code, out)
	require.Contains(t, out, "second interrupt: aborting the cleanup")
	require.Regexp(t, "\nError: interrupted during [a-z -]+; a second interrupt cut the cleanup short: DynamoDB Local is stopped and its tables are gone\n", stdout)
	require.NotContains(t, stdout, "PASS")
	assertNothingLeft(t, out)
}

func TestVerifyDynamoDBLocalKilledMidRun(t *testing.T) {
	code, stdout, stderr := faultRun(t, context.Background(), map[string]func(string){
		"write items ...": func(text string) {
			m := pidRE.FindStringSubmatch(text)
			if m == nil {
				return
			}
			pid, _ := strconv.Atoi(m[1])
			_ = syscall.Kill(pid, syscall.SIGKILL) // the process this run started
		},
	})
	out := stderr.String()
	require.Equal(t, ExitUsage, code, out)
	// The error is printed once: in the report.
	require.Regexp(t, `\nError: DynamoDB Local \(pid \d+\) exited during the run`, stdout)
	require.NotContains(t, out, "exited during the run")
	assertNothingLeft(t, out)
}

func TestVerifyTerraformApplyFails(t *testing.T) {
	// A terraform on PATH whose apply creates the table and then fails: the
	// worst case for cleanup.
	real, err := exec.LookPath("terraform")
	require.NoError(t, err)
	bin := t.TempDir()
	script := "#!/bin/sh\nif [ \"$1\" = apply ]; then \"" + real + "\" \"$@\"; echo 'Error: injected apply failure' >&2; exit 1; fi\nexec \"" + real + "\" \"$@\"\n"
	require.NoError(t, os.WriteFile(filepath.Join(bin, "terraform"), []byte(script), 0o755))
	code, stdout, stderr := faultRun(t, context.Background(), nil, "PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	out := stderr.String()
	require.Equal(t, ExitUsage, code, out)
	require.Contains(t, out, "terraform apply failed")
	require.Equal(t, 1, strings.Count(stdout+out, "injected apply failure"), "the error is printed once, in the report:\n%s", stdout)
	require.Contains(t, out, "terraform destroy done")
	assertNothingLeft(t, out)
}

func TestVerifyProviderNotInstallable(t *testing.T) {
	tftest.Serial(t)
	empty := t.TempDir()
	rc := filepath.Join(t.TempDir(), "terraformrc")
	require.NoError(t, os.WriteFile(rc, []byte("provider_installation {\n  filesystem_mirror {\n    path = \""+empty+"\"\n  }\n}\n"), 0o644))
	env := tftest.Env(t)
	// tfdyn's cache has DynamoDB Local but no provider mirror to fall back to.
	cache := t.TempDir()
	require.NoError(t, os.Symlink(env.DynamoDBLocalDir(), filepath.Join(cache, "dynamodb-local")))
	t.Setenv("TFDYN_CACHE", cache)
	t.Setenv("TF_CLI_CONFIG_FILE", rc)
	var stdout, stderr bytes.Buffer
	code := RunContext(context.Background(), []string{"verify", "../../examples/ecommerce"}, nil, &stdout, &stderr)
	require.Equal(t, ExitUsage, code, stderr.String())
	both := stderr.String() + stdout.String()
	require.Equal(t, 1, strings.Count(both, "terraform init could not install the provider"), "the error is printed once:\n%s", both)
	require.Equal(t, 1, strings.Count(both, "Offline: give terraform a filesystem mirror that holds it"), "with what to do, once:\n%s", both)
}

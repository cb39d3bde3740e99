// Package tftest runs the real terraform binary in tests, with the offline
// provider mirror that `make setup` prepares (package tfenv).
package tftest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tfdyn/tfdyn/internal/tfenv"
)

// RunEnv is the variable `make test` (scripts/test.sh) sets to a new value
// for every run.
const RunEnv = "TFDYN_TEST_RUN"

// Live marks the running test as one that touches live tools — terraform
// and the provider, DynamoDB Local and Java, npm, the go command, a program
// reading files the test did not open itself — whose inputs go test's cache
// cannot see: it reads RunEnv, so that under make test the package's result
// is never taken from the cache. Packages that only read files in the test
// process are cached (TestLivePackagesSkipTheCache lists the rule). Call it
// from the test (or a helper it calls), not from init or TestMain before
// m.Run: go test records only what the tests read.
func Live() { _ = os.Getenv(RunEnv) }

// Env returns the terraform environment, skipping the test under -short and
// failing it when `make setup` has not run. The test is Live.
func Env(t testing.TB) *tfenv.Env {
	t.Helper()
	Live()
	if testing.Short() {
		t.Skip("runs terraform (skipped with -short)")
	}
	env, err := tfenv.LoadMirror()
	if err != nil {
		t.Fatalf("%v", err)
	}
	return env
}

// RequireProvider skips the test when the mirror has no hashicorp/aws
// matching constraint, unless TFDYN_REQUIRE_PROVIDER6=1 (set by `make test`
// after setup), where a missing provider 6 fails the test instead.
func RequireProvider(t testing.TB, env *tfenv.Env, constraint string) {
	t.Helper()
	if env.HasAWSProvider(constraint) {
		return
	}
	msg := "no hashicorp/aws " + constraint + " in " + env.MirrorDir + ": run make setup (builds provider 6 once)"
	if os.Getenv("TFDYN_REQUIRE_PROVIDER6") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// Terraform runs terraform with args in dir and fails the test on error;
// it returns the combined output.
func Terraform(t testing.TB, env *tfenv.Env, dir string, args ...string) string {
	t.Helper()
	out, err := TerraformErr(env, dir, args...)
	if err != nil {
		t.Fatalf("terraform %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
	}
	return out
}

// TerraformErr runs terraform with args in dir and returns output and error.
// It attaches to the provider AttachProvider started for dir, if any.
//
// No plugin cache is used: from tfdyn's unpacked mirror terraform links the
// provider into .terraform (no copy), while through a plugin cache every
// init re-creates the cache's link, and a terraform command running in
// another directory at that moment finds no provider.
func TerraformErr(env *tfenv.Env, dir string, args ...string) (string, error) {
	out, err := Command(env, dir, args...).CombinedOutput()
	return string(out), err
}

// Command is env.Command for terraform with args in dir, attached to the
// provider started for dir (SetReattach), if any, except for init: init
// installs the providers the configuration asks for (terraform skips an
// attached one), and an upgrade must not find the old one attached.
func Command(env *tfenv.Env, dir string, args ...string) *exec.Cmd {
	cmd := env.Command(dir, args...)
	if v := reattachEnv(dir); v != "" && (len(args) == 0 || args[0] != "init") {
		cmd.Env = append(cmd.Env, v)
	}
	return cmd
}

// ExitCode returns the exit code of err from TerraformErr (0 for nil).
func ExitCode(err error) int {
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	return -1
}

// LinkMirror makes a Terraform filesystem mirror at dir that holds the
// given hashicorp/aws versions of tfdyn's mirror, linked rather than
// copied (the provider 6 binary is 1 GB), and returns dir. It fails the
// test when a version is missing.
func LinkMirror(t testing.TB, env *tfenv.Env, dir string, versions ...string) string {
	t.Helper()
	for _, v := range versions {
		from := filepath.Join(env.MirrorDir, "registry.terraform.io", "hashicorp", "aws", v)
		plats, err := os.ReadDir(from)
		if err != nil {
			t.Fatalf("hashicorp/aws %s is not in %s: %v", v, env.MirrorDir, err)
		}
		for _, p := range plats {
			to := filepath.Join(dir, "registry.terraform.io", "hashicorp", "aws", v, p.Name())
			if err := os.MkdirAll(to, 0o755); err != nil {
				t.Fatal(err)
			}
			files, err := os.ReadDir(filepath.Join(from, p.Name()))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				target, err := filepath.EvalSymlinks(filepath.Join(from, p.Name(), f.Name()))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(target, filepath.Join(to, f.Name())); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return dir
}

// CLIConfig writes a Terraform CLI config whose only provider
// installation method is the filesystem mirror at mirror, and returns its
// path.
func CLIConfig(t testing.TB, mirror string) string {
	t.Helper()
	rc := filepath.Join(t.TempDir(), "user.tfrc")
	src := "disable_checkpoint = true\nprovider_installation {\n  filesystem_mirror {\n    path = \"" + mirror + "\"\n  }\n}\n"
	if err := os.WriteFile(rc, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return rc
}

// SARIFSchema compiles the official SARIF 2.1.0 JSON schema that `make
// setup` fetches into the cache; it skips under -short when the schema is
// missing and fails otherwise.
func SARIFSchema(t testing.TB) *jsonschema.Schema {
	t.Helper()
	path := filepath.Join(tfenv.CacheDir(), "sarif", "sarif-schema-2.1.0.json")
	f, err := os.Open(path)
	if err != nil {
		if testing.Short() {
			t.Skip("no SARIF schema (make setup fetches it)")
		}
		t.Fatalf("the SARIF 2.1.0 schema is missing: run make setup (%v)", err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// ValidSARIF fails the test when log is not a valid SARIF 2.1.0 log.
func ValidSARIF(t testing.TB, log []byte) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(log))
	if err != nil {
		t.Fatalf("SARIF is not JSON: %v\n%s", err, log)
	}
	if err := SARIFSchema(t).Validate(inst); err != nil {
		t.Fatalf("SARIF does not validate against the 2.1.0 schema: %v\n%s", err, log)
	}
}

// Package tstest runs the real TypeScript toolchain in tests: the
// compilers (TypeScript 7 and 5.9), the AWS SDK packages and the Node.js
// types pinned by toolchain/package-lock.json, which `make setup`
// (scripts/setup.sh) installs into $TFDYN_CACHE/ts/<key>, and node.
package tstest

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var (
	//go:embed toolchain/package.json
	packageJSON []byte
	//go:embed toolchain/package-lock.json
	packageLock []byte
)

// Key names the toolchain's directory in the cache: the first 16 hex
// digits of the SHA-256 of package.json and package-lock.json, as
// scripts/setup.sh computes it, so that a changed lock file installs anew.
func Key() string {
	h := sha256.New()
	h.Write(packageJSON)
	h.Write(packageLock)
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// cacheDir is $TFDYN_CACHE, or ~/.cache/tfdyn.
func cacheDir() string {
	if c := os.Getenv("TFDYN_CACHE"); c != "" {
		return c
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "tfdyn")
}

// Dir returns the toolchain's directory (its node_modules holds the
// packages). A missing toolchain or node fails the test (run make setup);
// under -short it skips it.
func Dir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(cacheDir(), "ts", Key())
	missing := ""
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "typescript", "package.json")); err != nil {
		missing = "the TypeScript toolchain is not installed in " + dir + ": run make setup"
	} else if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not on PATH"
	}
	if missing != "" {
		if testing.Short() {
			t.Skip(missing)
		}
		t.Fatal(missing)
	}
	return dir
}

// Link puts the toolchain's node_modules into dir (a symbolic link), so
// that the compilers and node resolve the SDK packages from there.
func Link(t testing.TB, dir string) {
	t.Helper()
	if err := os.Symlink(filepath.Join(Dir(t), "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
}

// Compiler is a TypeScript compiler of the toolchain.
type Compiler struct {
	// Name is its package: typescript (7) or typescript5 (5.9).
	Name string
}

// Compilers are the toolchain's compilers: the generated code must pass
// both.
var Compilers = []Compiler{{Name: "typescript"}, {Name: "typescript5"}}

// Run runs tsc with args in dir; it returns the output and whether tsc
// succeeded.
func (c Compiler) Run(t testing.TB, dir string, args ...string) (string, bool) {
	t.Helper()
	tsc := filepath.Join(Dir(t), "node_modules", c.Name, "bin", "tsc")
	cmd := exec.Command("node", append([]string{tsc}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("tsc: %v", err)
	}
	return strings.TrimSpace(string(out)), err == nil
}

// Node runs node with args in dir, stdin as its input; it fails the test
// when node fails and returns its standard output.
func Node(t testing.TB, dir string, stdin []byte, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("node", args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(string(stdin))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return out
}

// Package tstest runs the real TypeScript toolchain in tests: the
// compilers (TypeScript 7 and 5.9), the AWS SDK packages and the Node.js
// types pinned by toolchain/package-lock.json, which `make setup`
// (scripts/setup.sh) installs into $TFDYN_CACHE/ts/<key>, and node.
package tstest

import (
	"bufio"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfdyn/tfdyn/internal/tftest"
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
// under -short it skips it. The test is live (tftest.Live): tsc and node
// read files go test's cache cannot see.
func Dir(t testing.TB) string {
	t.Helper()
	tftest.Live()
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

// Package makes an application's ES module package in a temporary
// directory with the toolchain's node_modules (Link) and writes files
// (slash-separated paths, such as tfdyn gen ts's) under its src/db; it
// returns src/db, the modules' directory.
func Package(t testing.TB, files map[string][]byte) string {
	t.Helper()
	pkg := t.TempDir()
	if err := os.WriteFile(filepath.Join(pkg, "package.json"), []byte(`{"name": "app", "private": true, "type": "module"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	Link(t, pkg)
	mods := filepath.Join(pkg, "src", "db")
	for n, b := range files {
		p := filepath.Join(mods, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return mods
}

// Files reads every file below dir, by its slash-separated path relative
// to dir: a directory of committed modules, to copy with Package.
func Files(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
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

// syntaxServer reads a JSON line per file ({"name", "text"}) and answers a
// JSON line: the syntax errors TypeScript 5.9's transpileModule reports.
const syntaxServer = `const ts = require(process.argv[1]);
const lines = require("node:readline").createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  const { name, text } = JSON.parse(line);
  const out = ts.transpileModule(text, { fileName: name, reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } });
  const errors = (out.diagnostics || []).map((d) => {
    const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    return (at ? name + ":" + (at.line + 1) + ":" + (at.character + 1) + ": " : "") + "TS" + d.code + " " + ts.flattenDiagnosticMessageText(d.messageText, " ");
  });
  process.stdout.write(JSON.stringify(errors) + "\n");
});
`

// Lines is a node process that answers each JSON line on its standard
// input with a JSON line on its standard output.
type Lines struct {
	in  io.WriteCloser
	out *bufio.Scanner
}

// StartLines starts node with args in dir; the test stops it (closes its
// input, then kills it if it does not end) when it ends.
func StartLines(t testing.TB, dir string, args ...string) *Lines {
	t.Helper()
	cmd := exec.Command("node", args...)
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = in.Close()
		if err := cmd.Wait(); err != nil {
			_ = cmd.Process.Kill()
		}
	})
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	return &Lines{in: in, out: sc}
}

// Write writes raw input: lines the process answers one by one.
func (l *Lines) Write(p []byte) (int, error) { return l.in.Write(p) }

// Line is the JSON line of v.
func Line(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

// Receive reads the next answer into v.
func (l *Lines) Receive(t testing.TB, v any) {
	t.Helper()
	if !l.out.Scan() {
		t.Fatalf("the node process stopped: %v", l.out.Err())
	}
	if err := json.Unmarshal(l.out.Bytes(), v); err != nil {
		t.Fatalf("node answered %v: %s", err, l.out.Text())
	}
}

// Call sends req as a line and reads the answer into resp.
func (l *Lines) Call(t testing.TB, req, resp any) {
	t.Helper()
	if _, err := l.Write(Line(t, req)); err != nil {
		t.Fatalf("write to node: %v", err)
	}
	l.Receive(t, resp)
}

// SyntaxChecker is a node process that checks the syntax of TypeScript
// files with the TypeScript 5.9 compiler's API, fast enough for a fuzz
// target (the compilers check the types).
type SyntaxChecker struct{ lines *Lines }

// NewSyntaxChecker starts a checker; the test stops it when it ends.
func NewSyntaxChecker(t testing.TB) *SyntaxChecker {
	t.Helper()
	ts := filepath.Join(Dir(t), "node_modules", "typescript5", "lib", "typescript.js")
	return &SyntaxChecker{lines: StartLines(t, "", "-e", syntaxServer, ts)}
}

// Check returns the syntax errors of a TypeScript file.
func (c *SyntaxChecker) Check(t testing.TB, name string, text []byte) []string {
	t.Helper()
	var errs []string
	c.lines.Call(t, map[string]string{"name": name, "text": string(text)}, &errs)
	return errs
}

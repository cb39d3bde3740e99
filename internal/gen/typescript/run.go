package typescript

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// ContractOptions says what RunContract runs the contract of and where.
type ContractOptions struct {
	Schema *hclschema.Schema
	// SchemaPath is the schema's path (a directory or a file): the
	// identity the modules' headers record when Dir has no index.ts.
	SchemaPath string
	// Dir holds the generated modules (tfdyn gen ts -o DIR).
	Dir string
	// Work is the directory the run's workspace is made in (and removed
	// from); "" for the system's temporary directory.
	Work string
	// NodeModules is the node_modules directory holding
	// @aws-sdk/client-dynamodb, @aws-sdk/lib-dynamodb and typescript; ""
	// finds the one of Dir's package (Dir, then each parent).
	NodeModules string
	// Env is the contract environment, added to the process's: the
	// endpoint (gen.ContractEndpointEnv), the DynamoDB table of each table
	// label (gen.ContractTableVar; each empty, of the schema's definition),
	// AWS_REGION and the credentials; the same variables gen go's contract
	// test reads.
	Env []string
}

// ContractReport is what a contract run found.
type ContractReport struct {
	// Stale lists the generated files of Dir that are not what tfdyn gen
	// ts writes for the schema now (gen --check's answer), one line each;
	// the contract still runs the modules as they are.
	Stale []string
	// Compile holds the compiler's errors when the modules (with the
	// contract) do not compile; nothing ran then.
	Compile string
	// Steps are the contract's steps in order, each passed or failed
	// with its message.
	Steps []ContractStep
}

// ContractStep is one step of a contract run: seed, read/<pattern>/<n>,
// query/..., write/<pattern>/<case>, after/<pattern>/<n>, iam-policy.
type ContractStep struct {
	Name    string
	Passed  bool
	Message string
}

// Passed reports whether the modules are current, compile and passed
// every step.
func (r *ContractReport) Passed() bool {
	if len(r.Stale) > 0 || r.Compile != "" || len(r.Steps) == 0 {
		return false
	}
	for _, s := range r.Steps {
		if !s.Passed {
			return false
		}
	}
	return true
}

// EnvError is a contract run that could not run: no node, no SDK or
// compiler for the modules, a workspace that cannot be written.
type EnvError struct{ Err error }

func (e *EnvError) Error() string { return "gen ts contract: " + e.Err.Error() }

// Unwrap returns the cause.
func (e *EnvError) Unwrap() error { return e.Err }

// FindNodeModules returns the node_modules directory of the package of
// dir that holds the AWS SDK's DynamoDB client: dir's, or a parent's.
func FindNodeModules(dir string) (string, bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for d := abs; ; d = filepath.Dir(d) {
		nm := filepath.Join(d, "node_modules")
		if _, err := os.Stat(filepath.Join(nm, "@aws-sdk", "client-dynamodb", "package.json")); err == nil {
			return nm, true
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}

// ContractTools returns node and the node_modules directory a contract run
// of the modules in dir uses (nodeModules, or the one of dir's package:
// FindNodeModules), or an *EnvError saying what to install: node, and in
// the package @aws-sdk/client-dynamodb and @aws-sdk/lib-dynamodb (the
// modules' dependencies) and typescript (the contract is compiled with the
// package's own compiler).
func ContractTools(dir, nodeModules string) (node, nm string, err error) {
	node, err = exec.LookPath("node")
	if err != nil {
		return "", "", &EnvError{Err: errors.New("node is not on PATH: install Node.js 18 or later")}
	}
	nm = nodeModules
	if nm == "" {
		var ok bool
		if nm, ok = FindNodeModules(dir); !ok {
			return "", "", &EnvError{Err: fmt.Errorf("no node_modules with @aws-sdk/client-dynamodb in %s or a parent directory: install the modules' dependencies in their package (npm install @aws-sdk/client-dynamodb @aws-sdk/lib-dynamodb and, for the contract test, npm install --save-dev typescript)", dir)}
		}
	}
	for _, need := range []string{"@aws-sdk/client-dynamodb", "@aws-sdk/lib-dynamodb", "typescript"} {
		if _, err := os.Stat(filepath.Join(nm, need, "package.json")); err != nil {
			return "", "", &EnvError{Err: fmt.Errorf("%s is not installed in %s: npm install %s in the modules' package", need, nm, need)}
		}
	}
	return node, nm, nil
}

// contractIdentity is the schema identity of the modules' headers: the one
// index.ts records (gen ts names the schema as its command line did, a
// directory or a file), else the schema path's relative to Dir.
func contractIdentity(opts ContractOptions) string {
	if b, err := os.ReadFile(filepath.Join(opts.Dir, "index.ts")); err == nil {
		if h, err := emit.ParseFileHeader(b); err == nil && h.Schema != "" {
			return h.Schema
		}
	}
	if id, err := emit.SchemaIdentity(opts.SchemaPath, opts.Dir); err == nil {
		return id
	}
	return filepath.ToSlash(opts.SchemaPath)
}

// contractSpec is the module specifier the contract imports the modules
// with.
const contractSpec = "./db/index.js"

// RunContract runs the contract test of the schema against the tables
// opts names, through the modules in opts.Dir: it compiles a copy of the
// generated files with the contract (PrintContract) in a workspace under
// opts.Work and runs it with node's test runner. A run that cannot start
// (no node, no SDK, no TypeScript) is an *EnvError; what the contract
// finds is in the report.
func RunContract(ctx context.Context, opts ContractOptions) (*ContractReport, error) {
	s := opts.Schema
	identity := contractIdentity(opts)
	var api *gen.API
	files, diags := gen.Generate(s, identity, []string{"--lang"}, []string{"ts"}, func(a *gen.API) (map[string][]byte, hcl.Diagnostics) {
		api = a
		return Print(a, Options{Schema: identity})
	})
	if diags.HasErrors() {
		return nil, &EnvError{Err: fmt.Errorf("the schema has no TypeScript modules: %s", diags.Error())}
	}
	contract, err := api.Contract(s)
	if err != nil {
		return nil, &EnvError{Err: fmt.Errorf("the contract of the schema: %w", err)}
	}
	rep := &ContractReport{}
	if _, err := emit.Write(opts.Dir, files, true); err != nil {
		var stale *emit.StaleError
		if errors.As(err, &stale) {
			for _, f := range stale.Files {
				rep.Stale = append(rep.Stale, f.String())
			}
		} else {
			rep.Stale = append(rep.Stale, err.Error())
		}
	}
	node, nm, err := ContractTools(opts.Dir, opts.NodeModules)
	if err != nil {
		return nil, err
	}
	ws, err := os.MkdirTemp(opts.Work, "tfdyn-contract-ts-")
	if err != nil {
		return nil, &EnvError{Err: err}
	}
	defer os.RemoveAll(ws)
	// The modules as they are in Dir (the files the schema generates),
	// the contract beside them.
	for n := range files {
		b, err := os.ReadFile(filepath.Join(opts.Dir, filepath.FromSlash(n)))
		if err != nil {
			continue // missing: Stale says so, and the compiler does too
		}
		if err := writeFile(filepath.Join(ws, "src", "db", filepath.FromSlash(n)), b); err != nil {
			return nil, &EnvError{Err: err}
		}
	}
	types := `"types": ["node"]`
	if _, err := os.Stat(filepath.Join(nm, "@types", "node", "package.json")); err != nil {
		types = `"types": []`
		if err := writeFile(filepath.Join(ws, "src", "node.d.ts"), []byte(nodeDeclarations)); err != nil {
			return nil, &EnvError{Err: err}
		}
	}
	tsconfig := `{
  "compilerOptions": {
    "strict": true,
    "exactOptionalPropertyTypes": true,
    "noUncheckedIndexedAccess": true,
    "target": "es2022",
    "lib": ["es2022"],
    "module": "nodenext",
    "moduleResolution": "nodenext",
    "skipLibCheck": true,
    "rootDir": "src",
    "outDir": "out",
    ` + types + `
  },
  "include": ["src"]
}
`
	for name, body := range map[string][]byte{
		"package.json":         []byte(`{"name": "tfdyn-contract", "private": true, "type": "module"}` + "\n"),
		"tsconfig.json":        []byte(tsconfig),
		"reporter.mjs":         []byte(reporterSource),
		"src/contract.test.ts": PrintContract(api, contract, contractSpec),
	} {
		if err := writeFile(filepath.Join(ws, filepath.FromSlash(name)), body); err != nil {
			return nil, &EnvError{Err: err}
		}
	}
	if err := os.Symlink(nm, filepath.Join(ws, "node_modules")); err != nil {
		return nil, &EnvError{Err: err}
	}
	out, ok, err := runNode(ctx, ws, nil, node, filepath.Join(nm, "typescript", "bin", "tsc"), "-p", ".", "--pretty", "false")
	if err != nil {
		return nil, err
	}
	if !ok {
		rep.Compile = strings.TrimSpace(strings.ReplaceAll(string(out), "src/db/", filepath.ToSlash(opts.Dir)+"/"))
		return rep, nil
	}
	out, _, err = runNode(ctx, ws, opts.Env, node, "--test-reporter=./reporter.mjs", "out/contract.test.js")
	if err != nil {
		return nil, err
	}
	rep.Steps, err = parseReport(out)
	if err != nil {
		return nil, &EnvError{Err: err}
	}
	return rep, nil
}

// runNode runs node (path) with args in dir, env added to the process's,
// and returns its standard output (and error output when it fails) and
// whether it exited 0. The context stops it (its process group).
func runNode(ctx context.Context, dir string, env []string, node string, args ...string) ([]byte, bool, error) {
	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return nil, false, ctx.Err()
	}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return append(stdout.Bytes(), stderr.Bytes()...), false, nil
	case err != nil:
		return nil, false, &EnvError{Err: fmt.Errorf("node: %w", err)}
	}
	return stdout.Bytes(), true, nil
}

// reportLine is a line of the reporter: a test that passed or failed.
type reportLine struct {
	Name    string `json:"name"`
	Nesting int    `json:"nesting"`
	OK      bool   `json:"ok"`
	Error   string `json:"error"`
}

// parseReport reads the reporter's lines into the contract's steps (the
// subtests of the test "contract"); the test itself failing without a
// step (the environment is missing) is a step "contract".
func parseReport(out []byte) ([]ContractStep, error) {
	var steps []ContractStep
	var top *reportLine
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		var l reportLine
		if err := json.Unmarshal(line, &l); err != nil {
			continue
		}
		switch l.Nesting {
		case 0:
			top = &l
		case 1:
			steps = append(steps, ContractStep{Name: l.Name, Passed: l.OK, Message: l.Error})
		}
	}
	if top == nil {
		return nil, fmt.Errorf("the contract test reported nothing:\n%s", lastLines(string(out), 20))
	}
	if !top.OK && (len(steps) == 0 || allPassed(steps)) {
		steps = append(steps, ContractStep{Name: "contract", Message: top.Error})
	}
	return steps, nil
}

func allPassed(steps []ContractStep) bool {
	for _, s := range steps {
		if !s.Passed {
			return false
		}
	}
	return true
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func writeFile(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// reporterSource is a reporter of node's test runner that writes a JSON
// line per test that passed or failed (the error's message, the cause's
// for a failed subtest).
const reporterSource = `export default async function* reporter(source) {
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") {
      continue;
    }
    const d = event.data;
    let error = "";
    if (event.type === "test:fail") {
      const e = d.details && d.details.error;
      const c = e && e.cause ? e.cause : e;
      error = c && c.message !== undefined ? String(c.message) : String(c);
    }
    yield JSON.stringify({ name: d.name, nesting: d.nesting, ok: event.type === "test:pass", error }) + "\n";
  }
}
`

// nodeDeclarations declare what the contract test uses of Node.js when
// the modules' package has no @types/node.
const nodeDeclarations = `declare module "node:test" {
  interface TestContext {
    test(name: string, fn: () => Promise<void>): Promise<void>;
  }
  export function test(name: string, fn: (t: TestContext) => Promise<void>): Promise<void>;
}

declare const process: { readonly env: { readonly [name: string]: string | undefined } };

interface AbortSignal {
  readonly aborted: boolean;
}
`

package verify

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/gen"
	"github.com/tfdyn/tfdyn/internal/gen/golang"
	"github.com/tfdyn/tfdyn/internal/gen/typescript"
	"github.com/tfdyn/tfdyn/internal/tfenv"
)

// Generated is generated code whose contract test verify runs on the
// tables it provisions (--gen LANG:DIR): Lang is "go" or "ts", Dir the
// package's directory (tfdyn gen go -o DIR) or the modules' (tfdyn gen ts
// -o DIR) (the CLI checks first that it is what tfdyn gen writes for the
// schema).
type Generated struct {
	Lang, Dir string
}

// GeneratedReport is the outcome of one generated package's contract test:
// one case per step (seed, read/<pattern>/<n>, write/<pattern>/<case>,
// query/<builder>/<run>, after/<pattern>/<n>, iam-policy).
type GeneratedReport struct {
	Lang  string          `json:"lang"`
	Dir   string          `json:"dir"`
	Cases []GeneratedCase `json:"cases"`
	OK    bool            `json:"ok"`
	// Error is set when the test did not run (it does not build, go is
	// missing); Output is then the go command's output.
	Error  string `json:"error,omitempty"`
	Output string `json:"output,omitempty"`
}

// GeneratedCase is one step of a contract test.
type GeneratedCase struct {
	Name string `json:"name"`
	OK   bool   `json:"ok"`
	// Message is the test's failure output.
	Message string        `json:"message,omitempty"`
	Pos     *findings.Pos `json:"position,omitempty"`
}

// generatedPassed reports whether every generated package passed.
func generatedPassed(gs []GeneratedReport) bool {
	for _, g := range gs {
		if !g.OK {
			return false
		}
	}
	return true
}

// contracts runs the contract test of every generated package on the
// provisioned tables, which are empty: each test writes its items, and the
// tables are emptied again afterwards for verify's own data.
func (r *runner) contracts(ctx context.Context) error {
	for _, g := range r.opts.Generated {
		rep, err := r.contract(ctx, g)
		if err != nil {
			return err
		}
		r.mu.Lock()
		r.report.Generated = append(r.report.Generated, rep)
		r.mu.Unlock()
		for _, t := range r.opts.Schema.Tables {
			var keys []string
			for _, k := range t.Primary.KeyAttrs() {
				keys = append(keys, k.Name)
			}
			if _, err := dynamo.Empty(ctx, r.client, r.ws.tableNames[t], keys); err != nil {
				return err
			}
		}
	}
	return nil
}

// contract runs one package's contract test in its language's runner,
// each step placed at its pattern.
func (r *runner) contract(ctx context.Context, g Generated) (GeneratedReport, error) {
	rep := GeneratedReport{Lang: g.Lang, Dir: g.Dir}
	env, err := r.contractEnv(ctx)
	if err != nil {
		return rep, err
	}
	switch g.Lang {
	case "go":
		err = r.goContract(ctx, g, env, &rep)
	case "ts":
		err = r.tsContract(ctx, g, env, &rep)
	default:
		err = fmt.Errorf("verify --gen %s:%s: no contract runner for %q", g.Lang, g.Dir, g.Lang)
	}
	if err != nil {
		return rep, err
	}
	rep.OK = rep.Error == "" && len(rep.Cases) > 0
	for i := range rep.Cases {
		rep.OK = rep.OK && rep.Cases[i].OK
		rep.Cases[i].Pos = r.stepPos(rep.Cases[i].Name)
	}
	return rep, nil
}

// tsContract runs the contract test of the modules tfdyn gen ts wrote into
// g.Dir with node's test runner (typescript.RunContract: compiled with the
// package's TypeScript under the strict options).
func (r *runner) tsContract(ctx context.Context, g Generated, env []string, rep *GeneratedReport) error {
	res, err := typescript.RunContract(ctx, typescript.ContractOptions{Schema: r.opts.Schema, SchemaPath: r.opts.SchemaPath, Dir: g.Dir, Env: env})
	if err != nil {
		var envErr *typescript.EnvError
		if errors.As(err, &envErr) {
			return &tfenv.EnvError{Err: fmt.Errorf("verify --gen %s:%s: %w", g.Lang, g.Dir, err)}
		}
		return err
	}
	switch {
	case len(res.Stale) > 0:
		rep.Error = fmt.Sprintf("the modules in %s are not what tfdyn gen ts writes for the schema:\n%s", g.Dir, strings.Join(res.Stale, "\n"))
	case res.Compile != "":
		rep.Error = fmt.Sprintf("the contract test of %s does not compile (tsc --strict):\n%s", g.Dir, res.Compile)
	}
	for _, st := range res.Steps {
		rep.Cases = append(rep.Cases, GeneratedCase{Name: st.Name, OK: st.Passed, Message: st.Message})
	}
	return nil
}

// goContract runs the contract test of the package tfdyn gen go wrote into
// g.Dir with go test -json.
func (r *runner) goContract(ctx context.Context, g Generated, env []string, rep *GeneratedReport) error {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return &tfenv.EnvError{Err: fmt.Errorf("verify --gen %s:%s runs the package's contract test with the go command, which is not on PATH", g.Lang, g.Dir)}
	}
	dir, err := filepath.Abs(g.Dir)
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, goBin, "test", "-tags", golang.ContractTag, "-run", "^TestContract$", "-count=1", "-json", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	rep.Cases, rep.Output = parseTestJSON(bytes.NewReader(out))
	if len(rep.Cases) == 0 {
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			return err
		}
		rep.Error = fmt.Sprintf("the contract test of %s did not run (go test -tags %s): %s", g.Dir, golang.ContractTag, strings.TrimSpace(stderr.String()+"\n"+rep.Output))
	} else if err != nil && allOK(rep.Cases) {
		// go test failed outside the steps (TestContract itself).
		rep.Error = fmt.Sprintf("the contract test of %s failed outside its steps: %s", g.Dir, strings.TrimSpace(stderr.String()+"\n"+rep.Output))
	}
	return nil
}

func allOK(cases []GeneratedCase) bool {
	for _, c := range cases {
		if !c.OK {
			return false
		}
	}
	return true
}

// contractEnv is the environment of a contract test in any language: the
// endpoint, the credentials and region of verify's client, and the name of
// every table.
func (r *runner) contractEnv(ctx context.Context) ([]string, error) {
	opts := r.client.Options()
	target := gen.ContractTarget{Endpoint: r.report.Endpoint, Region: opts.Region, Tables: map[string]string{}}
	if r.opts.Target == TargetAWS {
		target.Endpoint = "https://dynamodb." + opts.Region + ".amazonaws.com"
	}
	if opts.Credentials != nil {
		creds, err := opts.Credentials.Retrieve(ctx)
		if err != nil {
			return nil, fmt.Errorf("credentials for the contract test: %w", err)
		}
		target.AccessKey, target.SecretKey, target.SessionToken = creds.AccessKeyID, creds.SecretAccessKey, creds.SessionToken
	}
	for _, t := range r.opts.Schema.Tables {
		target.Tables[t.Label] = r.ws.tableNames[t]
	}
	return target.Env(), nil
}

// stepPos is the schema position of a contract step: the pattern or write
// pattern it runs.
func (r *runner) stepPos(step string) *findings.Pos {
	parts := strings.Split(step, "/")
	if len(parts) < 2 {
		return nil
	}
	s := r.opts.Schema
	switch parts[0] {
	case "read", "after":
		if p := s.Pattern(parts[1]); p != nil {
			return findings.PosOf(&p.DeclRange)
		}
	case "write":
		if w := s.WritePattern(parts[1]); w != nil {
			return findings.PosOf(&w.DeclRange)
		}
	}
	return nil
}

// testEvent is one line of go test -json (test2json).
type testEvent struct {
	Action string
	Test   string
	Output string
}

// parseTestJSON reads go test -json output: the subtests of TestContract
// in order with their failure output, and the output outside any test.
func parseTestJSON(rd io.Reader) ([]GeneratedCase, string) {
	var cases []GeneratedCase
	at := map[string]int{}
	outputs := map[string]*strings.Builder{}
	var other strings.Builder
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var ev testEvent
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			other.WriteString(sc.Text() + "\n")
			continue
		}
		name, sub := strings.CutPrefix(ev.Test, "TestContract/")
		switch {
		case ev.Test == "":
			if ev.Action == "output" {
				other.WriteString(ev.Output)
			}
			continue
		case !sub:
			continue
		}
		if _, ok := at[name]; !ok && ev.Action == "run" {
			at[name] = len(cases)
			cases = append(cases, GeneratedCase{Name: name})
			outputs[name] = &strings.Builder{}
		}
		i, ok := at[name]
		if !ok {
			continue
		}
		switch ev.Action {
		case "output":
			line := strings.TrimSpace(ev.Output)
			if line != "" && !strings.HasPrefix(line, "=== ") && !strings.HasPrefix(line, "--- ") {
				outputs[name].WriteString(line + "\n")
			}
		case "pass":
			cases[i].OK = true
		case "fail":
			cases[i].OK = false
			cases[i].Message = strings.TrimSpace(outputs[name].String())
		}
	}
	return cases, other.String()
}

// writeGeneratedText prints the contract tests' section of the text report.
func writeGeneratedText(w io.Writer, gs []GeneratedReport) {
	for _, g := range gs {
		passed := 0
		for _, c := range g.Cases {
			if c.OK {
				passed++
			}
		}
		fmt.Fprintf(w, "\nGenerated code %s:%s (contract test, %d of %d steps passed)\n", g.Lang, filepath.ToSlash(g.Dir), passed, len(g.Cases))
		if g.Error != "" {
			fmt.Fprintf(w, "  FAIL %s\n", strings.ReplaceAll(strings.TrimSpace(g.Error), "\n", "\n       "))
		}
		for _, c := range g.Cases {
			if c.OK {
				continue
			}
			fmt.Fprintf(w, "  FAIL %s %s\n", vfGenerated, c.Name)
			if c.Message != "" {
				fmt.Fprintf(w, "       %s\n", strings.ReplaceAll(c.Message, "\n", "\n       "))
			}
		}
	}
}

// generatedFindings are the failed steps of the contract tests, each at
// its pattern (or the schema when it has none).
func generatedFindings(gs []GeneratedReport) []findings.Finding {
	var out []findings.Finding
	k, _ := CheckKindByCode(vfGenerated)
	for _, g := range gs {
		if g.Error != "" {
			out = append(out, findings.Finding{Code: vfGenerated, Severity: findings.Error, Doc: k.DocPath(),
				Summary: fmt.Sprintf("Generated code %s:%s: the contract test did not complete", g.Lang, g.Dir), Detail: g.Error})
		}
		for _, c := range g.Cases {
			if c.OK {
				continue
			}
			out = append(out, findings.Finding{Code: vfGenerated, Severity: findings.Error, Doc: k.DocPath(), Pos: c.Pos, Subject: c.Name,
				Summary: fmt.Sprintf("Generated code %s:%s: %s", g.Lang, g.Dir, c.Name), Detail: c.Message})
		}
	}
	return out
}

package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/tfdyn/tfdyn/internal/tftest"
)

// ciRepo is a user's repository as the CI example expects it: the
// e-commerce schema in schema/, its emitted Terraform in infra/dynamodb
// and its design document in docs/DESIGN.md, all current.
func ciRepo(t *testing.T, bin string) string {
	t.Helper()
	repo := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(repo, "schema"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(repo, "docs"), 0o755))
	copyDir(t, "../../examples/ecommerce", filepath.Join(repo, "schema"))
	require.NoError(t, os.Remove(filepath.Join(repo, "schema", "DESIGN.md")))
	require.NoError(t, os.Remove(filepath.Join(repo, "schema", "README.md")))
	for _, args := range [][]string{{"emit", "schema/", "-o", "infra/dynamodb"}, {"doc", "schema/", "-o", "docs/DESIGN.md"}, {"gen", "go", "schema/", "-o", "internal/store"}} {
		cmd := exec.Command(bin, args...)
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, string(out))
	}
	return repo
}

// runAction runs the action's script (what action.yml's run step runs) in
// dir with the action's inputs and fake GitHub files; it returns the exit
// code, the annotations (stdout without group markers), the job summary
// and the step outputs.
func runAction(t *testing.T, bin, repo, dir string, inputs map[string]string) (int, []string, string, string) {
	t.Helper()
	script, err := filepath.Abs("../../scripts/action.sh")
	require.NoError(t, err)
	gh := t.TempDir()
	summary, output := filepath.Join(gh, "summary.md"), filepath.Join(gh, "output")
	cmd := exec.Command("bash", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TFDYN="+bin, "GITHUB_WORKSPACE="+repo, "GITHUB_STEP_SUMMARY="+summary, "GITHUB_OUTPUT="+output, "NO_COLOR=1",
		"TFDYN_REPORT_DIR="+filepath.Join(gh, "reports"))
	for k, v := range inputs {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	var annotations []string
	for _, l := range strings.Split(stdout.String(), "\n") {
		if strings.HasPrefix(l, "::") && !strings.HasPrefix(l, "::group::") && !strings.HasPrefix(l, "::endgroup::") {
			annotations = append(annotations, l)
		}
	}
	s, _ := os.ReadFile(summary)
	o, _ := os.ReadFile(output)
	return code, annotations, string(s), string(o)
}

// TestActionSteps runs the action's steps on a user's repository: clean,
// then with an unformatted schema, stale emitted Terraform and a stale
// document, from the repository root and from a sub-directory
// (working-directory); annotations carry repository paths and lines.
func TestActionSteps(t *testing.T) {
	tftest.Parallel(t)
	bin := tfdynBinary(t)
	repo := ciRepo(t, bin)
	inputs := map[string]string{"TFDYN_SCHEMA": "schema/", "TFDYN_STEPS": "validate, fmt, emit-check, doc-check, gen-check",
		"TFDYN_EMIT_DIR": "infra/dynamodb", "TFDYN_DOC_FILE": "docs/DESIGN.md", "TFDYN_GEN_DIR": "internal/store"}

	code, annotations, summary, output := runAction(t, bin, repo, repo, inputs)
	require.Equal(t, 0, code, "%v\n%s", annotations, summary)
	require.Len(t, annotations, 1)
	require.True(t, strings.HasPrefix(annotations[0], "::warning file=schema/ecommerce.tfdyn.hcl,line=452,col=12,endLine=452,endColumn=23,title=TD119 Filter does not reduce read cost::"), annotations[0])
	require.Equal(t, "## tfdyn: schema/\n\n\n### tfdyn validate: 0 errors, 1 warning\n\n| | Code | Where | Finding |\n|---|---|---|---|\n", summary[:strings.Index(summary, "| warning |")])
	require.True(t, strings.HasSuffix(summary, "- **fmt**: formatted\n- **emit-check**: infra/dynamodb is current\n- **doc-check**: docs/DESIGN.md is current\n- **gen-check**: internal/store is current\n"), summary)
	require.Equal(t, "failed-steps=\n", output)

	// Break the formatting, the emitted Terraform and the document.
	schema := filepath.Join(repo, "schema", "ecommerce.tfdyn.hcl")
	src, err := os.ReadFile(schema)
	require.NoError(t, err)
	unformatted := bytes.Replace(src, []byte(`partition_key = "GSI1PK"`), []byte(`partition_key    =    "GSI1PK"`), 1)
	require.NotEqual(t, src, unformatted)
	require.NoError(t, os.WriteFile(schema, unformatted, 0o644))
	tf := filepath.Join(repo, "infra", "dynamodb", "dynamodb_outputs.tf")
	out, err := os.ReadFile(tf)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(tf, append(out, []byte("# edited\n")...), 0o644))
	doc := filepath.Join(repo, "docs", "DESIGN.md")
	d, err := os.ReadFile(doc)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(doc, append(d, []byte("edited\n")...), 0o644))
	gen := filepath.Join(repo, "internal", "store", "reads.go")
	g, err := os.ReadFile(gen)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(gen, bytes.Replace(g, []byte("CUSTOMER#"), []byte("USER#"), 1), 0o644))

	// From a sub-directory (the action's working-directory): annotations
	// still carry repository paths.
	// Without TFDYN_REPORT_DIR and without a verify step it makes no
	// temporary directory.
	sub := filepath.Join(repo, "infra")
	tmp := t.TempDir()
	code, annotations, summary, output = runAction(t, bin, repo, sub, map[string]string{"TFDYN_SCHEMA": "../schema", "TFDYN_STEPS": "validate,fmt",
		"TFDYN_REPORT_DIR": "", "TMPDIR": tmp})
	require.Equal(t, 1, code, "%v\n%s", annotations, summary)
	left, err := os.ReadDir(tmp)
	require.NoError(t, err)
	require.Empty(t, left)
	require.Len(t, annotations, 2, "%v", annotations)
	require.True(t, strings.HasPrefix(annotations[0], "::warning file=schema/ecommerce.tfdyn.hcl,line=452,col=12,"), annotations[0])
	require.Equal(t, "::error file=schema/ecommerce.tfdyn.hcl,title=tfdyn fmt::../schema/ecommerce.tfdyn.hcl is not formatted: run tfdyn fmt ../schema", annotations[1])
	require.Contains(t, summary, "- **fmt**: not formatted: ../schema/ecommerce.tfdyn.hcl\n")
	require.True(t, strings.HasSuffix(summary, "\n**Failed:** fmt\n"), summary)
	require.Equal(t, "failed-steps=fmt\n", output)

	code, annotations, summary, output = runAction(t, bin, repo, repo, inputs)
	require.Equal(t, 1, code, "%v\n%s", annotations, summary)
	require.Len(t, annotations, 5, "%v", annotations)
	require.True(t, strings.HasPrefix(annotations[2], "::error file=infra/dynamodb,title=tfdyn emit --check::The Terraform in infra/dynamodb does not match the schema: run tfdyn emit schema/ -o infra/dynamodb  and commit.%0A"), annotations[2])
	require.Contains(t, annotations[2], "%0A  dynamodb_outputs.tf: edited by hand: its content does not match the hash in its header (emit replaces it)")
	require.True(t, strings.HasPrefix(annotations[3], "::error file=docs/DESIGN.md,title=tfdyn doc --check::docs/DESIGN.md does not match the schema"), annotations[3])
	require.Contains(t, summary, "- **emit-check**: infra/dynamodb is not current\n")
	require.Contains(t, summary, "- **doc-check**: docs/DESIGN.md is not current\n")
	require.True(t, strings.HasPrefix(annotations[4], "::error file=internal/store,title=tfdyn gen go --check::The Go package in internal/store does not match the schema: run tfdyn gen go schema/ -o internal/store  and commit.%0A"), annotations[4])
	require.Contains(t, annotations[4], "%0A  reads.go: edited by hand: its content does not match the hash in its header (gen replaces it)")
	require.Contains(t, summary, "- **gen-check**: internal/store is not current\n")
	require.True(t, strings.HasSuffix(summary, "\n**Failed:** fmt emit-check doc-check gen-check\n"), summary)
	require.Equal(t, "failed-steps=fmt,emit-check,doc-check,gen-check\n", output)

	// An unknown step is a usage error.
	code, annotations, _, output = runAction(t, bin, repo, repo, map[string]string{"TFDYN_SCHEMA": "schema/", "TFDYN_STEPS": "lint"})
	require.Equal(t, 2, code)
	require.Equal(t, []string{`::error title=tfdyn action::Unknown step "lint": use validate, fmt, diff, emit-check, doc-check, gen-check, plan or verify.`}, annotations)
	require.Equal(t, "failed-steps=lint\n", output)
}

// TestActionDiff runs the action's diff step on a pull request that removes
// an access pattern: the blocking change is an error annotation at no line
// (the pattern is gone from HEAD) and a Markdown summary; acknowledged
// through diff-args it passes.
func TestActionDiff(t *testing.T) {
	tftest.Parallel(t)
	bin := tfdynBinary(t)
	repo := ciRepo(t, bin)
	gitCommit(t, repo, "schema")
	inputs := map[string]string{"TFDYN_SCHEMA": "schema/", "TFDYN_STEPS": "diff", "TFDYN_DIFF_BASE": "HEAD"}
	code, annotations, summary, output := runAction(t, bin, repo, repo, inputs)
	require.Equal(t, 0, code, "%v\n%s", annotations, summary)
	require.Empty(t, annotations)
	require.Equal(t, "## tfdyn: schema/\n\n\n### tfdyn diff\n\nNo schema changes between `git:HEAD:schema` and `schema`.\n", summary)
	require.Equal(t, "failed-steps=\n", output)

	removed := removeFirstPattern(t, filepath.Join(repo, "schema", "ecommerce.tfdyn.hcl"))
	code, annotations, summary, output = runAction(t, bin, repo, repo, inputs)
	require.Equal(t, 1, code, "%v\n%s", annotations, summary)
	require.Len(t, annotations, 1, "%v", annotations)
	require.True(t, strings.HasPrefix(annotations[0], "::error title=SD401 access pattern \""+removed+"\" removed::access_pattern."+removed+": "), annotations[0])
	require.Contains(t, summary, "**1 change blocking.**")
	require.Equal(t, "failed-steps=diff\n", output)

	inputs["TFDYN_DIFF_ARGS"] = "--ack SD401:no-caller-left"
	code, annotations, _, output = runAction(t, bin, repo, repo, inputs)
	require.Equal(t, 0, code, "%v", annotations)
	require.Len(t, annotations, 1, "%v", annotations)
	require.True(t, strings.HasPrefix(annotations[0], "::notice title=SD401 access pattern \""+removed+"\" removed::"), annotations[0])
	require.True(t, strings.HasSuffix(annotations[0], "%0AAcknowledged: no-caller-left"), annotations[0])
	require.Equal(t, "failed-steps=\n", output)
}

// removeFirstPattern removes the first access pattern of a schema file and
// returns its name.
func removeFirstPattern(t *testing.T, schema string) string {
	t.Helper()
	f, diags := hclwrite.ParseConfig(readBytes(t, schema), schema, hcl.InitialPos)
	require.False(t, diags.HasErrors())
	for _, b := range f.Body().Blocks() {
		if b.Type() == "access_pattern" {
			f.Body().RemoveBlock(b)
			require.NoError(t, os.WriteFile(schema, f.Bytes(), 0o644))
			return b.Labels()[0]
		}
	}
	t.Fatalf("%s has no access pattern", schema)
	return ""
}

// gitCommit makes repo a Git repository whose one commit holds paths.
func gitCommit(t *testing.T, repo string, paths ...string) {
	t.Helper()
	for _, args := range [][]string{{"init", "-q"}, append([]string{"add"}, paths...),
		{"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "base"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
}

// TestActionInputs: a step whose input is missing fails alone (exit 2, an
// annotation, the outputs written) and the later steps still run; a
// multi-word --ack reason passes through diff-args as the README writes it;
// a schema path starting with "-" is a path; annotation properties are
// escaped (issue 27: the run aborted, the reason was split, the path read
// as a flag, a comma in a path broke the annotation).
func TestActionInputs(t *testing.T) {
	bin := tfdynBinary(t)
	repo := ciRepo(t, bin)

	// diff without diff-base, emit-check without emit-dir: each fails, the
	// run goes on to validate and fmt.
	code, annotations, summary, output := runAction(t, bin, repo, repo, map[string]string{"TFDYN_SCHEMA": "schema/", "TFDYN_STEPS": "diff,emit-check,validate,fmt"})
	require.Equal(t, 2, code, "%v\n%s", annotations, summary)
	require.Equal(t, "::error title=tfdyn diff::The diff step needs the diff-base input (a git revision such as origin/main); it did not run.", annotations[0])
	require.Equal(t, "::error title=tfdyn emit-check::The emit-check step needs the emit-dir input (the directory of the committed emitted Terraform); it did not run.", annotations[1])
	require.Len(t, annotations, 3, "%v", annotations) // and validate's TD119 warning
	require.Contains(t, summary, "- **diff**: not run: the diff-base input is missing\n- **emit-check**: not run: the emit-dir input is missing\n")
	require.Contains(t, summary, "### tfdyn validate: 0 errors, 1 warning")
	require.Contains(t, summary, "- **fmt**: formatted\n")
	require.Equal(t, "failed-steps=diff,emit-check\n", output)

	// No schema input at all: every step says so, the outputs are written.
	code, annotations, _, output = runAction(t, bin, repo, repo, map[string]string{"TFDYN_SCHEMA": " \n", "TFDYN_STEPS": "validate,fmt"})
	require.Equal(t, 2, code)
	require.Equal(t, []string{
		"::error title=tfdyn validate::The validate step needs the schema input (the schema paths, one per line); it did not run.",
		"::error title=tfdyn fmt::The fmt step needs the schema input (the schema paths, one per line); it did not run.",
	}, annotations)
	require.Equal(t, "failed-steps=validate,fmt\n", output)

	// A reason of several words, quoted as in the README.
	gitCommit(t, repo, "schema")
	removed := removeFirstPattern(t, filepath.Join(repo, "schema", "ecommerce.tfdyn.hcl"))
	inputs := map[string]string{"TFDYN_SCHEMA": "schema/", "TFDYN_STEPS": "diff", "TFDYN_DIFF_BASE": "HEAD",
		"TFDYN_DIFF_ARGS": `--ack 'SD401=access_pattern.` + removed + `:no caller left, see "PR 12"'`}
	code, annotations, _, output = runAction(t, bin, repo, repo, inputs)
	require.Equal(t, 0, code, "%v", annotations)
	require.Len(t, annotations, 1, "%v", annotations)
	require.True(t, strings.HasSuffix(annotations[0], `%0AAcknowledged: no caller left, see "PR 12"`), annotations[0])
	require.Equal(t, "failed-steps=\n", output)
	inputs["TFDYN_DIFF_ARGS"] = `--ack "SD401:unbalanced`
	code, annotations, _, output = runAction(t, bin, repo, repo, inputs)
	require.Equal(t, 2, code, "%v", annotations)
	require.Equal(t, []string{"::error title=tfdyn diff::The arguments of the diff step cannot be split: unmatched double quote (quote each argument that holds spaces once: --ack 'CODE=ADDRESS:a reason')."}, annotations)
	require.Equal(t, "failed-steps=diff\n", output)

	// A schema directory named "-schema", in a directory whose name holds a
	// comma and a colon: a path, and an annotation whose file is escaped.
	odd := filepath.Join(repo, "a,b:c", "-schema")
	require.NoError(t, os.MkdirAll(odd, 0o755))
	copyDir(t, "../../examples/tournaments", odd)
	code, annotations, summary, _ = runAction(t, bin, repo, repo, map[string]string{"TFDYN_SCHEMA": "a,b:c/-schema", "TFDYN_STEPS": "validate,fmt"})
	require.Equal(t, 0, code, "%v\n%s", annotations, summary)
	require.Contains(t, summary, "- **fmt**: formatted\n")
	src := filepath.Join(odd, "tournaments.tfdyn.hcl")
	require.NoError(t, os.WriteFile(src, bytes.Replace(readBytes(t, src), []byte(" = "), []byte("    =    "), 1), 0o644))
	code, annotations, _, output = runAction(t, bin, repo, repo, map[string]string{"TFDYN_SCHEMA": "a,b:c/-schema", "TFDYN_STEPS": "fmt"})
	require.Equal(t, 1, code, "%v", annotations)
	require.Equal(t, []string{"::error file=a%2Cb%3Ac/-schema/tournaments.tfdyn.hcl,title=tfdyn fmt::a,b:c/-schema/tournaments.tfdyn.hcl is not formatted: run tfdyn fmt a,b:c/-schema"}, annotations)
	require.Equal(t, "failed-steps=fmt\n", output)
}

// TestActionSeveralSchemas: one run of the action over a directory of
// schemas, or over schema paths one per line: validate, fmt, emit-check,
// doc-check and gen-check over all of them (the emitted Terraform and the documents
// one per schema), diff per schema (a schema new since the base is said so).
func TestActionSeveralSchemas(t *testing.T) {
	bin := tfdynBinary(t)
	repo := t.TempDir()
	for name, from := range map[string]string{"shop": "ecommerce", "games": "tournaments"} {
		dir := filepath.Join(repo, "schema", name)
		require.NoError(t, os.MkdirAll(dir, 0o755))
		copyDir(t, "../../examples/"+from, dir)
		require.NoError(t, os.Remove(filepath.Join(dir, "DESIGN.md")))
		require.NoError(t, os.Remove(filepath.Join(dir, "README.md")))
	}
	for _, args := range [][]string{{"emit", "schema/", "-o", "infra/dynamodb"}, {"doc", "schema/", "-o", "docs"}, {"gen", "go", "schema/", "-o", "internal/store"}} {
		cmd := exec.Command(bin, args...)
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, string(out))
	}
	require.FileExists(t, filepath.Join(repo, "infra", "dynamodb", "games", "dynamodb.tf"))
	require.FileExists(t, filepath.Join(repo, "docs", "shop.md"))
	gitCommit(t, repo, "schema/shop")

	inputs := map[string]string{"TFDYN_SCHEMA": "schema/", "TFDYN_STEPS": "validate,fmt,emit-check,doc-check,gen-check,diff",
		"TFDYN_EMIT_DIR": "infra/dynamodb", "TFDYN_DOC_FILE": "docs", "TFDYN_GEN_DIR": "internal/store", "TFDYN_DIFF_BASE": "HEAD"}
	code, annotations, summary, output := runAction(t, bin, repo, repo, inputs)
	require.Equal(t, 0, code, "%v\n%s", annotations, summary)
	require.Contains(t, annotations, "::notice file=schema/games,title=tfdyn diff::schema/games is new since HEAD: nothing to compare it with.")
	require.Contains(t, summary, "- **diff**: schema/games is new since HEAD\n")
	require.Contains(t, summary, "No schema changes between `git:HEAD:schema/shop` and `schema/shop`.")
	require.Contains(t, summary, "- **emit-check**: infra/dynamodb is current\n- **doc-check**: docs is current\n- **gen-check**: internal/store is current\n")
	require.FileExists(t, filepath.Join(repo, "internal", "store", "games", "queries.go"))
	require.Equal(t, "failed-steps=\n", output)

	// The same schemas listed one per line; a stale document of one fails
	// doc-check, naming it.
	require.NoError(t, os.WriteFile(filepath.Join(repo, "docs", "games.md"), []byte("<!-- Code generated by tfdyn doc. DO NOT EDIT. -->\nold\n"), 0o644))
	inputs["TFDYN_SCHEMA"] = "schema/shop\n  schema/games  \n"
	inputs["TFDYN_STEPS"] = "validate,doc-check"
	code, annotations, summary, output = runAction(t, bin, repo, repo, inputs)
	require.Equal(t, 1, code, "%v\n%s", annotations, summary)
	require.True(t, strings.HasPrefix(annotations[len(annotations)-1], "::error file=docs,title=tfdyn doc --check::docs does not match the schema: run tfdyn doc schema/shop schema/games -o docs and commit.%0A"), annotations[len(annotations)-1])
	require.Contains(t, annotations[len(annotations)-1], "docs/games.md is stale: run tfdyn doc -o docs/games.md")
	require.Contains(t, summary, "## tfdyn: schema/shop schema/games\n")
	require.Equal(t, "failed-steps=doc-check\n", output)

	// pre-commit's hooks take the directory of schemas as their args.
	b, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	require.NoError(t, err)
	var hooks []hook
	require.NoError(t, yaml.Unmarshal(b, &hooks))
	args := map[string][]string{"tfdyn-validate": {"schema/"}, "tfdyn-emit-check": {"schema/", "-o", "infra/dynamodb"}, "tfdyn-doc-check": {"schema/", "-o", "docs"}, "tfdyn-gen-check": {"schema/", "-o", "internal/store"}}
	cmd := exec.Command(bin, "doc", "schema/", "-o", "docs")
	cmd.Dir = repo
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	for _, h := range hooks {
		argv := append(strings.Fields(h.Entry)[1:], args[h.ID]...)
		if h.PassFilenames {
			argv = append(argv, "schema/shop/ecommerce.tfdyn.hcl", "schema/games/tournaments.tfdyn.hcl")
		}
		cmd := exec.Command(bin, argv...)
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s: %s", h.ID, out)
	}
}

func readBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

// hook is an entry of .pre-commit-hooks.yaml.
type hook struct {
	ID            string `yaml:"id"`
	Entry         string `yaml:"entry"`
	Language      string `yaml:"language"`
	Files         string `yaml:"files"`
	PassFilenames bool   `yaml:"pass_filenames"`
}

// TestPreCommitHooks runs every hook's entry as pre-commit would (the
// entry, the args a user configures, the matching file names when
// pass_filenames) on a user's repository: clean, then broken.
func TestPreCommitHooks(t *testing.T) {
	tftest.Parallel(t)
	b, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	require.NoError(t, err)
	var hooks []hook
	require.NoError(t, yaml.Unmarshal(b, &hooks))
	ids := []string{}
	for _, h := range hooks {
		ids = append(ids, h.ID)
		require.Equal(t, "golang", h.Language, h.ID)
		require.True(t, strings.HasPrefix(h.Entry, "tfdyn "), h.ID)
	}
	require.Equal(t, []string{"tfdyn-fmt", "tfdyn-validate", "tfdyn-emit-check", "tfdyn-doc-check", "tfdyn-gen-check"}, ids)

	bin := tfdynBinary(t)
	repo := ciRepo(t, bin)
	args := map[string][]string{ // as in the README's example configuration
		"tfdyn-validate":   {"schema/"},
		"tfdyn-emit-check": {"schema/", "-o", "infra/dynamodb"},
		"tfdyn-doc-check":  {"schema/", "-o", "docs/DESIGN.md"},
		"tfdyn-gen-check":  {"schema/", "-o", "internal/store"},
	}
	runHook := func(h hook) (int, string) {
		argv := append(strings.Fields(h.Entry)[1:], args[h.ID]...)
		if h.PassFilenames {
			argv = append(argv, "schema/ecommerce.tfdyn.hcl")
		}
		cmd := exec.Command(bin, argv...)
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), string(out)
		}
		require.NoError(t, err)
		return 0, string(out)
	}
	for _, h := range hooks {
		code, out := runHook(h)
		require.Equal(t, 0, code, "%s: %s", h.ID, out)
	}

	// A lint error, stale generated files: each hook fails with exit 1 and
	// names the file (fmt rewrites and passes on the next run).
	schema := filepath.Join(repo, "schema", "ecommerce.tfdyn.hcl")
	src, err := os.ReadFile(schema)
	require.NoError(t, err)
	broken := bytes.Replace(src, []byte(`order = "desc"`), []byte(`order  =  "sideways"`), 1)
	require.NotEqual(t, src, broken)
	require.NoError(t, os.WriteFile(schema, broken, 0o644))
	want := map[string]string{
		"tfdyn-validate":   "schema/ecommerce.tfdyn.hcl:",
		"tfdyn-emit-check": "Error:",
		"tfdyn-doc-check":  "Error:",
		"tfdyn-gen-check":  "Error:",
	}
	for _, h := range hooks {
		code, out := runHook(h)
		if h.ID == "tfdyn-fmt" {
			require.Equal(t, 0, code, out)
			got, err := os.ReadFile(schema)
			require.NoError(t, err)
			require.Contains(t, string(got), `order = "sideways"`, "fmt rewrote the file")
			continue
		}
		require.Equal(t, 1, code, "%s: %s", h.ID, out)
		require.Contains(t, out, want[h.ID], h.ID)
	}
}

package cli

import (
	"bytes"
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tftest"
)

// exitCase is one run of tfdyn with the exit code it must give and text its
// output must hold.
type exitCase struct {
	name string
	args []string
	want int
	// stderr and stdout hold substrings the streams must contain; notOut
	// ones stdout must not contain.
	stderr, stdout, notOut []string
	// interrupt cancels the context: before the run (0) or after the delay.
	interrupt bool
	delay     time.Duration
	// stdin is the command's input (default empty).
	stdin io.Reader
	// after checks the file system after the run.
	after func(t *testing.T)
}

// TestExitCodes holds, for every command, one case per class of the exit
// policy: clean 0; findings 1 (syntax error, lint error, stale, refusal,
// blocking plan); usage or environment 2 (bad flag value, unreadable
// input); interrupted 130.
func TestExitCodes(t *testing.T) {
	const (
		broken      = "testdata/exit/broken.tfdyn.hcl"
		lintErr     = "testdata/exit/lint.tfdyn.hcl"
		missing     = "testdata/exit/missing"
		ecommerce   = "../../examples/ecommerce"
		tournaments = "../../examples/tournaments"
		plans       = "../plancheck/testdata/plans"
		orders      = "../adopt/testdata/orders/main.tf"
		refuse      = "../adopt/testdata/refuse/"
		sdBase      = "../schemadiff/testdata/base"
	)
	syntaxAt := "broken.tfdyn.hcl:2:19: [TD001]"
	lintAt := "lint.tfdyn.hcl:9:11: [TD004]"
	unreadable := "[TD012] Cannot read schema"
	tmp := t.TempDir()
	unformatted := copyFile(t, "testdata/exit/unformatted.tfdyn.hcl", filepath.Join(tmp, "fmt-int", "app.tfdyn.hcl"))
	unformattedSrc := readFile(t, unformatted)
	docOut := filepath.Join(tmp, "doc-int", "DESIGN.md")
	emitOut := filepath.Join(tmp, "emit-int")
	dangling := filepath.Join(tmp, "dangling")
	require.NoError(t, os.MkdirAll(dangling, 0o755))
	require.NoError(t, os.Symlink("nowhere", filepath.Join(dangling, "app.tfdyn.hcl")))
	busy := listen(t)
	closed := freePort(t)
	importTF := filepath.Dir(copyFile(t, orders, filepath.Join(tmp, "import-clean", "infra", "main.tf")))
	importInt := filepath.Dir(copyFile(t, orders, filepath.Join(tmp, "import-int", "infra", "main.tf")))
	importExists := filepath.Join(tmp, "import-exists")
	copyFile(t, "testdata/exit/lint.tfdyn.hcl", filepath.Join(importExists, "orders.tfdyn.hcl"))
	never, _ := io.Pipe() // stdin that never ends: plan --plan-json - waits on it

	cases := []exitCase{
		// validate
		{name: "validate/clean", args: []string{"validate", ecommerce}, want: 0, stdout: []string{"Valid: 1 table(s)"}},
		{name: "validate/syntax", args: []string{"validate", broken}, want: 1, stderr: []string{syntaxAt}},
		{name: "validate/lint", args: []string{"validate", lintErr}, want: 1, stderr: []string{lintAt}},
		{name: "validate/usage", args: []string{"validate", "--format", "yaml", ecommerce}, want: 2, stderr: []string{`--format must be text, json, github, junit, sarif or markdown, got "yaml"`}},
		{name: "validate/unreadable", args: []string{"validate", missing}, want: 2, stderr: []string{unreadable}},
		{name: "validate/dangling-link", args: []string{"validate", dangling}, want: 2, stderr: []string{"app.tfdyn.hcl"}},
		{name: "validate/interrupted", args: []string{"validate", ecommerce}, interrupt: true, want: 130, stderr: []string{"tfdyn validate: interrupted"}, notOut: []string{"Valid"}},

		// fmt
		{name: "fmt/clean", args: []string{"fmt", "-check", ecommerce}, want: 0},
		{name: "fmt/unformatted", args: []string{"fmt", "-check", "testdata/exit/unformatted.tfdyn.hcl"}, want: 1, stderr: []string{"1 file(s) need formatting"}},
		{name: "fmt/syntax", args: []string{"fmt", broken}, want: 1, stderr: []string{syntaxAt, "1 file(s) have syntax errors"}},
		{name: "fmt/usage", args: []string{"fmt", "--bogus", ecommerce}, want: 2, stderr: []string{"unknown flag: --bogus"}},
		{name: "fmt/unreadable", args: []string{"fmt", missing}, want: 2, stderr: []string{missing}},
		{name: "fmt/interrupted", args: []string{"fmt", filepath.Dir(unformatted)}, interrupt: true, want: 130, stderr: []string{"tfdyn fmt: interrupted"},
			after: func(t *testing.T) {
				require.Equal(t, unformattedSrc, readFile(t, unformatted), "fmt wrote after the interrupt")
			}},

		// doc
		{name: "doc/clean", args: []string{"doc", ecommerce}, want: 0, stdout: []string{"# "}},
		{name: "doc/syntax", args: []string{"doc", broken}, want: 1, stderr: []string{syntaxAt}},
		{name: "doc/lint", args: []string{"doc", lintErr}, want: 1, stderr: []string{lintAt}},
		{name: "doc/stale", args: []string{"doc", ecommerce, "-o", filepath.Join(tmp, "doc-stale.md"), "--check"}, want: 1, stderr: []string{"is stale"}},
		{name: "doc/usage", args: []string{"doc", ecommerce, "--check"}, want: 2, stderr: []string{"--check needs -o FILE"}},
		{name: "doc/unreadable", args: []string{"doc", missing}, want: 2, stderr: []string{unreadable}},
		{name: "doc/json", args: []string{"doc", "--format", "json", ecommerce}, want: 0, stdout: []string{`"key_condition": "PK = \"CUSTOMER#${username}\" AND begins_with(SK, \"ORDER#\")"`, `"rcu_per_call": 0.5`}},
		{name: "doc/usage-format", args: []string{"doc", "--format", "yaml", ecommerce}, want: 2, stderr: []string{`--format must be markdown, json or workbench, got "yaml"`}},
		{name: "doc/usage-json-out", args: []string{"doc", "--format", "json", ecommerce, "-o", filepath.Join(tmp, "doc.json")}, want: 2, stderr: []string{"--format json prints to stdout"}},
		{name: "doc/interrupted", args: []string{"doc", ecommerce, "-o", docOut}, interrupt: true, want: 130, stderr: []string{"tfdyn doc: interrupted"},
			after: func(t *testing.T) { require.NoFileExists(t, docOut, "doc wrote after the interrupt") }},

		// cost
		{name: "cost/clean", args: []string{"cost", ecommerce}, want: 0, stdout: []string{"table shop (PAY_PER_REQUEST, STANDARD)"}},
		{name: "cost/syntax", args: []string{"cost", broken}, want: 1, stderr: []string{syntaxAt}},
		{name: "cost/lint", args: []string{"cost", lintErr}, want: 1, stderr: []string{lintAt}},
		{name: "cost/usage-format", args: []string{"cost", "--format", "yaml", ecommerce}, want: 2, stderr: []string{`--format must be text or json, got "yaml"`}},
		{name: "cost/usage-prices", args: []string{"cost", "--prices", missing, ecommerce}, want: 2, stderr: []string{"price table: open " + missing}},
		// A price left out was priced 0 ("switch to provisioned: $0.0000 a
		// month"); an absurd one printed 300-digit amounts (issue 27).
		{name: "cost/prices-missing-field", args: []string{"cost", "--prices", "testdata/exit/prices-missing.json", ecommerce}, want: 2,
			stderr: []string{"Error: testdata/exit/prices-missing.json: price table: STANDARD has no rcu_hour: every class gives all five prices (a missing one is not taken as 0)\n"}, notOut: []string{"$"}},
		{name: "cost/prices-absurd", args: []string{"cost", "--prices", "testdata/exit/prices-absurd.json", ecommerce}, want: 2,
			stderr: []string{"Error: testdata/exit/prices-absurd.json: price table: STANDARD storage_gb_month is 1e+308 US dollars; a price is at most 1000 (list prices are below 1): a typo?\n"}, notOut: []string{"$"}},
		{name: "cost/unreadable", args: []string{"cost", missing}, want: 2, stderr: []string{unreadable}},
		{name: "cost/interrupted", args: []string{"cost", ecommerce}, interrupt: true, want: 130, stderr: []string{"tfdyn cost: interrupted"}, notOut: []string{"table shop"}},

		// emit
		// gen go
		{name: "gen/clean", args: []string{"gen", "go", ecommerce, "-o", filepath.Join(tmp, "gen-clean", "shopdb")}, want: 0, stdout: []string{"wrote "}},
		{name: "gen/check-clean", args: []string{"gen", "go", ecommerce, "-o", filepath.Join(tmp, "gen-clean", "shopdb"), "--check"}, want: 0, stdout: []string{"Up to date: 9 file(s)"}},
		{name: "gen/check-missing", args: []string{"gen", "go", ecommerce, "-o", filepath.Join(tmp, "gen-none", "shopdb"), "--check"}, want: 1, stderr: []string{"  models.go: missing\n"}},
		{name: "gen/other-schema", args: []string{"gen", "go", tournaments, "-o", filepath.Join(tmp, "gen-clean", "shopdb")}, want: 1, stderr: []string{filepath.Join(tmp, "gen-clean", "shopdb", "models.go") + ":2:1: [EM131] File of another schema"}},
		{name: "gen/lint", args: []string{"gen", "go", lintErr, "-o", filepath.Join(tmp, "gen-x", "xdb")}, want: 1, stderr: []string{lintAt}},
		{name: "gen/usage-package", args: []string{"gen", "go", ecommerce, "-o", filepath.Join(tmp, "gen-x", "x-db")}, want: 2, stderr: []string{`is not a Go package name`}},
		{name: "gen/usage-out", args: []string{"gen", "go", ecommerce}, want: 2, stderr: []string{"gen go needs an output directory: -o DIR"}},
		// gen ts
		{name: "gen-ts/clean", args: []string{"gen", "ts", ecommerce, "-o", filepath.Join(tmp, "gen-ts-clean")}, want: 0, stdout: []string{"wrote "}},
		{name: "gen-ts/check-clean", args: []string{"gen", "ts", ecommerce, "-o", filepath.Join(tmp, "gen-ts-clean"), "--check"}, want: 0, stdout: []string{"Up to date: 20 file(s)"}},
		{name: "gen-ts/check-missing", args: []string{"gen", "ts", ecommerce, "-o", filepath.Join(tmp, "gen-ts-none"), "--check"}, want: 1, stderr: []string{"  entities/order.ts: missing\n"}},
		{name: "gen-ts/other-schema", args: []string{"gen", "ts", tournaments, "-o", filepath.Join(tmp, "gen-ts-clean")}, want: 1, stderr: []string{filepath.Join(tmp, "gen-ts-clean", "index.ts") + ":2:1: [EM131] File of another schema"}},
		{name: "gen-ts/lint", args: []string{"gen", "ts", lintErr, "-o", filepath.Join(tmp, "gen-ts-x")}, want: 1, stderr: []string{lintAt}},
		{name: "gen-ts/usage-out", args: []string{"gen", "ts", ecommerce}, want: 2, stderr: []string{"gen ts needs an output directory: -o DIR"}},
		{name: "emit/clean", args: []string{"emit", ecommerce, "-o", filepath.Join(tmp, "emit-clean")}, want: 0, stdout: []string{"wrote "}},
		{name: "emit/check-clean", args: []string{"emit", ecommerce, "-o", filepath.Join(tmp, "emit-clean"), "--check"}, want: 0, stdout: []string{"Up to date: 4 file(s)"}},
		{name: "emit/check-missing", args: []string{"emit", ecommerce, "-o", filepath.Join(tmp, "emit-none"), "--check"}, want: 1, stderr: []string{"  dynamodb.tf: missing\n"}},
		{name: "emit/other-schema", args: []string{"emit", tournaments, "-o", filepath.Join(tmp, "emit-clean")}, want: 1, stderr: []string{filepath.Join(tmp, "emit-clean", "dynamodb.tf") + ":2:1: [EM131] File of another schema", `dynamodb.tf was generated from schema "`, `not from this run's schema "`}},
		{name: "emit/syntax", args: []string{"emit", broken, "-o", filepath.Join(tmp, "emit-x")}, want: 1, stderr: []string{syntaxAt}},
		{name: "emit/lint", args: []string{"emit", lintErr, "-o", filepath.Join(tmp, "emit-x")}, want: 1, stderr: []string{lintAt}},
		{name: "emit/refusal", args: []string{"emit", tournaments, "-o", filepath.Join(tmp, "emit-x"), "--provider", "5"}, want: 1, stderr: []string{"tournaments.tfdyn.hcl:24:3: [EM121] Multi-attribute key needs provider 6", "multi-attribute key, which the AWS provider 5.x cannot express"}},
		{name: "emit/usage-provider", args: []string{"emit", ecommerce, "-o", filepath.Join(tmp, "emit-x"), "--provider", "7"}, want: 2, stderr: []string{"--provider must be 5 or 6 (the major version of hashicorp/aws), got 7"}},
		{name: "emit/usage-layout", args: []string{"emit", ecommerce, "-o", filepath.Join(tmp, "emit-x"), "--layout", "modules"}, want: 2, stderr: []string{`--layout must be resources or module, got "modules"`}},
		{name: "emit/usage-as", args: []string{"emit", ecommerce, "-o", filepath.Join(tmp, "emit-x"), "--as", "call"}, want: 2, stderr: []string{`--as must be module-call or resources, got "call"`}},
		{name: "emit/usage-format", args: []string{"emit", ecommerce, "-o", filepath.Join(tmp, "emit-x"), "--format", "xml"}, want: 2, stderr: []string{`--format must be text or json, got "xml"`}},
		{name: "emit/usage-module-source", args: []string{"emit", ecommerce, "-o", filepath.Join(tmp, "emit-x"), "--module-source", "./m"}, want: 2, stderr: []string{"--module-source applies only to --as module-call"}},
		{name: "emit/usage-no-versions", args: []string{"emit", ecommerce, "-o", filepath.Join(tmp, "emit-x"), "--layout", "module", "--no-versions"}, want: 2, stderr: []string{"--no-versions applies to the files emit adds to your module, not to --layout module"}},
		{name: "emit/usage-as-layout", args: []string{"emit", ecommerce, "-o", filepath.Join(tmp, "emit-x"), "--layout", "module", "--as", "module-call", "--module-source", "./m"}, want: 2, stderr: []string{"--as module-call and --layout module contradict each other"}},
		{name: "emit/usage-prefix", args: []string{"emit", ecommerce, "-o", filepath.Join(tmp, "emit-x"), "--prefix", "blog"}, want: 2, stderr: []string{`--prefix: prefix "blog" is not a name fragment: use letters, digits and "_", start with a letter and end with "_" (for example "blog_")`}},
		{name: "emit/usage-prefix-module", args: []string{"emit", ecommerce, "-o", filepath.Join(tmp, "emit-x"), "--layout", "module", "--prefix", "blog_"}, want: 2, stderr: []string{"--prefix names what emit adds to your module; --layout module writes a module of its own"}},
		{name: "emit/impossible", args: []string{"emit", ecommerce, "-o", filepath.Join(tmp, "emit-x"), "--as", "module-call", "--module-source", "git::https://example.com/m.git", "--provider", "5"}, want: 1, stderr: []string{"[EM120] Module call and provider version exclude each other"},
			after: func(t *testing.T) { require.NoDirExists(t, filepath.Join(tmp, "emit-x")) }},
		{name: "emit/out-is-a-file", args: []string{"emit", ecommerce, "-o", ecommerce + "/ecommerce.tfdyn.hcl"}, want: 2, stderr: []string{"[EM100] Cannot read the output directory"}},
		{name: "emit/usage-no-out", args: []string{"emit", ecommerce}, want: 2, stderr: []string{"emit needs an output directory: -o DIR"}},
		{name: "emit/unreadable", args: []string{"emit", missing, "-o", filepath.Join(tmp, "emit-x")}, want: 2, stderr: []string{unreadable}},
		{name: "emit/interrupted", args: []string{"emit", ecommerce, "-o", emitOut}, interrupt: true, want: 130, stderr: []string{"tfdyn emit: interrupted"},
			after: func(t *testing.T) { require.NoDirExists(t, emitOut, "emit wrote after the interrupt") }},

		// plan
		{name: "plan/clean", args: []string{"plan", "--plan-json", plans + "/clean.json"}, want: 0},
		{name: "plan/blocking", args: []string{"plan", "--plan-json", plans + "/rules.json"}, want: 1, stdout: []string{"[DP101]"}},
		{name: "plan/syntax", args: []string{"plan", "--plan-json", plans + "/clean.json", "--schema", broken}, want: 1, stderr: []string{syntaxAt}},
		{name: "plan/lint", args: []string{"plan", "--plan-json", plans + "/clean.json", "--schema", lintErr}, want: 1, stderr: []string{lintAt}},
		{name: "plan/usage-format", args: []string{"plan", "--plan-json", plans + "/clean.json", "--format", "yaml"}, want: 2, stderr: []string{`--format must be text, json, github, junit, sarif or markdown, got "yaml"`}},
		{name: "plan/usage-var", args: []string{"plan", "--plan-json", plans + "/clean.json", "--var", "region=eu"}, want: 2, stderr: []string{"--var and --var-file apply when tfdyn runs terraform"}},
		{name: "plan/unreadable", args: []string{"plan", "--plan-json", missing}, want: 2, stderr: []string{"plancheck: read plan:"}},
		{name: "plan/unreadable-schema", args: []string{"plan", "--plan-json", plans + "/clean.json", "--schema", missing}, want: 2, stderr: []string{unreadable}},
		{name: "plan/ack-syntax", args: []string{"plan", "--plan-json", plans + "/clean.json", "--ack-file", "testdata/exit/broken-acks.hcl"}, want: 1,
			stderr: []string{"broken-acks.hcl:2:12: [DP001] Invalid expression"}},
		{name: "plan/ack-unreadable", args: []string{"plan", "--plan-json", plans + "/clean.json", "--ack-file", missing}, want: 2,
			stderr: []string{"[DP001] Cannot read acknowledgement file"}},
		{name: "plan/ack-usage", args: []string{"plan", "--plan-json", plans + "/clean.json", "--ack", "DP101"}, want: 2, stderr: []string{`invalid --ack "DP101": use CODE[=ADDRESS]:REASON`}},
		{name: "plan/interrupted", args: []string{"plan", "--plan-json", "-"}, stdin: never, interrupt: true, delay: 100 * time.Millisecond, want: 130, stderr: []string{"tfdyn plan: interrupted"}},

		// verify (the run itself is in the live tests)
		{name: "verify/syntax", args: []string{"verify", broken}, want: 1, stderr: []string{syntaxAt}},
		{name: "verify/lint", args: []string{"verify", lintErr}, want: 1, stderr: []string{lintAt}},
		{name: "verify/usage-target", args: []string{"verify", "--target", "gcp", ecommerce}, want: 2, stderr: []string{`--target must be local, endpoint or aws, got "gcp"`}},
		{name: "verify/usage-scale", args: []string{"verify", "--scale", "-5", ecommerce}, want: 2, stderr: []string{"--scale must be between 0 and 1000, got -5"}},
		{name: "verify/usage-gen-lang", args: []string{"verify", "--gen", "rust:x", ecommerce}, want: 2, stderr: []string{`--gen rust:x: verify runs the contract tests of Go packages (go:DIR) and TypeScript modules (ts:DIR); "rust" is not supported`}},
		{name: "verify/usage-gen-form", args: []string{"verify", "--gen", "shopdb", ecommerce}, want: 2, stderr: []string{`--gen "shopdb": want LANG:DIR, for example --gen go:internal/store or --gen ts:src/db`}},
		{name: "verify/usage-gen-ts-missing", args: []string{"verify", "--gen", "ts:" + missing, ecommerce}, want: 2, stderr: []string{"--gen ts:" + missing + ": " + missing + " holds no modules tfdyn gen ts wrote (no index.ts): run tfdyn gen ts -o " + missing + " first"}},
		{name: "verify/usage-gen-ts-stale", args: []string{"verify", "--gen", "ts:../../examples/github/ts", ecommerce}, want: 2,
			stderr: []string{"--gen ts:../../examples/github/ts: the modules are not what tfdyn gen ts writes for this schema, so its contract test would not be the schema's"}},
		// The committed modules are current; their directory is no package
		// with the SDK and TypeScript installed.
		{name: "verify/usage-gen-ts-no-sdk", args: []string{"verify", "--gen", "ts:../../examples/ecommerce/ts", ecommerce}, want: 2,
			stderr: []string{"--gen ts:../../examples/ecommerce/ts: gen ts contract: no node_modules with @aws-sdk/client-dynamodb in ../../examples/ecommerce/ts or a parent directory: install the modules' dependencies in their package"}},
		{name: "verify/usage-gen-missing", args: []string{"verify", "--gen", "go:" + missing, ecommerce}, want: 2, stderr: []string{"holds no package tfdyn gen go wrote (no doc.go)"}},
		{name: "verify/usage-gen-stale", args: []string{"verify", "--gen", "go:../../examples/github/githubdb", ecommerce}, want: 2,
			stderr: []string{"--gen go:../../examples/github/githubdb: the package is not what tfdyn gen go writes for this schema, so its contract test would not be the schema's"}},
		{name: "verify/usage-items", args: []string{"verify", "--items", "-3", ecommerce}, want: 2, stderr: []string{"--items must be between 1 and 100000, got -3"}},
		{name: "verify/usage-parallel", args: []string{"verify", "--parallel", "0", ecommerce}, want: 2, stderr: []string{"--parallel must be between 1 and 256, got 0"}},
		{name: "verify/usage-provider", args: []string{"verify", "--provider", "4", ecommerce}, want: 2, stderr: []string{"--provider must be 5 or 6 (the major version of hashicorp/aws), got 4"}},
		{name: "verify/usage-format", args: []string{"verify", "--format", "yaml", ecommerce}, want: 2, stderr: []string{`--format must be text, json, github, junit, sarif or markdown, got "yaml"`}},
		{name: "verify/usage-endpoint", args: []string{"verify", "--endpoint", "localhost:8000", ecommerce}, want: 2, stderr: []string{`--endpoint must be an http or https URL such as http://localhost:8000, got "localhost:8000"`}},
		{name: "verify/usage-endpoint-aws", args: []string{"verify", "--endpoint", "http://localhost:8000", "--target", "aws", ecommerce}, want: 2, stderr: []string{"--endpoint and --target aws contradict each other"}},
		{name: "verify/usage-target-endpoint", args: []string{"verify", "--target", "endpoint", ecommerce}, want: 2, stderr: []string{"--target endpoint needs --endpoint URL"}},
		{name: "verify/usage-table-name", args: []string{"verify", "--table-name", "nope=x", ecommerce}, want: 2, stderr: []string{`--table-name nope=x: the schema has no table "nope" (tables: shop)`}},
		{name: "verify/usage-args", args: []string{"verify", ecommerce, tournaments}, want: 2, stderr: []string{"verify takes one schema, and " + ecommerce + " " + tournaments + " names 2 schemas (" + ecommerce + ", " + tournaments + "): run it once per schema, for example: tfdyn verify " + ecommerce}},
		{name: "verify/unreadable", args: []string{"verify", missing}, want: 2, stderr: []string{unreadable}},

		// import (the live source is in TestLiveImportAdoption)
		{name: "import/clean", args: []string{"import", "--from-tf", importTF, "-o", filepath.Join(tmp, "import-clean", "schema")}, want: 0,
			stdout: []string{"wrote " + filepath.Join(tmp, "import-clean", "schema", "orders.tfdyn.hcl") + ` (table "adopt-orders"; 8 warnings from tfdyn validate)`,
				"no moved block needed: the table stays at aws_dynamodb_table.orders"}},
		// A table with GSI "by-customer" inline and GSI "ByStatus" a resource
		// of its own: the next step writes both as resources, and the
		// hand-off imports the one and moves the other.
		{name: "import/gsi-handoff", args: []string{"import", "--from-tf", "../adopt/testdata/handoff/mixed", "--tf-out", tmp, "-o", filepath.Join(tmp, "import-gsi")}, want: 0,
			stdout: []string{"wrote " + filepath.Join(tmp, "tfdyn_import_orders.tf") + " (the table stays at aws_dynamodb_table.orders; 2 GSIs to their resources)\n",
				":1) and its GSI resources aws_dynamodb_global_secondary_index.by_status, then: tfdyn emit " + filepath.Join(tmp, "import-gsi") + " -o " + tmp + " --gsi-resources\n"},
			after: func(t *testing.T) {
				require.Equal(t, readFile(t, "../adopt/testdata/handoff/mixed/want_gsi_resources.tf"), readFile(t, filepath.Join(tmp, "tfdyn_import_orders.tf")))
			}},
		{name: "import/syntax", args: []string{"import", "--from-tf", refuse + "syntax", "-o", filepath.Join(tmp, "import-x")}, want: 1,
			stderr: []string{"refuse/syntax/main.tf:2:17: [IM001] Unterminated template string", "import: 3 errors; nothing written"}},
		{name: "import/unresolved", args: []string{"import", "--from-tf", refuse + "local", "-o", filepath.Join(tmp, "import-x")}, want: 1,
			stderr: []string{"refuse/local/main.tf:6:18: [IM004] Value cannot be resolved"}},
		{name: "import/unsupported", args: []string{"import", "--from-tf", refuse + "replica", "-o", filepath.Join(tmp, "import-x")}, want: 1,
			stderr: []string{"refuse/replica/main.tf:19:24: [IM007] Replicas with different consistency modes"}},
		{name: "import/ambiguous", args: []string{"import", "--from-tf", refuse + "several", "-o", filepath.Join(tmp, "import-x")}, want: 1,
			stderr: []string{"refuse/several/main.tf:12:1: [IM003] Several tables to import"}},
		{name: "import/unknown-address", args: []string{"import", "--from-tf", refuse + "several", "--address", "aws_dynamodb_table.user", "-o", filepath.Join(tmp, "import-x")}, want: 1,
			stderr: []string{"[IM002] Unknown table address", `Did you mean "aws_dynamodb_table.users"?`}},
		{name: "import/state-unknown-address", args: []string{"import", "--from-state", "../adopt/testdata/orders/state.json", "--address", "aws_dynamodb_table.order", "--tf-out", tmp, "-o", filepath.Join(tmp, "import-x")}, want: 1,
			stderr: []string{"[IM002] Unknown table address", `Did you mean "aws_dynamodb_table.orders"?`}},
		{name: "import/not-state", args: []string{"import", "--from-state", orders, "--tf-out", tmp, "-o", filepath.Join(tmp, "import-x")}, want: 1,
			stderr: []string{orders + ":1:1: [IM001] Not Terraform state JSON"}},
		{name: "import/exists", args: []string{"import", "--from-tf", filepath.Dir(orders), "-o", importExists}, want: 1,
			stderr: []string{"import-exists/orders.tfdyn.hcl:1:1: [IM006] Schema file exists"},
			after: func(t *testing.T) {
				require.Equal(t, readFile(t, "testdata/exit/lint.tfdyn.hcl"), readFile(t, filepath.Join(importExists, "orders.tfdyn.hcl")))
				require.NoFileExists(t, "../adopt/testdata/orders/tfdyn_import_adopt_orders.tf")
			}},
		{name: "import/workbench", args: []string{"import", "--from-workbench", "../adopt/testdata/workbench/library.json", "-o", filepath.Join(tmp, "import-wb")}, want: 0,
			stdout: []string{"wrote " + filepath.Join(tmp, "import-wb", "library.tfdyn.hcl") + ` (table "library": 4 entities, 4 access patterns, proposed from its facets)`,
				"tfdyn validate finds 2 warnings in the written schema:", "[TD116] Index without access patterns"}},
		{name: "import/workbench-not-json", args: []string{"import", "--from-workbench", orders, "-o", filepath.Join(tmp, "import-x")}, want: 1,
			stderr: []string{orders + ":1:1: [IM010] Not a NoSQL Workbench model", "import: 1 error; nothing written"}},
		{name: "import/workbench-usage", args: []string{"import", "--from-workbench", "../adopt/testdata/workbench/library.json", "--tf-out", tmp, "-o", filepath.Join(tmp, "import-x")}, want: 2,
			stderr: []string{"--from-workbench writes schemas only: --address, --tf-out, --prefix, --endpoint, --region and --sample do not apply"}},
		{name: "import/workbench-missing", args: []string{"import", "--from-workbench", missing, "-o", filepath.Join(tmp, "import-x")}, want: 2,
			stderr: []string{"import: --from-workbench " + missing}},
		{name: "doc/workbench", args: []string{"doc", "--format", "workbench", ecommerce}, want: 0, stdout: []string{`"Version": "3.0"`, `"FacetName": "Customer"`}},
		{name: "import/usage-tf-out-missing", args: []string{"import", "--from-state", "../adopt/testdata/orders/state.json", "--tf-out", filepath.Join(tmp, "no-such-module"), "-o", filepath.Join(tmp, "import-x")}, want: 2,
			stderr: []string{"import: --tf-out " + filepath.Join(tmp, "no-such-module") + ": no such file or directory (give the directory of your Terraform module)"}},
		{name: "import/usage-tf-out-file", args: []string{"import", "--from-state", "../adopt/testdata/orders/state.json", "--tf-out", orders, "-o", filepath.Join(tmp, "import-x")}, want: 2,
			stderr: []string{"import: --tf-out " + orders + " is not a directory"}},
		{name: "import/usage-no-source", args: []string{"import", "-o", filepath.Join(tmp, "import-x")}, want: 2, stderr: []string{"import needs exactly one source: --from-tf DIR, --from-state FILE, --table NAME or --from-workbench MODEL.json"}},
		{name: "import/usage-two-sources", args: []string{"import", "--from-tf", importTF, "--table", "t", "-o", filepath.Join(tmp, "import-x")}, want: 2, stderr: []string{"import needs exactly one source"}},
		{name: "import/usage-no-out", args: []string{"import", "--from-tf", importTF}, want: 2, stderr: []string{"import needs a schema directory: -o DIR"}},
		{name: "import/usage-tf-out", args: []string{"import", "--table", "t", "--endpoint", "http://127.0.0.1:1", "-o", filepath.Join(tmp, "import-x")}, want: 2, stderr: []string{"--from-state and --table need --tf-out DIR"}},
		{name: "import/usage-sample", args: []string{"import", "--table", "t", "--sample", "-1", "--tf-out", tmp, "-o", filepath.Join(tmp, "import-x")}, want: 2, stderr: []string{"--sample must be between 0 and 1000, got -1"}},
		{name: "import/usage-endpoint", args: []string{"import", "--table", "t", "--endpoint", "localhost:8000", "--tf-out", tmp, "-o", filepath.Join(tmp, "import-x")}, want: 2, stderr: []string{`--endpoint must be an http or https URL such as http://localhost:8000, got "localhost:8000"`}},
		{name: "import/usage-label", args: []string{"import", "--from-tf", importTF, "--label", "my-table", "-o", filepath.Join(tmp, "import-x")}, want: 2, stderr: []string{`--label must start with a letter and hold only letters, digits and _, got "my-table"`}},
		{name: "import/unreadable-tf", args: []string{"import", "--from-tf", missing, "--tf-out", tmp, "-o", filepath.Join(tmp, "import-x")}, want: 2, stderr: []string{"import: open " + missing}},
		{name: "import/unreadable-state", args: []string{"import", "--from-state", missing, "--tf-out", tmp, "-o", filepath.Join(tmp, "import-x")}, want: 2, stderr: []string{"import: --from-state: open " + missing}},
		{name: "import/endpoint-down", args: []string{"import", "--table", "t", "--endpoint", "http://127.0.0.1:" + strconv.Itoa(closed), "--tf-out", tmp, "-o", filepath.Join(tmp, "import-x")}, want: 2,
			stderr: []string{`import: describe table "t" at http://127.0.0.1:` + strconv.Itoa(closed)}},
		{name: "import/interrupted", args: []string{"import", "--from-tf", importInt, "--label", "adopt_orders", "-o", filepath.Join(tmp, "import-int", "schema")}, interrupt: true, want: 130, stderr: []string{"tfdyn import: interrupted"},
			after: func(t *testing.T) {
				require.NoDirExists(t, filepath.Join(tmp, "import-int", "schema"), "import wrote after the interrupt")
				require.NoFileExists(t, filepath.Join(importInt, "tfdyn_import_adopt_orders.tf"), "import wrote after the interrupt")
			}},

		// diff (scenarios with Git revisions in testdata/script/diff.txtar)
		{name: "diff/clean", args: []string{"diff", sdBase, sdBase + "/../backfill", "--ack", "SD402:callers lower-case emails"}, want: 0,
			stdout: []string{"7 changes (0 blocking, 1 acknowledged, 3 need a backfill)"}},
		{name: "diff/blocking", args: []string{"diff", sdBase, sdBase + "/../destructive"}, want: 1,
			stdout: []string{"SD505 destructive BLOCKING: LSIs of table \"app\" changed [table.app]"}, stderr: []string{"Error: diff: 5 changes block"}},
		{name: "diff/syntax", args: []string{"diff", sdBase, broken}, want: 1, stderr: []string{syntaxAt}},
		{name: "diff/lint", args: []string{"diff", lintErr, sdBase}, want: 1, stderr: []string{lintAt}},
		{name: "diff/usage-format", args: []string{"diff", sdBase, sdBase, "--format", "yaml"}, want: 2, stderr: []string{`--format must be text, json, github, junit, sarif or markdown, got "yaml"`}},
		{name: "diff/usage-ack", args: []string{"diff", sdBase, sdBase, "--ack", "SD999:x"}, want: 2, stderr: []string{`invalid --ack "SD999:x": unknown change code "SD999"`}},
		{name: "diff/usage-ref", args: []string{"diff", "git:HEAD", sdBase}, want: 2, stderr: []string{`invalid schema reference "git:HEAD"`}},
		{name: "diff/unreadable", args: []string{"diff", sdBase, missing}, want: 2, stderr: []string{unreadable}},
		{name: "diff/ack-file-syntax", args: []string{"diff", sdBase, sdBase, "--ack-file", "testdata/exit/broken-acks.hcl"}, want: 1, stderr: []string{"broken-acks.hcl:2:12: [SD001] Invalid expression"}},
		{name: "diff/interrupted", args: []string{"diff", sdBase, sdBase}, interrupt: true, want: 130, stderr: []string{"tfdyn diff: interrupted"}, notOut: []string{"No changes"}},

		// migrate (the live runs are in TestLiveMigrateCLI and internal/migrate)
		{name: "migrate/clean", args: []string{"migrate", sdBase, sdBase + "/../backfill", "--dry-run"}, want: 0,
			stdout: []string{"entity Order (table app)\n", "  items: not counted (give --endpoint or a region to count them)\n"}},
		{name: "migrate/nothing", args: []string{"migrate", sdBase, sdBase, "--dry-run"}, want: 0, stdout: []string{"No stored item needs to change.\n"}},
		{name: "migrate/refused", args: []string{"migrate", sdBase, sdBase + "/../items", "--dry-run"}, want: 1,
			stdout: []string{"\ncopy table app (app) → app-next\n  because: the template of PK of entity \"Product\" changes\n  REFUSED: entity \"Customer\": HEAD requires the attribute \"tier\""}, stderr: []string{"Error: migrate: part of the plan is refused (see REFUSED above)"}},
		{name: "migrate/refused-live", args: []string{"migrate", sdBase, sdBase + "/../destructive", "--table", "app", "--endpoint", "http://127.0.0.1:" + strconv.Itoa(closed)}, want: 1,
			stdout: []string{"  because: LSI \"ByDate\" is added\n  REFUSED: entity \"Product\" has no entity of that name in HEAD's table \"app\", so its items would not be copied"}, stderr: []string{"nothing written"}},
		{name: "migrate/nothing-live", args: []string{"migrate", sdBase, sdBase, "--table", "app", "--endpoint", "http://127.0.0.1:" + strconv.Itoa(closed)}, want: 0,
			stdout: []string{"No stored item needs to change.\n"}},
		{name: "migrate/syntax", args: []string{"migrate", broken, sdBase, "--dry-run"}, want: 1, stderr: []string{syntaxAt}},
		{name: "migrate/lint", args: []string{"migrate", sdBase, lintErr, "--dry-run"}, want: 1, stderr: []string{lintAt}},
		{name: "migrate/usage-no-table", args: []string{"migrate", sdBase, sdBase}, want: 2, stderr: []string{"migrate writes to a table: give --table NAME (with --endpoint URL or --region), or --dry-run for the plan"}},
		{name: "migrate/usage-endpoint-alone", args: []string{"migrate", sdBase, sdBase, "--dry-run", "--endpoint", "http://localhost:8000"}, want: 2,
			stderr: []string{"Error: --endpoint needs a table: add --table NAME (without --table, --dry-run prints the data plan only and reads no table)\n"}},
		{name: "migrate/usage-flags-alone", args: []string{"migrate", sdBase, sdBase, "--dry-run", "--region", "eu-west-1", "--checkpoint", "cp.json"}, want: 2,
			stderr: []string{"Error: --region and --checkpoint need a table: add --table NAME"}},
		{name: "migrate/usage-check-alone", args: []string{"migrate", sdBase, sdBase, "--dry-run", "--check"}, want: 2, stderr: []string{"Error: --check needs a table: add --table NAME"}},
		{name: "migrate/usage-check-dry-run", args: []string{"migrate", sdBase, sdBase, "--table", "app", "--check", "--dry-run"}, want: 2, stderr: []string{"--check writes nothing and reads the whole table: it takes no --dry-run, --checkpoint, --rate or --segment"}},
		{name: "migrate/usage-check-max", args: []string{"migrate", sdBase, sdBase, "--table", "app", "--check", "--check-max", "0"}, want: 2, stderr: []string{"--check-max must be between 1 and 10000000, got 0"}},
		{name: "migrate/check-endpoint-down", args: []string{"migrate", sdBase, sdBase + "/../backfill", "--table", "app", "--check", "--endpoint", "http://127.0.0.1:" + strconv.Itoa(closed)}, want: 2,
			stderr: []string{`migrate --check: describe table "app": `}},
		{name: "migrate/usage-endpoint", args: []string{"migrate", sdBase, sdBase, "--table", "app", "--endpoint", "localhost:8000"}, want: 2, stderr: []string{`--endpoint must be an http or https URL such as http://localhost:8000, got "localhost:8000"`}},
		{name: "migrate/usage-parallel", args: []string{"migrate", sdBase, sdBase, "--dry-run", "--parallel", "0"}, want: 2, stderr: []string{"--parallel must be between 1 and 64, got 0"}},
		{name: "migrate/usage-rate", args: []string{"migrate", sdBase, sdBase, "--dry-run", "--rate", "-1"}, want: 2, stderr: []string{"--rate: the rate must be 0 (no bound) or from 0.01 to 1e+06 updates per second, got -1"}},
		{name: "migrate/usage-format", args: []string{"migrate", sdBase, sdBase, "--dry-run", "--format", "markdown"}, want: 2, stderr: []string{`--format must be text or json, got "markdown"`}},
		{name: "migrate/bad-checkpoint", args: []string{"migrate", sdBase, sdBase + "/../backfill", "--table", "app", "--endpoint", "http://127.0.0.1:" + strconv.Itoa(closed), "--checkpoint", "testdata/exit/empty-checkpoint.json"}, want: 2,
			stderr: []string{"migrate: --checkpoint testdata/exit/empty-checkpoint.json: a checkpoint holds 1 to 64 segments, this one 0"}},
		{name: "migrate/name-only-checkpoint", args: []string{"migrate", sdBase, sdBase + "/../backfill", "--table", "app", "--endpoint", "http://127.0.0.1:" + strconv.Itoa(closed), "--checkpoint", "testdata/exit/v1-checkpoint.json"}, want: 2,
			stderr: []string{"migrate: --checkpoint testdata/exit/v1-checkpoint.json: checkpoint version 1, this tfdyn reads version 2"}},
		{name: "migrate/endpoint-down", args: []string{"migrate", sdBase, sdBase + "/../backfill", "--table", "app", "--endpoint", "http://127.0.0.1:" + strconv.Itoa(closed)}, want: 2,
			stderr: []string{`migrate: describe table "app": `}},
		{name: "migrate/unreadable", args: []string{"migrate", sdBase, missing, "--dry-run"}, want: 2, stderr: []string{unreadable}},
		{name: "migrate/interrupted", args: []string{"migrate", sdBase, sdBase + "/../backfill", "--dry-run"}, interrupt: true, want: 130, stderr: []string{"tfdyn migrate: interrupted"}, notOut: []string{"Data plan"}},

		// local (the running server is in the live tests)
		{name: "local/usage-port", args: []string{"local", "--port", "70000"}, want: 2, stderr: []string{"--port must be between 0 and 65535, got 70000"}},
		{name: "local/port-in-use", args: []string{"local", "--port", strconv.Itoa(busy)}, want: 2,
			stderr: []string{"Error: port " + strconv.Itoa(busy) + " is in use: choose another with --port, or --port 0 for a free one\n"}},
		{name: "local/usage-args", args: []string{"local", "extra"}, want: 2, stderr: []string{`unknown command "extra" for "tfdyn local"`}},

		// the root command
		// schemas
		{name: "schemas/clean", args: []string{"schemas", "../../examples"}, want: 0, stdout: []string{"../../examples/ecommerce\n../../examples/github\n../../examples/tournaments\n"}},
		{name: "schemas/usage", args: []string{"schemas", "--bogus"}, want: 2, stderr: []string{"unknown flag: --bogus"}},
		{name: "schemas/unreadable", args: []string{"schemas", missing}, want: 2, stderr: []string{`The path "` + missing + `" cannot be read: no such file or directory.`}},
		{name: "schemas/none", args: []string{"schemas", "testdata/script"}, want: 2, stderr: []string{"No .tfdyn.hcl file was found in testdata/script, nor in its subdirectories"}},
		{name: "root/unknown-command", args: []string{"lint"}, want: 2, stderr: []string{`unknown command "lint" for "tfdyn"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if c.interrupt {
				if c.delay == 0 {
					cancel()
				} else {
					time.AfterFunc(c.delay, cancel)
				}
			}
			stdin := c.stdin
			if stdin == nil {
				stdin = strings.NewReader("")
			}
			var stdout, stderr bytes.Buffer
			code := RunContext(ctx, c.args, stdin, &stdout, &stderr)
			require.Equal(t, c.want, code, "stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
			for _, s := range c.stderr {
				require.Contains(t, stderr.String(), s)
			}
			for _, s := range c.stdout {
				require.Contains(t, stdout.String(), s)
			}
			for _, s := range c.notOut {
				require.NotContains(t, stdout.String(), s)
			}
			if c.after != nil {
				c.after(t)
			}
		})
	}
}

// TestPlanDirTerraformError runs plan --dir on a configuration terraform
// rejects: exit 2, terraform's error once, with the step and directory.
func TestPlanDirTerraformError(t *testing.T) {
	env := tftest.Env(t)
	t.Setenv("TF_CLI_CONFIG_FILE", env.CLIConfigFile())
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.tf"), []byte("resource \"x\" {\n"), 0o644))
	var stdout, stderr bytes.Buffer
	code := RunContext(context.Background(), []string{"plan", "--dir", dir}, nil, &stdout, &stderr)
	require.Equal(t, ExitUsage, code, stderr.String())
	require.Contains(t, stderr.String(), "Error: terraform init failed in "+dir+":\n  Error: ")
	require.Equal(t, 1, strings.Count(stderr.String(), "Unclosed configuration block"), stderr.String())
	require.NotContains(t, stderr.String()+stdout.String(), "terraform_version")
}

// listen holds a loopback port for the test and returns it.
func listen(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { ln.Close() })
	return ln.Addr().(*net.TCPAddr).Port
}

// freePort returns a loopback port nothing listens on (one that was free a
// moment ago).
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func copyFile(t *testing.T, from, to string) string {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(to), 0o755))
	require.NoError(t, os.WriteFile(to, []byte(readFile(t, from)), 0o644))
	return to
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

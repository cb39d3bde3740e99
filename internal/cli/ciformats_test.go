package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/plancheck"
	"github.com/tfdyn/tfdyn/internal/schemadiff"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/verify"
)

// runCLI is RunContext with a background context.
func runCLI(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := RunContext(context.Background(), args, nil, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// repoRoot is this repository, standing in for $GITHUB_WORKSPACE.
func repoRoot(t *testing.T) string {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	return root
}

// TestValidateGitHubAnnotations: the annotation points at the schema's
// line and columns, with the path relative to $GITHUB_WORKSPACE although
// tfdyn ran in another directory.
func TestValidateGitHubAnnotations(t *testing.T) {
	t.Setenv("GITHUB_WORKSPACE", repoRoot(t))
	code, stdout, _ := runCLI("validate", "--format", "github", "../../testdata/invalid/condition_unknown_function.tfdyn.hcl")
	require.Equal(t, 1, code)
	require.Equal(t, "::error file=testdata/invalid/condition_unknown_function.tfdyn.hcl,line=25,col=10,endLine=25,endColumn=21,"+
		"title=TD009 Unknown condition::\"starts_with\" is not a key condition. Write a value for equality, or one of \"begins_with\", \"between\", \"eq\", \"gt\", \"gte\", \"lt\" or \"lte\".\n", stdout)
}

// TestValidateSARIF: a SARIF log of an invalid schema validates against
// the 2.1.0 schema and locates the finding.
func TestValidateSARIF(t *testing.T) {
	t.Setenv("GITHUB_WORKSPACE", repoRoot(t))
	for _, path := range []string{"../../testdata/invalid/condition_unknown_function.tfdyn.hcl", "../../examples/ecommerce"} {
		code, stdout, stderr := runCLI("validate", "--format", "sarif", path)
		require.Contains(t, []int{0, 1}, code, stderr)
		tftest.ValidSARIF(t, []byte(stdout))
	}
	_, stdout, _ := runCLI("validate", "--format", "sarif", "../../testdata/invalid/condition_unknown_function.tfdyn.hcl")
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string
				Level     string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn, EndLine, EndColumn int }
					}
				}
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &log))
	res := log.Runs[0].Results
	require.Len(t, res, 1)
	require.Equal(t, "TD009", res[0].RuleID)
	require.Equal(t, "error", res[0].Level)
	require.Equal(t, "testdata/invalid/condition_unknown_function.tfdyn.hcl", res[0].Locations[0].PhysicalLocation.ArtifactLocation.URI)
	require.Equal(t, struct{ StartLine, StartColumn, EndLine, EndColumn int }{25, 10, 25, 21}, res[0].Locations[0].PhysicalLocation.Region)
}

// TestValidateSummaryAndJUnitFiles: --summary appends a Markdown section to
// what the file holds (GitHub's step summary collects every step's), and
// --junit writes a report whatever --format says.
func TestValidateSummaryAndJUnitFiles(t *testing.T) {
	dir := t.TempDir()
	summary := filepath.Join(dir, "summary.md")
	require.NoError(t, os.WriteFile(summary, []byte("# earlier step\n"), 0o644))
	junit := filepath.Join(dir, "validate.xml")
	code, _, _ := runCLI("validate", "--summary", summary, "--junit", junit, "../../testdata/invalid/condition_unknown_function.tfdyn.hcl")
	require.Equal(t, 1, code)
	got, err := os.ReadFile(summary)
	require.NoError(t, err)
	require.Equal(t, "# earlier step\n\n### tfdyn validate: 1 error, 0 warnings\n\n| | Code | Where | Finding |\n|---|---|---|---|\n"+
		"| error | TD009 | `../../testdata/invalid/condition_unknown_function.tfdyn.hcl:25:10` | **Unknown condition** — "+
		"\"starts_with\" is not a key condition. Write a value for equality, or one of \"begins_with\", \"between\", \"eq\", \"gt\", \"gte\", \"lt\" or \"lte\". |\n", string(got))
	x, err := os.ReadFile(junit)
	require.NoError(t, err)
	require.Contains(t, string(x), `<testsuites name="tfdyn validate" tests="1" failures="1" skipped="0">`)
	require.Contains(t, string(x), `<testcase name="TD009 Unknown condition (25:10)" classname="../../testdata/invalid/condition_unknown_function.tfdyn.hcl">`)

	// A schema with a warning: a passing case with the warning in
	// system-out; a clean one: a passing case per file.
	code, _, _ = runCLI("validate", "--summary", summary, "--junit", junit, "../../examples/ecommerce")
	require.Equal(t, 0, code)
	got, _ = os.ReadFile(summary)
	require.Contains(t, string(got), " |\n\n### tfdyn validate: 0 errors, 1 warning\n\n| | Code | Where | Finding |\n", string(got))
	x, _ = os.ReadFile(junit)
	require.Contains(t, string(x), `<testcase name="TD119 Filter does not reduce read cost (452:12)" classname="../../examples/ecommerce/ecommerce.tfdyn.hcl">`)
	require.Contains(t, string(x), `<system-out>warning: ../../examples/ecommerce/ecommerce.tfdyn.hcl:452:12: Filter does not reduce read cost`)
	clean := filepath.Join(dir, "clean.tfdyn.hcl")
	require.NoError(t, os.WriteFile(clean, []byte(`table "users" {
  partition_key = "PK"
}

entity "User" {
  attributes = {
    username = string
  }
  key {
    PK = "USER#${username}"
  }
  example {
    username = "alice"
  }
}

access_pattern "user_by_name" {
  entity = entity.User
  key {
    PK = "USER#${username}"
  }
}
`), 0o644))
	code, _, stderr := runCLI("validate", "--junit", junit, clean)
	require.Equal(t, 0, code, stderr)
	x, _ = os.ReadFile(junit)
	require.Contains(t, string(x), `<testcase name="no findings" classname="`+clean+`"></testcase>`)
}

// TestPlanFindingsCarrySchemaPositions: with --schema, every finding about
// a schema table points at the table's block in GitHub annotations and in
// SARIF (which validates), not only the drift findings.
func TestPlanFindingsCarrySchemaPositions(t *testing.T) {
	t.Setenv("GITHUB_WORKSPACE", repoRoot(t))
	plans := "../plancheck/testdata/plans"
	code, stdout, stderr := runCLI("plan", "--plan-json", plans+"/rules.json", "--schema", plans+"/rules.tfdyn.hcl", "--format", "github")
	require.Equal(t, 1, code, stderr)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	require.Greater(t, len(lines), 10)
	placed := 0
	for _, l := range lines {
		if strings.Contains(l, "title=DP101 ") {
			// The destroyed table is no longer in the schema: no position.
			require.NotContains(t, l, "file=", l)
			continue
		}
		require.Contains(t, l, " file=internal/plancheck/testdata/plans/rules.tfdyn.hcl,line=", l)
		placed++
	}
	code, stdout, _ = runCLI("plan", "--plan-json", plans+"/rules.json", "--schema", plans+"/rules.tfdyn.hcl", "--format", "sarif")
	require.Equal(t, 1, code)
	tftest.ValidSARIF(t, []byte(stdout))
	require.Equal(t, placed, strings.Count(stdout, `"uri": "internal/plancheck/testdata/plans/rules.tfdyn.hcl"`))
}

// TestVerifyStepsInEveryFormat: the timing table of verify's steps is in
// every report format: text, JSON, JUnit (the suite's time and
// system-out), GitHub (a folded log group after the annotations), SARIF
// (the run's properties, still a valid log) and Markdown (a table after
// the findings, as --summary appends it).
func TestVerifyStepsInEveryFormat(t *testing.T) {
	rep := &verify.Report{Schema: "examples/ecommerce", Target: "local", Provider: 6, Passed: true,
		Tables:   []verify.TableReport{{Label: "shop", Name: "shop"}},
		Duration: 15250 * time.Millisecond,
		Steps: []verify.Step{
			{Name: "terraform init", Duration: 1234 * time.Millisecond},
			{Name: "connect to local target", Duration: 4500 * time.Millisecond},
			{Name: "terraform apply", Duration: 10987654321},
		}}
	const table = "" +
		"  terraform init                  1.2s\n" +
		"  connect to local target         4.5s\n" +
		"  terraform apply                11.0s\n"
	var text bytes.Buffer
	rep.WriteText(&text)
	require.Contains(t, text.String(), "\nSteps\n"+table+"\nPASS: ")
	// A run that stopped before its first step has no table.
	var early bytes.Buffer
	(&verify.Report{Schema: "x", Error: "verify: emit: failed"}).WriteText(&early)
	require.NotContains(t, early.String(), "Steps")

	out := func(format string) string {
		t.Helper()
		var b bytes.Buffer
		require.NoError(t, findings.Write(&b, format, output(rep.Output())))
		return b.String()
	}
	var doc struct {
		Steps []struct {
			Name     string
			Duration int64 `json:"duration_ns"`
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out("json")), &doc))
	require.Equal(t, []struct {
		Name     string
		Duration int64 `json:"duration_ns"`
	}{{"terraform init", 1234000000}, {"connect to local target", 4500000000}, {"terraform apply", 10987654321}}, doc.Steps)

	require.Contains(t, out("junit"), `<testsuite name="tfdyn verify examples/ecommerce" tests="0" failures="0" skipped="0" time="15.250">`+"\n"+
		"    <system-out>Steps&#xA;  terraform init                  1.2s&#xA;  connect to local target         4.5s&#xA;  terraform apply                11.0s&#xA;</system-out>\n  </testsuite>")

	require.Equal(t, "::group::tfdyn verify steps (15.2s in all)\n"+table+"::endgroup::\n", out("github"))

	sarif := out("sarif")
	var log struct {
		Runs []struct {
			Properties struct {
				Steps []struct {
					Name    string
					Seconds float64
				}
				DurationSeconds float64 `json:"duration_seconds"`
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(sarif), &log))
	require.Equal(t, []struct {
		Name    string
		Seconds float64
	}{{"terraform init", 1.234}, {"connect to local target", 4.5}, {"terraform apply", 10.988}}, log.Runs[0].Properties.Steps)
	require.Equal(t, 15.25, log.Runs[0].Properties.DurationSeconds)

	require.Equal(t, "### tfdyn verify examples/ecommerce: passed (0 access patterns, 0 checks, 0 items, 15 s): 0 errors, 0 warnings\n\nNo findings.\n"+
		"\n#### Steps (15.2 s in all; overlapping steps each show their own time)\n\n| Step | Seconds |\n|---|---:|\n"+
		"| terraform init | 1.2 |\n| connect to local target | 4.5 |\n| terraform apply | 11.0 |\n", out("markdown"))

	// A run that stopped before its first step has no table in any format.
	stopped := &verify.Report{Schema: "x", Error: "verify: emit: failed"}
	for _, format := range []string{"junit", "github", "markdown"} {
		var b bytes.Buffer
		require.NoError(t, findings.Write(&b, format, output(stopped.Output())))
		require.NotContains(t, b.String(), "Steps", format)
		require.NotContains(t, b.String(), "steps", format)
	}
	tftest.ValidSARIF(t, []byte(sarif)) // last: it skips under -short before make setup
}

// TestEveryCommandWritesEveryFormat: validate, plan, diff and verify offer
// every format of the findings registry and nothing else (a new format is
// a file in internal/findings and one registry line), and what they write
// is the pipeline's output of their report, byte for byte.
func TestEveryCommandWritesEveryFormat(t *testing.T) {
	t.Setenv("GITHUB_WORKSPACE", repoRoot(t))
	for _, cmd := range []string{"validate", "plan", "diff", "verify"} {
		code, stdout, _ := runCLI(cmd, "--help")
		require.Equal(t, 0, code)
		require.Contains(t, strings.Join(strings.Fields(stdout), " "), "output format: "+findings.Usage(), cmd)
	}
	want := func(format string, r *findings.Report) string {
		t.Helper()
		var b bytes.Buffer
		require.NoError(t, findings.Write(&b, format, output(r)))
		return b.String()
	}

	const schema = "../../examples/ecommerce"
	s, diags := hclschema.Load(schema)
	diags = append(diags, lint.Run(s)...)
	diag.Sort(diags)

	plans := "../plancheck/testdata/plans"
	plan, err := plancheck.LoadPlanJSON(plans + "/edited.json")
	require.NoError(t, err)
	acks, _, ds := plancheck.LoadAckFile(plans + "/edited.acks.hcl")
	require.False(t, ds.HasErrors())
	planRep, err := plancheck.CheckPlan(plan, plancheck.Options{Acks: acks})
	require.NoError(t, err)
	planRep.DocBase = docBase() // as the command sets it for plan's own text

	base, head := "../schemadiff/testdata/base", "../schemadiff/testdata/destructive"
	load := func(p string) *hclschema.Schema {
		ref, err := schemadiff.ParseRef(p)
		require.NoError(t, err)
		s, _, err := schemadiff.Load(context.Background(), ref)
		require.NoError(t, err)
		return s
	}
	diffRep := schemadiff.Diff(load(base), load(head))
	diffRep.Base, diffRep.Head = base, head

	for _, format := range findings.Names() {
		t.Run(format, func(t *testing.T) {
			code, stdout, stderr := runCLI("validate", "--format", format, schema)
			require.Equal(t, 0, code, stderr)
			if format == "text" {
				require.Equal(t, "Valid: 1 table(s), 6 entities, 13 access patterns (1 warning)\n", stdout)
				require.Equal(t, want("text", schemaOutput(s, diags, 0, false)), stderr)
			} else {
				require.Equal(t, want(format, schemaOutput(s, diags, 0, false)), stdout)
			}

			code, stdout, stderr = runCLI("plan", "--format", format, "--plan-json", plans+"/edited.json", "--ack-file", plans+"/edited.acks.hcl")
			require.Equal(t, 1, code, stderr)
			require.Equal(t, want(format, planRep.Output()), stdout)

			code, stdout, stderr = runCLI("diff", "--format", format, base, head)
			require.Equal(t, 1, code, stderr)
			require.Equal(t, want(format, diffRep.Output()), stdout)
		})
	}
}

// TestDocLinksAtTheRunningVersion (issue 27, item 10): summaries,
// annotations and SARIF linked docs/plan-rules/DP101.md relative to the
// user's repository, where no such page exists. They link tfdyn's own
// documentation at the version that runs: the release tag, the commit of a
// pseudo-version or of a local build, else main (a test binary has no VCS
// stamp).
func TestDocLinksAtTheRunningVersion(t *testing.T) {
	for _, c := range []struct {
		bi   buildInfo
		want string
	}{
		{buildInfo{Version: "v1.4.2"}, "v1.4.2"},
		{buildInfo{Version: "v1.5.0-rc.1"}, "v1.5.0-rc.1"},
		{buildInfo{Version: "v0.0.0-20260602190131-5f2286d6d836"}, "5f2286d6d836"},
		{buildInfo{Version: "v1.4.3-0.20260602190131-5f2286d6d836"}, "5f2286d6d836"},
		{buildInfo{Version: "v1.4.3-0.20260602190131-5f2286d6d836+dirty"}, "5f2286d6d836"},
		{buildInfo{Version: "v2.0.0+incompatible"}, "v2.0.0"},
		{buildInfo{Version: "(devel)", Revision: "a4fb71d0c0ffee"}, "a4fb71d0c0ffee"},
		{buildInfo{Version: "(devel)"}, "main"},
	} {
		require.Equal(t, c.want, docRef(c.bi), c.bi.Version)
	}
	base := homepage + "/blob/main/"
	require.Equal(t, base, docBase()+"/", "a test binary has no VCS stamp")

	code, out, _ := runCLI("validate", "--format", "markdown", "../../testdata/invalid/lint_scan_required.tfdyn.hcl")
	require.Equal(t, 1, code)
	require.Contains(t, out, "| error | [TD101]("+base+"docs/rules/TD101.md) |")

	plans := "../plancheck/testdata/plans"
	code, out, _ = runCLI("plan", "--plan-json", plans+"/rules.json", "--format", "markdown")
	require.Equal(t, 1, code)
	require.Contains(t, out, "| error | [DP101]("+base+"docs/plan-rules/DP101.md) | `aws_dynamodb_table.dp101` |")
	require.NotContains(t, out, "](docs/")
	_, out, _ = runCLI("plan", "--plan-json", plans+"/rules.json")
	require.Contains(t, out, "\n  See "+base+"docs/plan-rules/DP101.md\n")
	_, out, _ = runCLI("plan", "--plan-json", plans+"/rules.json", "--format", "github")
	require.Contains(t, out, "("+base+"docs/plan-rules/DP101.md)")
	_, out, _ = runCLI("plan", "--plan-json", plans+"/rules.json", "--format", "sarif")
	require.Contains(t, out, `"helpUri": "`+base+`docs/plan-rules/DP101.md"`)

	rep := &verify.Report{Schema: "app", Target: "local", Conformance: []verify.Check{{Code: "VF101", Name: "table key schema", Detail: "PK differs"}}}
	var md bytes.Buffer
	require.NoError(t, findings.Write(&md, "markdown", output(rep.Output())))
	require.Contains(t, md.String(), "[VF101]("+base+"docs/verify-checks/VF101.md)")
}

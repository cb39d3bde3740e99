package findings_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// sample has every shape: an error with a one-line range, a warning whose
// range spans lines, an acknowledged error with a subject and no position,
// and text that needs escaping in every format.
var sample = []findings.Finding{
	{Code: "TD101", Severity: findings.Error, Summary: "Pattern needs a Scan",
		Detail: "No key or index serves \"users, by name\": 100% of reads.\nAdd an index.",
		Pos:    &findings.Pos{File: "schema/app.tfdyn.hcl", Line: 12, Column: 3, EndLine: 12, EndColumn: 9},
		Doc:    "docs/rules/TD101.md"},
	{Code: "TD110", Severity: findings.Warning, Summary: "Unpadded number | sorts as text",
		Detail: "Pad it.", Pos: &findings.Pos{File: "my schema/b.tfdyn.hcl", Line: 3, Column: 1, EndLine: 5, EndColumn: 2},
		Doc: "docs/rules/TD110.md"},
	{Code: "DP102", Severity: findings.Error, Summary: "Stream disabled", Detail: "Consumers stop.",
		Subject: "aws_dynamodb_table.shop", Doc: "docs/plan-rules/DP102.md", Acknowledged: "migration 42"},
}

func TestWriteGitHub(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, findings.WriteGitHub(&out, sample))
	require.Equal(t, ""+
		"::error file=schema/app.tfdyn.hcl,line=12,col=3,endLine=12,endColumn=9,title=TD101 Pattern needs a Scan::No key or index serves \"users, by name\": 100%25 of reads.%0AAdd an index. (docs/rules/TD101.md)\n"+
		"::warning file=my schema/b.tfdyn.hcl,line=3,col=1,endLine=5,title=TD110 Unpadded number | sorts as text::Pad it. (docs/rules/TD110.md)\n"+
		"::notice title=DP102 Stream disabled::aws_dynamodb_table.shop: Consumers stop. (docs/plan-rules/DP102.md)%0AAcknowledged: migration 42\n",
		out.String())
}

func TestWriteSARIFValidatesAgainstTheSchema(t *testing.T) {
	tool := findings.Tool{Name: "tfdyn", Version: "v1.2.3", InformationURI: "https://github.com/tfdyn/tfdyn",
		Rules: []findings.Rule{{ID: "TD101", Name: "scan-required", Short: "Every pattern is served by a key or an index", Doc: "docs/rules/TD101.md"}}}
	for name, fs := range map[string][]findings.Finding{"sample": sample, "empty": nil} {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			require.NoError(t, findings.WriteSARIF(&out, tool, fs))
			tftest.ValidSARIF(t, out.Bytes())
		})
	}
}

func TestWriteSARIFContent(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, findings.WriteSARIF(&out, findings.Tool{Name: "tfdyn",
		Rules: []findings.Rule{{ID: "TD101", Name: "scan-required"}}}, sample))
	var doc struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string }
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Level     string
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation *struct {
						ArtifactLocation struct{ URI, URIBaseID string }
						Region           struct{ StartLine, StartColumn, EndLine, EndColumn int }
					}
					LogicalLocations []struct{ FullyQualifiedName string }
				}
				Suppressions []struct{ Kind, Justification string }
			}
		}
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &doc))
	run := doc.Runs[0]
	require.Equal(t, []struct{ ID string }{{"TD101"}, {"DP102"}, {"TD110"}}, run.Tool.Driver.Rules)
	r0, r1, r2 := run.Results[0], run.Results[1], run.Results[2]
	require.Equal(t, "TD101", r0.RuleID)
	require.Equal(t, 0, r0.RuleIndex)
	require.Equal(t, "error", r0.Level)
	require.Equal(t, "schema/app.tfdyn.hcl", r0.Locations[0].PhysicalLocation.ArtifactLocation.URI)
	require.Equal(t, "%SRCROOT%", r0.Locations[0].PhysicalLocation.ArtifactLocation.URIBaseID)
	require.Equal(t, struct{ StartLine, StartColumn, EndLine, EndColumn int }{12, 3, 12, 9}, r0.Locations[0].PhysicalLocation.Region)
	require.Equal(t, "my%20schema/b.tfdyn.hcl", r1.Locations[0].PhysicalLocation.ArtifactLocation.URI)
	require.Equal(t, 2, r1.RuleIndex)
	require.Equal(t, "warning", r1.Level)
	require.Nil(t, r2.Locations[0].PhysicalLocation)
	require.Equal(t, "aws_dynamodb_table.shop", r2.Locations[0].LogicalLocations[0].FullyQualifiedName)
	require.Equal(t, []struct{ Kind, Justification string }{{"external", "migration 42"}}, r2.Suppressions)
	require.Equal(t, "Stream disabled. Consumers stop.", r2.Message.Text)
}

func TestWriteMarkdown(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, findings.WriteMarkdown(&out, "tfdyn validate", sample))
	require.Equal(t, "### tfdyn validate: 1 error, 1 warning\n\n"+
		"| | Code | Where | Finding |\n|---|---|---|---|\n"+
		"| error | [TD101](docs/rules/TD101.md) | `schema/app.tfdyn.hcl:12:3` | **Pattern needs a Scan** — No key or index serves \"users, by name\": 100% of reads.<br>Add an index. |\n"+
		"| warning | [TD110](docs/rules/TD110.md) | `my schema/b.tfdyn.hcl:3:1` | **Unpadded number \\| sorts as text** — Pad it. |\n"+
		"| acknowledged error | [DP102](docs/plan-rules/DP102.md) | `aws_dynamodb_table.shop` | **Stream disabled** — Consumers stop. _Acknowledged: migration 42_ |\n",
		out.String())
	out.Reset()
	require.NoError(t, findings.WriteMarkdown(&out, "tfdyn validate", nil))
	require.Equal(t, "### tfdyn validate: 0 errors, 0 warnings\n\nNo findings.\n", out.String())
}

func TestJUnitByFile(t *testing.T) {
	j := findings.JUnitByFile("tfdyn validate", []string{"schema/app.tfdyn.hcl", "schema/clean.tfdyn.hcl"}, sample)
	var out bytes.Buffer
	require.NoError(t, findings.WriteJUnit(&out, j))
	require.Equal(t, `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="tfdyn validate" tests="4" failures="1" skipped="0">
  <testsuite name="schema/app.tfdyn.hcl" tests="1" failures="1" skipped="0">
    <testcase name="TD101 Pattern needs a Scan (12:3)" classname="schema/app.tfdyn.hcl">
      <failure message="Pattern needs a Scan" type="TD101">schema/app.tfdyn.hcl:12:3: Pattern needs a Scan&#xA;No key or index serves &#34;users, by name&#34;: 100% of reads.&#xA;Add an index.</failure>
    </testcase>
  </testsuite>
  <testsuite name="schema/clean.tfdyn.hcl" tests="1" failures="0" skipped="0">
    <testcase name="no findings" classname="schema/clean.tfdyn.hcl"></testcase>
  </testsuite>
  <testsuite name="my schema/b.tfdyn.hcl" tests="1" failures="0" skipped="0">
    <testcase name="TD110 Unpadded number | sorts as text (3:1)" classname="my schema/b.tfdyn.hcl">
      <system-out>warning: my schema/b.tfdyn.hcl:3:1: Unpadded number | sorts as text&#xA;Pad it.</system-out>
    </testcase>
  </testsuite>
  <testsuite name="tfdyn validate" tests="1" failures="0" skipped="0">
    <testcase name="DP102 Stream disabled" classname="tfdyn validate">
      <system-out>error: tfdyn validate: Stream disabled&#xA;Consumers stop.</system-out>
    </testcase>
  </testsuite>
</testsuites>
`, out.String())
}

// TestDocURL: pages of tfdyn's repository become links under a base; a
// URL or an empty base leaves them as they are.
func TestDocURL(t *testing.T) {
	const base = "https://github.com/tfdyn/tfdyn/blob/v1.2.0"
	require.Equal(t, base+"/docs/rules/TD101.md", findings.DocURL(base, "docs/rules/TD101.md"))
	require.Equal(t, base+"/docs/rules/TD101.md", findings.DocURL(base+"/", "/docs/rules/TD101.md"))
	require.Equal(t, "docs/rules/TD101.md", findings.DocURL("", "docs/rules/TD101.md"))
	require.Equal(t, "https://example.com/x", findings.DocURL(base, "https://example.com/x"))
	require.Equal(t, "", findings.DocURL(base, ""))
}

package verify

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/tablespectest"
)

// TestConformanceCodes checks the code of every conformance check of the
// full table (live description in testdata/conformance/tables.json), and
// that a changed stream fails VF109 alone.
func TestConformanceCodes(t *testing.T) {
	live := loadRecordings(t)["full-prod"]
	spec := tablespectest.Spec(t, "full-prod")
	var got [][2]string
	for _, c := range compareLive(spec, live) {
		require.True(t, c.OK, c.Name)
		got = append(got, [2]string{c.Code, c.Name})
	}
	require.Equal(t, [][2]string{
		{"VF101", "table key schema"},
		{"VF102", "GSI names"},
		{"VF103", "GSI ByAccount key schema"},
		{"VF104", "GSI ByAccount projection"},
		{"VF105", "GSI ByAccount capacity"},
		{"VF106", "LSI names"},
		{"VF107", "LSI ByAmount key schema"},
		{"VF108", "LSI ByAmount projection"},
		{"VF109", "stream"},
		{"VF110", "TTL attribute"},
		{"VF111", "billing mode"},
		{"VF112", "capacity"},
		{"VF113", "table class"},
		{"VF114", "server-side encryption"},
		{"VF116", "warm throughput"},
		{"VF116", "GSI ByAccount warm throughput"},
		{"VF117", "recovery period"},
		{"VF118", "resource policy"},
	}, got)

	spec.StreamViewType = "KEYS_ONLY"
	var failed []Check
	for _, c := range compareLive(spec, live) {
		if !c.OK {
			failed = append(failed, c)
		}
	}
	require.Equal(t, []Check{{Code: "VF109", Name: "stream", Detail: "schema says KEYS_ONLY, table has NEW_AND_OLD_IMAGES"}}, failed)
}

// TestReportCodes checks that the codes of a report's findings show in
// every output: Findings (code and documentation page, one finding per
// code of a failed pattern), the text report and JUnit.
func TestReportCodes(t *testing.T) {
	pos := &findings.Pos{File: "app.tfdyn.hcl", Line: 30, Column: 1, EndLine: 30, EndColumn: 20}
	run := RunResult{Inputs: `username="alice"`, Request: "Query", OK: true}
	run.fail(problem{vfUndeclared, "returned 1 item(s) of entity OrderItem, which the pattern does not declare: PK=\"C#alice\""},
		problem{vfOrder, "items of entity Order come back out of order"},
		problem{vfUndeclared, "again"})
	require.Equal(t, []string{"VF205", "VF253"}, run.Codes)
	require.False(t, run.OK)
	rep := &Report{Schema: "app.tfdyn.hcl", Target: "local", Provider: 6,
		Conformance: []Check{{Code: vfStream, Name: "stream", Detail: "schema says KEYS_ONLY, table has none", Pos: pos}},
		Patterns: []PatternReport{
			{Name: "orders", Operation: "Query", Index: "table", Runs: []RunResult{run}, Pos: pos},
			{Name: "quiet", Operation: "Query", Index: "table", OK: true, Code: vfOnlyEmpty, Warning: "no input set found any item"},
		},
		Scale:    []ScaleReport{{Pattern: "orders", Factor: 10, Code: vfScaleReads, Message: "reads 9 item(s) it does not return"}},
		Rejected: []Rejection{{Code: vfItemRejected, Table: "app", Entity: "User", Example: true, Position: "app.tfdyn.hcl:12:3", Key: `PK="U"`, Message: "too large"}},
	}
	rep.finish()
	var got [][3]string
	for _, f := range rep.Findings() {
		got = append(got, [3]string{f.Code, string(f.Severity), f.Doc})
	}
	require.Equal(t, [][3]string{
		{"VF109", "error", "docs/verify-checks/VF109.md"},
		{"VF205", "error", "docs/verify-checks/VF205.md"},
		{"VF253", "error", "docs/verify-checks/VF253.md"},
		{"VF207", "warning", "docs/verify-checks/VF207.md"},
		{"VF303", "error", "docs/verify-checks/VF303.md"},
		{"VF401", "error", "docs/verify-checks/VF401.md"},
	}, got)
	require.Equal(t, "Access pattern orders: A pattern returns items of an entity it does not declare", rep.Findings()[1].Summary)

	var text bytes.Buffer
	rep.WriteText(&text)
	for _, want := range []string{
		"\n  FAIL VF109 stream\n",
		"\n  FAIL VF205 VF253 orders\n    inputs:  username=\"alice\"\n",
		"  warning: VF207 quiet: no input set found any item\n",
		"  FAIL orders: read 0 -> 0, returned 0 -> 0, RCU 0.0 -> 0.0 VF303 reads 9 item(s) it does not return\n",
		"  FAIL VF401 app.tfdyn.hcl:12:3: DynamoDB rejected the example item",
	} {
		require.Contains(t, text.String(), want)
	}
	var junit bytes.Buffer
	require.NoError(t, rep.WriteJUnit(&junit))
	for _, want := range []string{`<testcase name="VF109 stream" classname="conformance"`, `type="VF109"`, `type="VF205 VF253"`, `type="VF401"`, `warning: VF207 no input set`} {
		require.Contains(t, junit.String(), want)
	}
	require.False(t, strings.Contains(junit.String(), `type=""`), junit.String())
}

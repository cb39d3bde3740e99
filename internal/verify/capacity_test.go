package verify

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

func TestCapacityMismatchRounding(t *testing.T) {
	for _, c := range []struct {
		measured, estimated float64
		pages               int
		strong, ok          bool
	}{
		{2, 2, 1, false, true},
		{2.5, 2, 1, false, false},
		{1.5, 2, 1, false, false},
		{2.5, 2, 2, false, true},   // two pages: each rounded on its own
		{3, 2, 2, false, false},    // one step per extra page, no more
		{3, 2, 2, true, true},      // a strong step is 1
		{0.5, 0.5, 0, false, true}, // a GetItem counts as one page
	} {
		got := capacityMismatch(c.measured, c.estimated, c.pages, c.strong) == ""
		if got != c.ok {
			t.Errorf("capacityMismatch(%g, %g, %d pages, strong %v) ok = %v, want %v", c.measured, c.estimated, c.pages, c.strong, got, c.ok)
		}
	}
}

// TestWriteCapacity: the capacity table averages the runs with inputs from
// the items (not the declared-result runs, not the input that must find
// nothing) and marks a pattern with a mismatch in any run.
func TestWriteCapacity(t *testing.T) {
	var b strings.Builder
	writeCapacity(&b, []PatternReport{
		{Name: "doc_by_id", Runs: []RunResult{{Consumed: 2, Estimated: 2}, {Consumed: 1, Estimated: 1}, {Consumed: 1, Estimated: 1, Miss: true}, {Consumed: 2, Declared: true}}},
		{Name: "docs_in_folder", Runs: []RunResult{{Consumed: 2, Estimated: 1, Message: "capacity: consumed 2 RCU, the estimate for the same items is 1 RCU"}}},
	})
	want := `
Capacity (RCU per call: measured with ReturnConsumedCapacity, estimated by tfdyn cost for the same items)
        pattern         runs  measured  estimated
  ok    doc_by_id       2     1.5       1.5
  FAIL  docs_in_folder  1     2         1
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestWriteChecks: the write table and the finding of a mismatch.
func TestWriteChecks(t *testing.T) {
	checks := []WriteCheck{
		{Item: `Doc["small"]`, Measured: map[string]float64{"table": 1, "ByOwner": 1}, Estimated: map[string]float64{"table": 1, "ByOwner": 1}, OK: true},
		{Item: `Doc["large"]`, Measured: map[string]float64{"table": 10}, Estimated: map[string]float64{"table": 10, "ByOwner": 1}},
	}
	var b strings.Builder
	writeWriteChecks(&b, checks)
	want := `
Write capacity (WCU of writing each example item: measured with ReturnConsumedCapacity, estimated by tfdyn cost)
        item          measured             estimated
  ok    Doc["small"]  table 1 + ByOwner 1  table 1 + ByOwner 1
  FAIL  Doc["large"]  table 10             table 10 + ByOwner 1
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
	f := writeFindings(checks)
	if len(f) != 1 || f[0].Detail != `Writing Doc["large"] consumed table 10 WCU; the estimate for the item is table 10 + ByOwner 1 WCU.` {
		t.Errorf("findings %+v", f)
	}
	if sameUnits(map[string]float64{"table": 1}, map[string]float64{"table": 1, "G": 0}) != true {
		t.Error("an index at 0 on one side only is the same")
	}
}

// TestWritePatternCapacityFinding: a write pattern whose success case
// consumed other units than the estimate fails with VF273 at the write
// pattern, in the findings and in the text report.
func TestWritePatternCapacityFinding(t *testing.T) {
	pos := &findings.Pos{File: "app.tfdyn.hcl", Line: 40, Column: 1, EndLine: 40, EndColumn: 30}
	rep := &Report{Schema: "app.tfdyn.hcl", Target: "local", Provider: 6,
		Writes: []WriteReport{{Name: "close_order", Operation: "UpdateItem", OK: false, Pos: pos,
			Cases:    []WriteCase{{Case: "success", Expected: "ok", Got: "ok", OK: true}},
			Capacity: &WriteCheck{Item: "close_order (success case)", Measured: map[string]float64{"table": 1, "GSI1": 2}, Estimated: map[string]float64{"table": 1, "GSI1": 1}}}}}
	rep.finish()
	require.False(t, rep.Passed)
	var got []string
	for _, f := range rep.Findings() {
		got = append(got, fmt.Sprintf("%s %s %d:%d %s | %s", f.Code, f.Severity, f.Pos.Line, f.Pos.Column, f.Summary, f.Detail))
	}
	require.Equal(t, []string{"VF273 error 40:1 Write pattern close_order: write capacity differs from the estimate | " +
		"The success case (UpdateItem) consumed table 1 + GSI1 2 WCU; the estimate for the items it changed is table 1 + GSI1 1 WCU."}, got)
	var text bytes.Buffer
	rep.WriteText(&text)
	require.Contains(t, text.String(), "      FAIL capacity     measured table 1 + GSI1 2 WCU, estimated table 1 + GSI1 1 WCU\n")

	// --format json carries the figures: per run the consumed and the
	// estimated read units, per write pattern the write units.
	rep.Patterns = []PatternReport{{Name: "orders", Runs: []RunResult{{Consumed: 1.5, Estimated: 1.5, OK: true}}, OK: true}}
	var js bytes.Buffer
	require.NoError(t, rep.WriteJSON(&js))
	var back struct {
		Patterns []struct {
			Runs []struct {
				Consumed  float64 `json:"consumed_capacity"`
				Estimated float64 `json:"estimated_capacity"`
			} `json:"runs"`
		} `json:"patterns"`
		Writes []struct {
			Capacity struct {
				Measured, Estimated map[string]float64
			} `json:"capacity"`
		} `json:"writes"`
	}
	require.NoError(t, json.Unmarshal(js.Bytes(), &back))
	require.Equal(t, 1.5, back.Patterns[0].Runs[0].Consumed)
	require.Equal(t, 1.5, back.Patterns[0].Runs[0].Estimated)
	require.Equal(t, map[string]float64{"table": 1, "GSI1": 2}, back.Writes[0].Capacity.Measured)
	require.Equal(t, map[string]float64{"table": 1, "GSI1": 1}, back.Writes[0].Capacity.Estimated)
}

// TestFailedSummary (issue 27, item 7): the run's last line counts what
// failed; a failed write pattern read "FAIL: 0 of 1 access pattern(s)
// failed, 0 conformance check(s) failed".
func TestFailedSummary(t *testing.T) {
	rep := &Report{Target: "local", Provider: 6,
		Conformance: []Check{{Code: "VF101", OK: true}},
		Patterns:    []PatternReport{{Name: "user", OK: true}},
		Writes:      []WriteReport{{Name: "register_user", OK: false}, {Name: "rename_user", OK: true}}}
	rep.finish()
	var text bytes.Buffer
	rep.WriteText(&text)
	require.True(t, strings.HasSuffix(text.String(), "\nFAIL: 1 of 2 write pattern(s) failed\n"), text.String())

	rep.Conformance[0].OK = false
	rep.WriteCapacity = []WriteCheck{{Item: `User["a"]`, OK: false}, {Item: `User["b"]`, OK: true}}
	rep.AfterWrites = []PatternReport{{Name: "user", OK: false}}
	rep.finish()
	require.Equal(t, "1 of 1 conformance check(s), 1 of 2 example item write(s) (capacity), 1 of 2 write pattern(s), 1 of 1 access pattern(s) after the write patterns failed", rep.failedSummary())
}

// TestWriteCallAccounting: a transaction of two writes of equal units is 4
// WCU as AWS counts it and 2 as DynamoDB Local reports it; each target is
// held to its own accounting (an endpoint to either), and a figure that
// is neither fails everywhere.
func TestWriteCallAccounting(t *testing.T) {
	s, diags := hclschema.Load("testdata/unique-simple")
	require.False(t, diags.HasErrors(), diags.Error())
	w := s.WritePattern("register_user")
	user := s.Entity("User")
	guard := user.Unique[0].Guard
	u, err := user.Item(cty.ObjectVal(map[string]cty.Value{"username": cty.StringVal("a"), "email": cty.StringVal("a@x")}))
	require.NoError(t, err)
	g, err := guard.Item(cty.ObjectVal(map[string]cty.Value{"email": cty.StringVal("a@x")}))
	require.NoError(t, err)
	res := oracle.WriteResult{Failed: -1, Changes: []oracle.ItemChange{{Entity: user, After: &u}, {Entity: guard, After: &g}}}
	for _, c := range []struct {
		target   Target
		measured float64
		ok       bool
	}{
		{TargetLocal, 2, true}, {TargetLocal, 4, false}, {TargetLocal, 3, false},
		{TargetAWS, 4, true}, {TargetAWS, 2, false},
		{TargetEndpoint, 2, true}, {TargetEndpoint, 4, true}, {TargetEndpoint, 3, false},
	} {
		chk := writeCallCheck(w, res, map[string]float64{"table": c.measured}, nil, c.target)
		require.Equal(t, c.ok, chk.OK, "%s measuring %g", c.target, c.measured)
		require.Equal(t, map[string]float64{"table": 4}, chk.Estimated)
		if c.target == TargetAWS {
			require.Nil(t, chk.Local)
		} else {
			require.Equal(t, map[string]float64{"table": 2}, chk.Local)
		}
	}
}

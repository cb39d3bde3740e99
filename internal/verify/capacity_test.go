package verify

import (
	"strings"
	"testing"
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

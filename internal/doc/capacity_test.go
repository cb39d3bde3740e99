package doc_test

import (
	"strings"
	"testing"

	"github.com/tfdyn/tfdyn/internal/tablespectest"
)

// TestIndexCapacityIsTheSpecs checks that a GSI which sets only its read
// capacity shows the table's write capacity, as emit writes it (the table
// spec's effective capacity), not 0 WCU.
func TestIndexCapacityIsTheSpecs(t *testing.T) {
	got := markdown(t, tablespectest.Full(t))
	want := "| ByAccount | GSI (multi-attribute) | `account` (S), `region` (S) | `day` (S), `seq` (N) | INCLUDE `amount`, `memo` | 2 RCU, 10 WCU |"
	if !strings.Contains(got, want) {
		t.Errorf("missing line %q in:\n%s", want, got)
	}
}

package verify

import "testing"

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

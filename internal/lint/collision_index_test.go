package lint

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"
)

// TestGroupIndexFindsEveryOverlappingGroup compares the groups the index
// returns for a partition condition with those eqOverlap accepts, for
// every pair of value sets of a mixed list: none may be missing.
func TestGroupIndexFindsEveryOverlappingGroup(t *testing.T) {
	sets := []valueSet{
		{},
		{prefix: "E"}, {prefix: "E1#"}, {prefix: "E12#"}, {prefix: "F#"}, {prefix: "E1"},
		{exact: true, val: cty.StringVal("E1#OPEN")}, {exact: true, val: cty.StringVal("E12#OPEN")},
		{exact: true, val: cty.StringVal("E1")}, {exact: true, val: cty.StringVal("")},
		{exact: true, val: cty.NumberIntVal(12)}, {exact: true, val: cty.NumberFloatVal(12.0)}, {exact: true, val: cty.StringVal("12")},
	}
	var groups []*partGroup
	for _, vs := range sets {
		groups = append(groups, &partGroup{sets: []valueSet{vs}})
	}
	gi := newGroupIndex(groups)
	for _, c := range sets {
		var want []int
		for i, g := range groups {
			if eqOverlap(g.sets[0], c) {
				want = append(want, i)
			}
		}
		got := map[int]bool{}
		for _, i := range gi.candidates(c) {
			got[i] = true
		}
		for _, i := range want {
			require.True(t, got[i], "condition %s misses group %s", c, groups[i].sets[0])
		}
	}
}

package lint

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
)

func parseSet(t *testing.T, src string) valueSet {
	t.Helper()
	x, ds := hclschema.ParseTemplate(src, "x.hcl")
	require.False(t, ds.HasErrors(), ds.Error())
	return setOf(x)
}

func TestSetOf(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`"ORDER#${id}"`, `values starting with "ORDER#"`},
		{`"OPEN"`, `exactly "OPEN"`},
		{`"${id}"`, `any value`},
		{`format("ORD%%#%08d", n)`, `values starting with "ORD%#" of 13 bytes or more`},
		{`"v${format("%010d", n)}"`, `values starting with "v" of 11 bytes or more`},
		{`"v${n}"`, `values starting with "v"`},
		{`lower("A${x}")`, `any value`},
		{`upper("open")`, `exactly "OPEN"`},
	} {
		require.Equal(t, tc.want, parseSet(t, tc.src).String(), tc.src)
	}
}

func TestMayOverlap(t *testing.T) {
	for _, tc := range []struct {
		ent  string
		op   hclschema.ConditionOp
		args []string
		want bool
	}{
		{`"ORDERITEM#${i}"`, hclschema.OpBeginsWith, []string{`"ORDER"`}, true},
		{`"ORDERITEM#${i}"`, hclschema.OpBeginsWith, []string{`"ORDER#"`}, false},
		{`"ORDER#${i}"`, hclschema.OpBeginsWith, []string{`"ORDER#${x}"`}, true},
		{`"PROFILE"`, hclschema.OpBeginsWith, []string{`"PRO"`}, true},
		{`"PROFILE"`, hclschema.OpEq, []string{`"PROFILE#${x}"`}, false},
		{`"A#${i}"`, hclschema.OpEq, []string{`"A#${x}"`}, true},
		{`"${i}"`, hclschema.OpEq, []string{`"A#${x}"`}, false}, // no evidence on one side
		{`"${i}"`, hclschema.OpEq, []string{`"${x}"`}, true},
		{`"ADDRESS#${i}"`, hclschema.OpLT, []string{`"ORDER#${x}"`}, true},
		{`"PROFILE#${i}"`, hclschema.OpLT, []string{`"ORDER#${x}"`}, false},
		{`"PROFILE#${i}"`, hclschema.OpGT, []string{`"ORDER#${x}"`}, true},
		{`"ADDRESS#${i}"`, hclschema.OpGT, []string{`"ORDER#"`}, false},
		{`"ORDER#${i}"`, hclschema.OpGE, []string{`"ORDER#2024"`}, true},
		{`"ORDERITEM#${i}"`, hclschema.OpBetween, []string{`"ORDER#"`, `"ORDER#~"`}, false},
		{`"ORDERITEM#${i}"`, hclschema.OpBetween, []string{`"ORDER#"`, `"ORDERZ"`}, true},
		{`"ORDER#${i}"`, hclschema.OpBetween, []string{`"ORDER#${a}"`, `"ORDER#${b}"`}, true},
		{`"ITEM#${i}"`, hclschema.OpBetween, []string{`"ORDER#${a}"`, `"ORDER#${b}"`}, false},
		{`"B"`, hclschema.OpBetween, []string{`"A"`, `"C"`}, true},
		{`"D"`, hclschema.OpBetween, []string{`"A"`, `"C"`}, false},
		// A padded number has its width: "v0" is no value of a version
		// padded to ten digits, but is one of an unpadded version.
		{`"v${format("%010d", n)}"`, hclschema.OpEq, []string{`"v0"`}, false},
		{`"v0"`, hclschema.OpEq, []string{`"v${format("%010d", n)}"`}, false},
		{`"v${format("%010d", n)}"`, hclschema.OpEq, []string{`"v0000000001"`}, true},
		{`"v${n}"`, hclschema.OpEq, []string{`"v0"`}, true},
		{`"v0"`, hclschema.OpBeginsWith, []string{`"v${format("%010d", x)}"`}, false},
		{`"v${format("%010d", n)}"`, hclschema.OpBeginsWith, []string{`"v0"`}, true},
	} {
		var args []valueSet
		for _, a := range tc.args {
			args = append(args, parseSet(t, a))
		}
		require.Equal(t, tc.want, mayOverlap(parseSet(t, tc.ent), tc.op, args), "%s %s %v", tc.ent, tc.op, tc.args)
	}
}

package ack

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSplitFlag(t *testing.T) {
	for in, want := range map[string][3]string{
		`DP102=module.db.aws_dynamodb_table.app["eu:1"]:new key`: {"DP102", `module.db.aws_dynamodb_table.app["eu:1"]`, "new key"},
		`SD401: patterns moved `:                                 {"SD401", "*", "patterns moved"},
		`SD502=:x`:                                               {"SD502", "*", "x"},
	} {
		c, a, r, err := SplitFlag(in, "hint")
		require.NoError(t, err, in)
		require.Equal(t, want, [3]string{c, a, r}, in)
	}
	_, _, _, err := SplitFlag(":reason", "hint")
	require.EqualError(t, err, `invalid --ack ":reason": hint`)
	_, _, _, err = SplitFlag(`DP102=a["x:`, "hint")
	require.EqualError(t, err, `invalid --ack "DP102=a[\"x:": no ":" before the reason; hint`)
}

func TestGlob(t *testing.T) {
	require.True(t, Glob("*", "anything"))
	require.True(t, Glob("module.*.aws_dynamodb_table.app", "module.db.aws_dynamodb_table.app"))
	require.True(t, Glob("a?c", "abc"))
	require.False(t, Glob("a?c", "abbc"))
	require.False(t, Glob("table.shop.*", "table.blog.index"))
}

package schemadiff

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/tablespectest"
)

// TestDiffReadsEveryTableSetting changes one setting of the full table at
// a time: diff must report a change (a new table setting fails here until
// compareSpecs compares it).
func TestDiffReadsEveryTableSetting(t *testing.T) {
	base := tablespectest.Full(t).Tables[0].Spec()
	require.Empty(t, compareSpecs("full", base, base))
	reads := map[string]string{}
	for _, f := range tablespectest.Fields(t) {
		reads[f] = ""
	}
	tablespectest.Check(t, "diff", reads, func(t *testing.T, base, mutated hclschema.TableSpec) bool {
		return len(compareSpecs("full", base, mutated)) > 0
	})
}

// TestDiffSpecCodes: each kind of setting change has its code.
func TestDiffSpecCodes(t *testing.T) {
	codes := func(mutate func(s *hclschema.TableSpec)) []string {
		base := tablespectest.Full(t).Tables[0].Spec()
		head := tablespectest.Full(t).Tables[0].Spec()
		mutate(&head)
		var out []string
		for _, c := range compareSpecs("full", base, head) {
			out = append(out, string(c.Code)+" "+c.Index)
		}
		return out
	}
	require.Equal(t, []string{"SD106 ", "SD106 ByAccount"}, codes(func(s *hclschema.TableSpec) { s.Capacity.Write = 20; s.GSIs[0].Capacity.Write = 20 }),
		"a GSI that inherits the table's capacity changes with it")
	require.Equal(t, []string{"SD506 ByAccount"}, codes(func(s *hclschema.TableSpec) { s.GSIs[0].Key.Sort[1].Type = hclschema.TypeS }))
	require.Equal(t, []string{"SD505 "}, codes(func(s *hclschema.TableSpec) { s.LSIs[0].Projection.NonKeyAttributes = []string{"memo"} }))
	require.Equal(t, []string{"SD504 "}, codes(func(s *hclschema.TableSpec) { s.Name = "other" }))
	require.Equal(t, []string{"SD507 "}, codes(func(s *hclschema.TableSpec) { s.PointInTimeRecovery = false }))
	require.Equal(t, []string{"SD305 "}, codes(func(s *hclschema.TableSpec) { s.TTLAttribute = "" }))
	require.Equal(t, []string{"SD502 ByAccount"}, codes(func(s *hclschema.TableSpec) { s.GSIs = nil }))
}

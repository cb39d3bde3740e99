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
	codesOf := func(name string, mutate func(s *hclschema.TableSpec)) []string {
		base := tablespectest.Spec(t, name)
		head := tablespectest.Spec(t, name)
		mutate(&head)
		var out []string
		for _, c := range compareSpecs("full", base, head) {
			out = append(out, string(c.Code)+" "+c.Index)
		}
		return out
	}
	codes := func(mutate func(s *hclschema.TableSpec)) []string { return codesOf("full-prod", mutate) }
	global := func(mutate func(s *hclschema.TableSpec)) []string { return codesOf("global-prod", mutate) }
	require.Equal(t, []string{"SD106 ", "SD106 ByAccount"}, codes(func(s *hclschema.TableSpec) { s.Capacity.Write = 20; s.GSIs[0].Capacity.Write = 20 }),
		"a GSI that inherits the table's capacity changes with it")
	require.Equal(t, []string{"SD506 ByAccount"}, codes(func(s *hclschema.TableSpec) { s.GSIs[0].Key.Sort[1].Type = hclschema.TypeS }))
	require.Equal(t, []string{"SD505 "}, codes(func(s *hclschema.TableSpec) { s.LSIs[0].Projection.NonKeyAttributes = []string{"memo"} }))
	require.Equal(t, []string{"SD504 "}, codes(func(s *hclschema.TableSpec) { s.Name = "other" }))
	require.Equal(t, []string{"SD507 "}, codes(func(s *hclschema.TableSpec) { s.PointInTimeRecovery = false }))
	require.Equal(t, []string{"SD305 "}, codes(func(s *hclschema.TableSpec) { s.TTLAttribute = "" }))
	require.Equal(t, []string{"SD502 ByAccount"}, codes(func(s *hclschema.TableSpec) { s.GSIs = nil }))

	// The settings of issue 26.
	require.Equal(t, []string{"SD507 "}, codes(func(s *hclschema.TableSpec) { s.RecoveryDays = 3 }), "a shorter recovery period deletes recovery points")
	require.Equal(t, []string{"SD106 "}, codes(func(s *hclschema.TableSpec) { s.RecoveryDays = 30 }))
	require.Equal(t, []string{"SD510 "}, codes(func(s *hclschema.TableSpec) { s.Warm.Read = 12000 }))
	require.Equal(t, []string{"SD510 ByAccount"}, codes(func(s *hclschema.TableSpec) { s.GSIs[0].Warm.Write = 4000 }))
	require.Equal(t, []string{"SD106 "}, codes(func(s *hclschema.TableSpec) { s.Warm.Read = 20000 }))
	require.Equal(t, []string{"SD405 "}, codes(func(s *hclschema.TableSpec) { s.ResourcePolicy = nil }))
	require.Equal(t, []string{"SD404 "}, global(func(s *hclschema.TableSpec) { s.OnDemand.Read = 100 }), "a lower cap throttles")
	require.Equal(t, []string{"SD106 "}, global(func(s *hclschema.TableSpec) { s.OnDemand = nil }), "no cap throttles nothing")
	require.Equal(t, []string{"SD404 ByStatus"}, global(func(s *hclschema.TableSpec) { s.GSIs[0].OnDemand.Write = 0; s.GSIs[0].OnDemand.Read = 499 }))
	require.Equal(t, []string{"SD508 "}, global(func(s *hclschema.TableSpec) { s.Replicas[0].KMSKeyARN = "" }), "another key recreates the replica")
	require.Equal(t, []string{"SD507 "}, global(func(s *hclschema.TableSpec) { s.Replicas[0].PointInTimeRecovery = false }))
	require.Equal(t, []string{"SD509 "}, global(func(s *hclschema.TableSpec) { s.ConsistencyMode = hclschema.MultiRegionEventual; s.WitnessRegion = "" }))
	require.Equal(t, []string{"SD508 ", "SD509 "}, global(func(s *hclschema.TableSpec) { s.Replicas = nil; s.ConsistencyMode = ""; s.WitnessRegion = "" }))
	d := compareSpecs("global", tablespectest.Spec(t, "global-prod"), func() hclschema.TableSpec {
		s := tablespectest.Spec(t, "global-prod")
		s.Replicas = nil
		return s
	}())
	require.Equal(t, "The replica of table \"global\" in us-west-2 is no longer declared: DynamoDB deletes it with its copy of every item, and readers and writers in us-west-2 lose the table.", d[0].Detail)
	plain := tablespectest.Spec(t, "global-prod")
	plain.Replicas, plain.ConsistencyMode, plain.WitnessRegion = nil, "", ""
	require.Equal(t, []string{"SD509 "}, func() []string {
		var out []string
		for _, c := range compareSpecs("global", plain, tablespectest.Spec(t, "global-prod")) {
			if c.Code != SettingChanged {
				out = append(out, string(c.Code)+" "+c.Index)
			}
		}
		return out
	}(), "strong consistency on a table that exists needs an empty table")
}

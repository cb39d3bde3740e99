package cost

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
)

// settingsSchema is an on-demand table read at 100 calls/s (1 RCU each,
// eventually consistent: 0.5) and written at 10 writes/s, with the table
// settings given.
func settingsSchema(t *testing.T, settings string) *hclschema.Schema {
	t.Helper()
	src := fmt.Sprintf(`table "app" {
  partition_key = "PK"
  stream        = "NEW_AND_OLD_IMAGES"
%s
}
entity "User" {
  attributes = {
    id = string
  }
  key {
    PK = "USER#${id}"
  }
  example {
    id = "alice"
  }
  workload {
    items       = 1000000
    writes      = 10
    peak_writes = 40
  }
}
access_pattern "user" {
  entity = entity.User
  key {
    PK = "USER#${id}"
  }
  workload {
    rate      = 100
    peak_rate = 400
  }
}
`, settings)
	s, diags := hclschema.LoadSource("app.tfdyn.hcl", []byte(src))
	require.False(t, diags.HasErrors(), diags.Error())
	return s
}

// TestReplicatedWritesPerRegion: a global table pays every write and every
// stored byte once per region; reads stay in the table's region.
func TestReplicatedWritesPerRegion(t *testing.T) {
	single := Estimate(settingsSchema(t, ""), nil).Tables[0]
	global := Estimate(settingsSchema(t, `  replica "us-west-2" {}
  replica "eu-west-1" {}`), nil).Tables[0]
	require.Equal(t, 1, single.Regions)
	require.Equal(t, 3, global.Regions)
	require.InDelta(t, 3*single.Monthly.OnDemand.Writes, global.Monthly.OnDemand.Writes, 1e-9)
	require.InDelta(t, 3*single.Monthly.OnDemand.Storage, global.Monthly.OnDemand.Storage, 1e-9)
	require.InDelta(t, single.Monthly.OnDemand.Reads, global.Monthly.OnDemand.Reads, 1e-9)
	require.InDelta(t, 3*single.Monthly.Provisioned.Writes, global.Monthly.Provisioned.Writes, 1e-9)
	require.Contains(t, global.Assumptions, "global table in 3 regions (us-west-2, eu-west-1 and the table's): every write and every stored byte is billed in each region (replicated writes at the write prices of this price table); reads are counted in the table's region only")
}

// TestCapBoundsOnDemand: a read cap below the average bounds the monthly
// on-demand reads, and a cap below the peak is a recommendation.
func TestCapBoundsOnDemand(t *testing.T) {
	free := Estimate(settingsSchema(t, ""), nil).Tables[0]
	capped := Estimate(settingsSchema(t, `  on_demand_throughput {
    max_read_request_units = 25
  }`), nil).Tables[0]
	// 100 calls/s of 0.5 RCU: 50 units/s on average, 200 at peak.
	require.InDelta(t, free.Monthly.OnDemand.Reads/2, capped.Monthly.OnDemand.Reads, 1e-9, "25 of 50 read units/s")
	require.InDelta(t, free.Monthly.OnDemand.Writes, capped.Monthly.OnDemand.Writes, 1e-9, "writes are not capped")
	var recs []string
	for _, r := range capped.Recommendations {
		if r.Kind == RecThroughputCap {
			recs = append(recs, r.Target+": "+r.Message)
		}
	}
	require.Equal(t, []string{"table.app: the peak of the table needs 200 read request units/s against a cap of 25: requests above the cap are throttled; raise on_demand_throughput or lower the peak"}, recs)
	require.Contains(t, capped.Assumptions, "the table: the cap of 25 read request units/s bounds its average of 50")
}

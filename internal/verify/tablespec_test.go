package verify

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tablespectest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

var update = flag.Bool("update", false, "rewrite testdata/conformance from a live run")

// conformanceReads says which fields of the table spec conformance
// compares with the live table, and why it leaves the others out.
var conformanceReads = map[string]string{
	"Name":                             "verify names the table it creates (a run suffix or --table-name) and describes it by that name",
	"BillingMode":                      "",
	"Capacity.Read":                    "",
	"Capacity.Write":                   "",
	"Key.Partition.Name":               "",
	"Key.Partition.Type":               "",
	"Key.Sort.Name":                    "",
	"Key.Sort.Type":                    "",
	"GSIs.Name":                        "",
	"GSIs.Key.Partition.Name":          "",
	"GSIs.Key.Partition.Type":          "",
	"GSIs.Key.Sort.Name":               "",
	"GSIs.Key.Sort.Type":               "",
	"GSIs.Projection.Type":             "",
	"GSIs.Projection.NonKeyAttributes": "",
	"GSIs.Capacity.Read":               "",
	"GSIs.Capacity.Write":              "",
	"LSIs.Name":                        "",
	"LSIs.SortKey.Name":                "",
	"LSIs.SortKey.Type":                "",
	"LSIs.Projection.Type":             "",
	"LSIs.Projection.NonKeyAttributes": "",
	"StreamViewType":                   "",
	"TTLAttribute":                     "",
	"PointInTimeRecovery":              "meant to vary per environment (emit's point_in_time_recovery variable); on DynamoDB Local the compatibility layer answers DescribeContinuousBackups with what the provider sent",
	"DeletionProtection":               "verify turns it off (its tfvars) so that it can destroy the table it created",
	"TableClass":                       "",
	"SSE":                              "",
	"SSE.KMSKeyARN":                    "",
	"Tags":                             "emit merges the user's tags over the schema's: tags are meant to vary per environment",
	"GSIs.OnDemand":                    "",
	"GSIs.OnDemand.Read":               "",
	"GSIs.OnDemand.Write":              "",
	"GSIs.Warm":                        "a GSI's warm throughput the schema leaves out is DynamoDB's own: conformance compares the sides the schema declares",
	"GSIs.Warm.Read":                   "",
	"GSIs.Warm.Write":                  "",
	"RecoveryDays":                     "",
	"OnDemand":                         "",
	"OnDemand.Read":                    "",
	"OnDemand.Write":                   "",
	"Warm":                             "a warm throughput the schema leaves out is DynamoDB's own (every table has one): conformance compares the sides the schema declares (Warm.Read, Warm.Write)",
	"Warm.Read":                        "",
	"Warm.Write":                       "",
	"Replicas.Region":                  singleRegion,
	"Replicas.KMSKeyARN":               singleRegion,
	"Replicas.PointInTimeRecovery":     singleRegion,
	"Replicas.PropagateTags":           singleRegion,
	"Replicas.DeletionProtection":      singleRegion,
	"ConsistencyMode":                  singleRegion,
	"WitnessRegion":                    singleRegion,
	"ResourcePolicy":                   "",
	"ResourcePolicy.Kind":              "how the schema writes the policy (a document or a Terraform reference); the live table holds the document, whose text conformance compares",
	"ResourcePolicy.Text":              "",
}

// singleRegion is why conformance on DynamoDB Local leaves a global
// table's replicas out.
const singleRegion = "DynamoDB Local serves one region: verify provisions a global table without its replicas (TableSpec.SingleRegion) and compares what it provisioned; VF119 compares replicas on --target aws"

// recordings are the live tables of the full schema as
// testdata/conformance/tables.json saves them, by table name.
type recordings map[string]liveTable

// recordingsPath is where TestLiveConformance saves the recordings.
var recordingsPath = filepath.Join("testdata", "conformance", "tables.json")

// loadRecordings reads the recordings, or skips t until they are made.
func loadRecordings(t *testing.T) recordings {
	b, err := os.ReadFile(tablespectest.Recording(t, recordingsPath, "go test ./internal/verify -run TestLiveConformance"))
	require.NoError(t, err)
	var live recordings
	require.NoError(t, json.Unmarshal(b, &live))
	return live
}

// checkConformanceReads runs conformance's comparison of every one-field
// change of the full tables' specs, as verify provisions them on
// DynamoDB Local (SingleRegion), against live, the live tables
// provisioned from the unchanged specs: every check passes for the specs
// themselves, and one fails for every field conformance compares.
func checkConformanceReads(t *testing.T, live recordings) {
	for _, base := range tablespectest.Specs(t) {
		rec, ok := live[base.Name]
		require.True(t, ok, "no recording of table %q: run go test ./internal/verify -run TestLiveConformance -update", base.Name)
		for _, c := range compareLive(base.SingleRegion(), rec) {
			require.True(t, c.OK, "%s: %s: %s", base.Name, c.Name, c.Detail)
		}
	}
	tablespectest.Check(t, "conformance", conformanceReads, func(t *testing.T, base, mutated hclschema.TableSpec) bool {
		for _, c := range compareLive(mutated.SingleRegion(), live[base.Name]) {
			if !c.OK {
				return true
			}
		}
		return false
	})
}

// TestConformanceReadsEveryTableSetting checks conformance against the
// live description in testdata/conformance/tables.json (made by
// TestLiveConformance): a new table setting fails here until conformance
// compares it or says why not.
func TestConformanceReadsEveryTableSetting(t *testing.T) {
	checkConformanceReads(t, loadRecordings(t))
}

// TestLiveConformance provisions tablespectest's full table (every setting
// of the spec set) the way verify does (emit, terraform apply on DynamoDB
// Local behind ddblocal) and checks conformance: every check, by name,
// passes, and a change of any compared field of the spec fails one. With
// -update it saves the live description as testdata/conformance/tables.json.
func TestLiveConformance(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	tftest.RequireProvider(t, env, emit.Provider6Constraint)
	s := tablespectest.Full(t)
	ctx := context.Background()
	r := &runner{opts: Options{Schema: s, Env: env, ProviderMajor: 6}.withDefaults(), start: time.Now(),
		datasets: map[*hclschema.Table]*Dataset{}, report: &Report{}}
	ws, err := newWorkspace(env, s, r.opts, "")
	require.NoError(t, err)
	r.ws = ws
	defer func() { require.NoError(t, r.cleanup()) }()
	require.NoError(t, r.connect(ctx))
	require.NoError(t, ws.init(ctx))
	require.NoError(t, r.attachProvider(ctx))
	require.NoError(t, r.refuseExisting(ctx))
	ws.owned = true
	require.NoError(t, ws.apply(ctx))

	live := recordings{}
	for _, tb := range s.Tables {
		name := ws.tableNames[tb]
		require.Equal(t, tb.Name, name)
		checks, err := conformance(ctx, r.client, r.provisioned(tb), name)
		require.NoError(t, err)
		var names []string
		for _, c := range checks {
			require.True(t, c.OK, "%s: %s: %s", name, c.Name, c.Detail)
			names = append(names, c.Name)
		}
		want := map[string][]string{
			"full-prod": {"table key schema", "GSI names", "GSI ByAccount key schema", "GSI ByAccount projection", "GSI ByAccount capacity",
				"LSI names", "LSI ByAmount key schema", "LSI ByAmount projection",
				"stream", "TTL attribute", "billing mode", "capacity", "table class", "server-side encryption",
				"warm throughput", "GSI ByAccount warm throughput", "recovery period", "resource policy"},
			"global-prod": {"table key schema", "GSI names", "GSI ByStatus key schema", "GSI ByStatus projection",
				"LSI names", "stream", "TTL attribute", "billing mode", "server-side encryption",
				"throughput caps", "GSI ByStatus throughput caps", "resource policy"},
		}[name]
		require.Equal(t, want, names, "the checks of %s", name)
		live[name], err = describe(ctx, r.client, name)
		require.NoError(t, err)
	}
	checkConformanceReads(t, live)
	if *update {
		b, err := json.MarshalIndent(live, "", "  ")
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(recordingsPath), 0o755))
		require.NoError(t, os.WriteFile(recordingsPath, append(b, '\n'), 0o644))
	}
}

// settingsSchema declares the settings of issue 26 that provider 5 and 6
// both have: a recovery period and a resource policy on a provisioned
// table; caps on an on-demand global table and its GSI.
const settingsSchema = `table "ledger" {
  name                          = "vf-settings-ledger"
  billing_mode                  = "PROVISIONED"
  read_capacity                 = 5
  write_capacity                = 5
  partition_key                 = "PK"
  point_in_time_recovery        = true
  point_in_time_recovery_period = 7
  resource_policy = <<-EOT
    {
      "Version": "2012-10-17",
      "Statement": [
        {
          "Effect": "Allow",
          "Principal": {"AWS": "arn:aws:iam::111122223333:role/auditor"},
          "Action": "dynamodb:GetItem",
          "Resource": "*"
        }
      ]
    }
  EOT
}

table "orders" {
  name          = "vf-settings-orders"
  partition_key = "PK"
  stream        = "NEW_AND_OLD_IMAGES"

  on_demand_throughput {
    max_read_request_units  = 2000
    max_write_request_units = 1000
  }

  replica "us-west-2" {
    propagate_tags = true
  }

  global_secondary_index "ByStatus" {
    partition_key = "status"

    on_demand_throughput {
      max_read_request_units = 500
    }
  }
}
`

// TestLiveConformanceSettings provisions settingsSchema the way verify
// does (emit, terraform apply on DynamoDB Local behind ddblocal) with the
// provider in the mirror, 6 or else 5.100, and checks conformance: every
// check passes, by name, and a changed recovery period, policy or cap
// fails its own.
func TestLiveConformanceSettings(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	major := 6
	if !env.HasAWSProvider(emit.Provider6Constraint) {
		tftest.RequireProvider(t, env, "= 5.100.0")
		major = 5
	}
	s, diags := hclschema.LoadSource("settings.tfdyn.hcl", []byte(settingsSchema))
	require.False(t, diags.HasErrors(), diags.Error())
	ctx := context.Background()
	r := &runner{opts: Options{Schema: s, Env: env, ProviderMajor: major}.withDefaults(), start: time.Now(),
		datasets: map[*hclschema.Table]*Dataset{}, report: &Report{}}
	ws, err := newWorkspace(env, s, r.opts, "")
	require.NoError(t, err)
	r.ws = ws
	defer func() { require.NoError(t, r.cleanup()) }()
	if major == 5 {
		pin := "terraform {\n  required_providers {\n    aws = {\n      source  = \"hashicorp/aws\"\n      version = \"= 5.100.0\"\n    }\n  }\n}\n"
		require.NoError(t, os.WriteFile(filepath.Join(ws.dir, "versions_override.tf"), []byte(pin), 0o644))
	}
	require.NoError(t, r.connect(ctx))
	require.NoError(t, ws.init(ctx))
	require.NoError(t, r.attachProvider(ctx))
	require.NoError(t, r.refuseExisting(ctx))
	ws.owned = true
	require.NoError(t, ws.apply(ctx))

	want := map[string][]string{
		"vf-settings-ledger": {"table key schema", "GSI names", "LSI names", "stream", "TTL attribute", "billing mode", "capacity",
			"server-side encryption", "recovery period", "resource policy"},
		"vf-settings-orders": {"table key schema", "GSI names", "GSI ByStatus key schema", "GSI ByStatus projection",
			"LSI names", "stream", "TTL attribute", "billing mode", "server-side encryption",
			"throughput caps", "GSI ByStatus throughput caps", "resource policy"},
	}
	for _, tb := range s.Tables {
		name := ws.tableNames[tb]
		checks, err := conformance(ctx, r.client, r.provisioned(tb), name)
		require.NoError(t, err)
		var names []string
		for _, c := range checks {
			require.True(t, c.OK, "%s (provider %d): %s: %s", name, major, c.Name, c.Detail)
			names = append(names, c.Name)
		}
		require.Equal(t, want[tb.Name], names, "the checks of %s", tb.Name)
	}

	failing := func(tb *hclschema.Table, change func(*hclschema.TableSpec)) []string {
		spec := tb.Spec().SingleRegion()
		change(&spec)
		live, err := describe(ctx, r.client, ws.tableNames[tb])
		require.NoError(t, err)
		var out []string
		for _, c := range compareLive(spec, live) {
			if !c.OK {
				out = append(out, c.Code+" "+c.Name)
			}
		}
		return out
	}
	ledger, orders := s.Tables[0], s.Tables[1]
	require.Equal(t, []string{"VF117 recovery period"}, failing(ledger, func(s *hclschema.TableSpec) { s.RecoveryDays = 14 }))
	require.Equal(t, []string{"VF118 resource policy"}, failing(ledger, func(s *hclschema.TableSpec) { s.ResourcePolicy = nil }))
	require.Equal(t, []string{"VF115 throughput caps"}, failing(orders, func(s *hclschema.TableSpec) { s.OnDemand = &hclschema.Throughput{Read: 2000} }))
	require.Equal(t, []string{"VF115 GSI ByStatus throughput caps"}, failing(orders, func(s *hclschema.TableSpec) { s.GSIs[0].OnDemand = nil }))
}

package verify

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tablespectest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

var update = flag.Bool("update", false, "rewrite testdata/conformance from a live run")

// liveTable is what conformance reads of a live table, as saved in
// testdata/conformance/full.json, and what import --table reads besides
// (its continuous backups and tags: internal/adopt's tests replay the
// recording).
type liveTable struct {
	Table   *types.TableDescription
	TTL     *types.TimeToLiveDescription
	Backups *types.ContinuousBackupsDescription
	Tags    []types.Tag
}

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
}

// checkConformanceReads runs conformance's comparison of every one-field
// change of the full table's spec against live, the live table provisioned
// from the unchanged spec: every check passes for the spec itself, and
// one fails for every field conformance compares.
func checkConformanceReads(t *testing.T, live liveTable) {
	base := tablespectest.Full(t).Tables[0].Spec()
	for _, c := range compareLive(base, live.Table, live.TTL) {
		require.True(t, c.OK, "%s: %s", c.Name, c.Detail)
	}
	tablespectest.Check(t, "conformance", conformanceReads, func(t *testing.T, _, mutated hclschema.TableSpec) bool {
		for _, c := range compareLive(mutated, live.Table, live.TTL) {
			if !c.OK {
				return true
			}
		}
		return false
	})
}

// TestConformanceReadsEveryTableSetting checks conformance against the
// live description in testdata/conformance/full.json (made by
// TestLiveConformance): a new table setting fails here until conformance
// compares it or says why not.
func TestConformanceReadsEveryTableSetting(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "conformance", "full.json"))
	require.NoError(t, err)
	var live liveTable
	require.NoError(t, json.Unmarshal(b, &live))
	checkConformanceReads(t, live)
}

// TestLiveConformance provisions tablespectest's full table (every setting
// of the spec set) the way verify does (emit, terraform apply on DynamoDB
// Local behind ddblocal) and checks conformance: every check, by name,
// passes, and a change of any compared field of the spec fails one. With
// -update it saves the live description as testdata/conformance/full.json.
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

	name := ws.tableNames[s.Tables[0]]
	require.Equal(t, "full-prod", name)
	checks, err := conformance(ctx, r.client, s.Tables[0], name)
	require.NoError(t, err)
	var names []string
	for _, c := range checks {
		require.True(t, c.OK, "%s: %s", c.Name, c.Detail)
		names = append(names, c.Name)
	}
	require.Equal(t, []string{
		"table key schema", "GSI names", "GSI ByAccount key schema", "GSI ByAccount projection", "GSI ByAccount capacity",
		"LSI names", "LSI ByAmount key schema", "LSI ByAmount projection",
		"stream", "TTL attribute", "billing mode", "capacity", "table class", "server-side encryption",
	}, names)

	out, err := r.client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	require.NoError(t, err)
	ttl, err := r.client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(name)})
	require.NoError(t, err)
	cb, err := r.client.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: aws.String(name)})
	require.NoError(t, err)
	tags, err := r.client.ListTagsOfResource(ctx, &dynamodb.ListTagsOfResourceInput{ResourceArn: out.Table.TableArn})
	require.NoError(t, err)
	live := liveTable{Table: out.Table, TTL: ttl.TimeToLiveDescription, Backups: cb.ContinuousBackupsDescription, Tags: tags.Tags}
	checkConformanceReads(t, live)
	if *update {
		b, err := json.MarshalIndent(live, "", "  ")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join("testdata", "conformance", "full.json"), append(b, '\n'), 0o644))
	}
}

package plancheck_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/plancheck"
	"github.com/tfdyn/tfdyn/internal/tablespectest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// driftReads says which fields of the table spec DP404 compares with the
// planned table, and why it leaves the others out.
var driftReads = map[string]string{
	"Name":                             "DP404 finds the planned table by this name; a table with another name is another table, reported as not in the plan",
	"BillingMode":                      "",
	"Capacity.Read":                    "capacity is meant to vary per environment (emit's capacity variables)",
	"Capacity.Write":                   "capacity is meant to vary per environment (emit's capacity variables)",
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
	"GSIs.Capacity.Read":               "capacity is meant to vary per environment (emit's capacity variables)",
	"GSIs.Capacity.Write":              "capacity is meant to vary per environment (emit's capacity variables)",
	"LSIs.Name":                        "",
	"LSIs.SortKey.Name":                "",
	"LSIs.SortKey.Type":                "",
	"LSIs.Projection.Type":             "",
	"LSIs.Projection.NonKeyAttributes": "",
	"StreamViewType":                   "",
	"TTLAttribute":                     "",
	"PointInTimeRecovery":              "meant to vary per environment (emit's point_in_time_recovery variable)",
	"DeletionProtection":               "meant to vary per environment (emit's deletion_protection variable)",
	"TableClass":                       "",
	"SSE":                              "",
	"SSE.KMSKeyARN":                    "",
	"Tags":                             "the user's tags are merged over the schema's (emit's tags variable)",
}

// checkDriftReads runs DP404's comparison of every one-field change of the
// full table's spec against plan p, the plan of the Terraform emitted for
// the unchanged spec: no difference for the spec itself, a difference for
// every field DP404 compares.
func checkDriftReads(t *testing.T, p *tfjson.Plan) {
	base := tablespectest.Full(t).Tables[0].Spec()
	require.Empty(t, plancheck.DriftOf(p, base))
	tablespectest.Check(t, "DP404", driftReads, func(t *testing.T, _, mutated hclschema.TableSpec) bool {
		return len(plancheck.DriftOf(p, mutated)) > 0
	})
}

// TestDriftReadsEveryTableSetting checks DP404 against the real plan in
// testdata/plans/spec.json (made by TestLiveTableSpec): a new table
// setting fails here until DP404 compares it or says why not.
func TestDriftReadsEveryTableSetting(t *testing.T) {
	p, err := plancheck.LoadPlanJSON(filepath.Join("testdata", "plans", "spec.json"))
	require.NoError(t, err)
	checkDriftReads(t, p)
}

// TestLiveTableSpec applies the Terraform emitted for tablespectest's full
// table (every setting of the spec set) on DynamoDB Local, plans again and
// checks the plan: no finding, and DP404 tells every compared field of the
// spec from the planned table. With -update it saves the plan as
// testdata/plans/spec.json.
func TestLiveTableSpec(t *testing.T) {
	tftest.Parallel(t)
	w := newWorkspace(t)
	if w.major != 6 {
		t.Skip("the full table has a multi-attribute GSI, which needs hashicorp/aws 6")
	}
	src := tablespectest.FullSource()
	w.write(src)
	client, err := w.target.NewClient(context.Background())
	require.NoError(t, err)
	t.Cleanup(func() {
		ctx := context.Background()
		name := aws.String(w.schema.Tables[0].Name)
		_, _ = client.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: name, DeletionProtectionEnabled: aws.Bool(false)})
		_, _ = client.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: name})
	})
	w.terraform("init")
	w.terraform("apply", "-auto-approve")
	p := w.plan(plancheck.RunOptions{})
	rep := w.check(p)
	requireFindings(t, rep)
	require.Len(t, rep.Tables, 1)
	require.Equal(t, "no-op", rep.Tables[0].Action)
	checkDriftReads(t, p)
	w.saveFixture("spec", plancheck.RunOptions{}, src)
}

// TestDriftMessages checks the clauses of the comparisons that
// TestDriftReadsEveryTableSetting found missing (SSE, key attribute types,
// LSI included attributes) against the real plan of the full table.
func TestDriftMessages(t *testing.T) {
	p, err := plancheck.LoadPlanJSON(filepath.Join("testdata", "plans", "spec.json"))
	require.NoError(t, err)
	base := tablespectest.Full(t).Tables[0].Spec()

	noSSE := base
	noSSE.SSE = nil
	require.Equal(t, []string{"server-side encryption with a KMS key is on in the plan but off in the schema (server_side_encryption)"}, plancheck.DriftOf(p, noSSE))

	otherKey := base
	otherKey.SSE = &hclschema.SSESpec{KMSKeyARN: "arn:aws:kms:us-east-1:111122223333:key/other"}
	require.Equal(t, []string{`the KMS key is "arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab" in the plan but "arn:aws:kms:us-east-1:111122223333:key/other" in the schema (server_side_encryption)`}, plancheck.DriftOf(p, otherKey))

	managedKey := base
	managedKey.SSE = &hclschema.SSESpec{}
	require.Empty(t, plancheck.DriftOf(p, managedKey), "the schema names no key: any key the plan has is the provider's")

	seqAsString := tablespectest.Full(t).Tables[0].Spec()
	seqAsString.GSIs[0].Key.Sort[1].Type = hclschema.TypeS
	require.Equal(t, []string{`attribute "seq" has type N in the plan but S in the schema`}, plancheck.DriftOf(p, seqAsString))

	moreIncluded := tablespectest.Full(t).Tables[0].Spec()
	moreIncluded.LSIs[0].Projection.NonKeyAttributes = []string{"memo", "day", "note"}
	require.Equal(t, []string{`LSI "ByAmount" includes ("day", "memo") in the plan but ("day", "memo", "note") in the schema`}, plancheck.DriftOf(p, moreIncluded))
}

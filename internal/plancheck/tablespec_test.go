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
	"GSIs.OnDemand":                    "",
	"GSIs.OnDemand.Read":               "",
	"GSIs.OnDemand.Write":              "",
	"GSIs.Warm":                        "as for Warm: a GSI's warm throughput the schema leaves out is DynamoDB's own; DP404 compares the declared sides",
	"GSIs.Warm.Read":                   "",
	"GSIs.Warm.Write":                  "",
	"RecoveryDays":                     "",
	"OnDemand":                         "",
	"OnDemand.Read":                    "",
	"OnDemand.Write":                   "",
	"Warm":                             "a warm throughput the schema leaves out is DynamoDB's own, which the provider reads into every plan: DP404 compares the sides the schema declares (Warm.Read, Warm.Write)",
	"Warm.Read":                        "",
	"Warm.Write":                       "",
	"Replicas.Region":                  "",
	"Replicas.KMSKeyARN":               "",
	"Replicas.PointInTimeRecovery":     "",
	"Replicas.PropagateTags":           "",
	"Replicas.DeletionProtection":      "",
	"ConsistencyMode":                  "",
	"WitnessRegion":                    "",
	"ResourcePolicy":                   "",
	"ResourcePolicy.Kind":              "a policy the schema takes from a Terraform reference is known only to Terraform: DP404 only checks that the table has one",
	"ResourcePolicy.Text":              "",
}

// driftPlans are the real plans DP404 is checked against, by table: the
// no-op plan of the full tables applied on DynamoDB Local (global-prod
// without its replicas, which DynamoDB Local cannot create), and the plan
// that creates them with every replica, which provider 6 makes without
// touching DynamoDB (both made by TestLiveTableSpec).
var driftPlans = map[string]string{
	"full-prod":   filepath.Join("testdata", "plans", "spec.json"),
	"global-prod": filepath.Join("testdata", "plans", "spec_global.json"),
}

// checkDriftReads runs DP404's comparison of every one-field change of the
// full tables' specs against plans, the real plans of the Terraform
// emitted for the unchanged specs: no difference for the specs
// themselves, a difference for every field DP404 compares.
func checkDriftReads(t *testing.T, plans map[string]*tfjson.Plan) {
	for _, base := range tablespectest.Specs(t) {
		require.Empty(t, plancheck.DriftOf(plans[base.Name], base), "the plan of %s", base.Name)
	}
	tablespectest.Check(t, "DP404", driftReads, func(t *testing.T, base, mutated hclschema.TableSpec) bool {
		return len(plancheck.DriftOf(plans[base.Name], mutated)) > 0
	})
}

func loadDriftPlans(t *testing.T) map[string]*tfjson.Plan {
	// TestLiveTableSpec records both plans together; spec.json alone is an
	// older recording, from before the global table.
	tablespectest.Recording(t, driftPlans["global-prod"], "go test ./internal/plancheck -run TestLiveTableSpec")
	plans := map[string]*tfjson.Plan{}
	for name, path := range driftPlans {
		p, err := plancheck.LoadPlanJSON(path)
		require.NoError(t, err, "go test ./internal/plancheck -run TestLiveTableSpec -update makes it")
		plans[name] = p
	}
	return plans
}

// TestDriftReadsEveryTableSetting checks DP404 against the real plans of
// driftPlans (made by TestLiveTableSpec): a new table setting fails here
// until DP404 compares it or says why not.
func TestDriftReadsEveryTableSetting(t *testing.T) {
	checkDriftReads(t, loadDriftPlans(t))
}

// TestLiveTableSpec applies the Terraform emitted for tablespectest's full
// tables (every setting of the spec set; the global table without its
// replicas, which DynamoDB Local cannot create) on DynamoDB Local, plans
// again and checks the plan: no finding, and DP404 tells every compared
// field of the spec from the planned table. It also plans the creation of
// the full tables with every replica in an empty workspace: provider 6
// plans a global table without DynamoDB (a global table cannot be applied
// locally), and that plan must be clean too. With -update it saves the
// plans as testdata/plans/spec.json and spec_global.json.
func TestLiveTableSpec(t *testing.T) {
	tftest.Parallel(t)
	w := newWorkspace(t)
	if w.major != 6 {
		t.Skip("the full table has a multi-attribute GSI, which needs hashicorp/aws 6")
	}
	w.singleRegion = true
	src := tablespectest.FullSource()
	w.write(src)
	client, err := w.target.NewClient(context.Background())
	require.NoError(t, err)
	t.Cleanup(func() {
		ctx := context.Background()
		for _, tb := range w.schema.Tables {
			name := aws.String(tb.Name)
			_, _ = client.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: name, DeletionProtectionEnabled: aws.Bool(false)})
			_, _ = client.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: name})
		}
	})
	w.terraform("init")
	w.terraform("apply", "-auto-approve")
	p := w.plan(plancheck.RunOptions{})
	rep := w.check(p)
	requireFindings(t, rep)
	require.Len(t, rep.Tables, 2)
	for _, tr := range rep.Tables {
		require.Equal(t, "no-op", tr.Action, tr.Address)
	}

	g := newWorkspace(t)
	g.write(src)
	g.terraform("init")
	gp := g.plan(plancheck.RunOptions{})
	grep := plancheck.Report{}
	if r, err := plancheck.CheckPlan(gp, plancheck.Options{Schema: g.schema}); err == nil {
		grep = *r
	}
	var codes []string
	for _, f := range grep.Findings {
		codes = append(codes, f.Code)
	}
	require.Empty(t, codes, "the creation of the global table plans cleanly")
	checkDriftReads(t, map[string]*tfjson.Plan{"full-prod": p, "global-prod": gp})
	w.saveFixture("spec", plancheck.RunOptions{}, src)
	g.saveFixture("spec_global", plancheck.RunOptions{}, "")
}

// TestDriftMessages checks the clauses of the comparisons that
// TestDriftReadsEveryTableSetting found missing (SSE, key attribute types,
// LSI included attributes) against the real plan of the full table: the
// messages a change adds to those of the unchanged spec (none once the
// plan is recorded from the current full table).
func TestDriftMessages(t *testing.T) {
	p, err := plancheck.LoadPlanJSON(filepath.Join("testdata", "plans", "spec.json"))
	require.NoError(t, err)
	base := tablespectest.Spec(t, "full-prod")
	baseline := map[string]bool{}
	for _, m := range plancheck.DriftOf(p, base) {
		baseline[m] = true
	}
	added := func(s hclschema.TableSpec) []string {
		var out []string
		for _, m := range plancheck.DriftOf(p, s) {
			if !baseline[m] {
				out = append(out, m)
			}
		}
		return out
	}

	noSSE := base
	noSSE.SSE = nil
	require.Equal(t, []string{"server-side encryption with a KMS key is on in the plan but off in the schema (server_side_encryption)"}, added(noSSE))

	otherKey := base
	otherKey.SSE = &hclschema.SSESpec{KMSKeyARN: "arn:aws:kms:us-east-1:111122223333:key/other"}
	require.Equal(t, []string{`the KMS key is "arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab" in the plan but "arn:aws:kms:us-east-1:111122223333:key/other" in the schema (server_side_encryption)`}, added(otherKey))

	managedKey := base
	managedKey.SSE = &hclschema.SSESpec{}
	require.Empty(t, added(managedKey), "the schema names no key: any key the plan has is the provider's")

	seqAsString := tablespectest.Spec(t, "full-prod")
	seqAsString.GSIs[0].Key.Sort[1].Type = hclschema.TypeS
	require.Equal(t, []string{`attribute "seq" has type N in the plan but S in the schema`}, added(seqAsString))

	moreIncluded := tablespectest.Spec(t, "full-prod")
	moreIncluded.LSIs[0].Projection.NonKeyAttributes = []string{"memo", "day", "note"}
	require.Equal(t, []string{`LSI "ByAmount" includes ("day", "memo") in the plan but ("day", "memo", "note") in the schema`}, added(moreIncluded))
}

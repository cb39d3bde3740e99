package adopt

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/tablespectest"
)

// The real sources of the full table of tablespectest (every setting of
// the spec set): its Terraform written by hand, the state and the live
// description of the table that Terraform emitted from it created on
// DynamoDB Local with hashicorp/aws 6 (the plan of plancheck's
// TestLiveTableSpec, whose prior state it is, and the recording of
// verify's TestLiveConformance; both refreshed with -update).
const (
	fullTF   = "testdata/full"
	fullPlan = "../plancheck/testdata/plans/spec.json"
	fullLive = "../verify/testdata/conformance/tables.json"
	// fullGlobalPlan is recorded with fullPlan (spec.json alone is an older
	// recording, from before the global table).
	fullGlobalPlan = "../plancheck/testdata/plans/spec_global.json"
	fullLabel      = "full"
)

// TestImportReadsEveryTableSetting reads the full table from each source
// import knows: every setting of the spec must come out as the schema
// declares it (a new table setting fails here until each reader reads it).
func TestImportReadsEveryTableSetting(t *testing.T) {
	t.Run("from-tf", func(t *testing.T) {
		m, diags, err := ReadTF(fullTF)
		require.NoError(t, err)
		require.Empty(t, diags)
		var got []hclschema.TableSpec
		for _, addr := range []string{"aws_dynamodb_table.full", "aws_dynamodb_table.global"} {
			b, diags := m.Find(addr, fullTF)
			require.Empty(t, diags)
			tb, diags := m.FromTF(b)
			require.Empty(t, diagLines(diags))
			got = append(got, tb.Spec)
		}
		tablespectest.CheckRead(t, "import --from-tf", nil, got...)
	})
	t.Run("from-state", func(t *testing.T) {
		tablespectest.Recording(t, fullGlobalPlan, "go test ./internal/plancheck -run TestLiveTableSpec")
		src, err := os.ReadFile(fullPlan)
		require.NoError(t, err)
		var plan struct {
			PriorState json.RawMessage `json:"prior_state"`
		}
		require.NoError(t, json.Unmarshal(src, &plan))
		s, diags := ParseState(fullPlan, plan.PriorState)
		require.Empty(t, diags)
		var got []hclschema.TableSpec
		for _, addr := range []string{"aws_dynamodb_table.full", "aws_dynamodb_table.global"} {
			tb, diags := FromState(s, fullPlan, addr)
			require.Empty(t, diagLines(diags))
			got = append(got, tb.Spec)
		}
		tablespectest.CheckRead(t, "import --from-state", map[string]string{
			"Replicas.Region":              singleRegion,
			"Replicas.KMSKeyARN":           singleRegion,
			"Replicas.PointInTimeRecovery": singleRegion,
			"Replicas.PropagateTags":       singleRegion,
			"Replicas.DeletionProtection":  singleRegion,
			"ConsistencyMode":              singleRegion,
			"WitnessRegion":                singleRegion,
		}, got...)
	})
	t.Run("table", func(t *testing.T) {
		tablespectest.Recording(t, fullLive, "go test ./internal/verify -run TestLiveConformance")
		var got []hclschema.TableSpec
		for _, name := range []string{"full-prod", "global-prod"} {
			tb, err := FromLive(context.Background(), replay(t, fullLive, name), name, "recording")
			require.NoError(t, err)
			got = append(got, tb.Spec)
		}
		tablespectest.CheckRead(t, "import --table", map[string]string{
			"DeletionProtection":           "the recording is of the tables verify creates, with deletion protection off so that it can destroy them",
			"Replicas.Region":              singleRegion + "; a live global table is refused (its replicas' settings live in their regions)",
			"Replicas.KMSKeyARN":           singleRegion,
			"Replicas.PointInTimeRecovery": singleRegion,
			"Replicas.PropagateTags":       singleRegion,
			"Replicas.DeletionProtection":  singleRegion,
			"ConsistencyMode":              singleRegion,
			"WitnessRegion":                singleRegion,
		}, got...)
	})
}

// TestImportWritesEveryTableSetting changes one setting of the full table
// at a time: the schema import writes must change (a new table setting
// fails here until Schema writes it), and the unchanged full table must
// come back from the written schema as it was.
func TestImportWritesEveryTableSetting(t *testing.T) {
	write := func(spec hclschema.TableSpec) []byte {
		tb := &Table{Spec: spec, Address: "aws_dynamodb_table.full", Origin: "main.tf:1"}
		return Schema(tb, fullLabel, Infer(tb, nil))
	}
	for _, base := range tablespectest.Specs(t) {
		s, diags := hclschema.LoadSource("full.tfdyn.hcl", write(base))
		require.False(t, diags.HasErrors(), "%s", diags.Error())
		require.Empty(t, tablespectest.Differences(base, s.Tables[0].Spec()), "the written schema declares the table %s it was given", base.Name)
	}
	reads := map[string]string{}
	for _, f := range tablespectest.Fields(t) {
		reads[f] = ""
	}
	tablespectest.Check(t, "import's schema", reads, func(t *testing.T, base, mutated hclschema.TableSpec) bool {
		return string(write(base)) != string(write(mutated))
	})
}

// singleRegion is why the recordings of the full tables hold no replicas.
const singleRegion = "recorded on DynamoDB Local, which serves one region: the global table was created without its replicas and witness"

// recording is a live table as verify's conformance test saved it.
type recording struct {
	Table   *types.TableDescription
	TTL     *types.TimeToLiveDescription
	Backups *types.ContinuousBackupsDescription
	Tags    []types.Tag
	Policy  *string
}

// replayed answers import's DynamoDB calls from a recording of the real
// answers (no Scan: the recording holds no items).
type replayed struct {
	API
	rec recording
}

func replay(t *testing.T, path, name string) API {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var recs map[string]recording
	require.NoError(t, json.Unmarshal(b, &recs))
	r, ok := recs[name]
	require.True(t, ok, "no recording of %q in %s: run go test ./internal/verify -run TestLiveConformance -update", name, path)
	return &replayed{rec: r}
}

func (r *replayed) DescribeTable(context.Context, *dynamodb.DescribeTableInput, ...func(*dynamodb.Options)) (*dynamodb.DescribeTableOutput, error) {
	return &dynamodb.DescribeTableOutput{Table: r.rec.Table}, nil
}

func (r *replayed) DescribeTimeToLive(context.Context, *dynamodb.DescribeTimeToLiveInput, ...func(*dynamodb.Options)) (*dynamodb.DescribeTimeToLiveOutput, error) {
	return &dynamodb.DescribeTimeToLiveOutput{TimeToLiveDescription: r.rec.TTL}, nil
}

func (r *replayed) DescribeContinuousBackups(context.Context, *dynamodb.DescribeContinuousBackupsInput, ...func(*dynamodb.Options)) (*dynamodb.DescribeContinuousBackupsOutput, error) {
	return &dynamodb.DescribeContinuousBackupsOutput{ContinuousBackupsDescription: r.rec.Backups}, nil
}

func (r *replayed) GetResourcePolicy(context.Context, *dynamodb.GetResourcePolicyInput, ...func(*dynamodb.Options)) (*dynamodb.GetResourcePolicyOutput, error) {
	if r.rec.Policy == nil {
		return nil, &types.PolicyNotFoundException{Message: aws.String("no policy")}
	}
	return &dynamodb.GetResourcePolicyOutput{Policy: r.rec.Policy}, nil
}

func (r *replayed) ListTagsOfResource(context.Context, *dynamodb.ListTagsOfResourceInput, ...func(*dynamodb.Options)) (*dynamodb.ListTagsOfResourceOutput, error) {
	return &dynamodb.ListTagsOfResourceOutput{Tags: r.rec.Tags}, nil
}

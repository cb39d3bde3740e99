package verify

import (
	"context"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/cost"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// createTable creates t on DynamoDB Local with the SDK (string keys, GSIs
// with their projections): the capacity check needs the table, not the
// Terraform around it.
func createTable(ctx context.Context, t *testing.T, client *dynamodb.Client, tbl *hclschema.Table) {
	t.Helper()
	var defs []types.AttributeDefinition
	for _, k := range tbl.KeyAttributes() {
		defs = append(defs, types.AttributeDefinition{AttributeName: aws.String(k.Name), AttributeType: types.ScalarAttributeType(k.Type)})
	}
	schema := func(ix *hclschema.Index) []types.KeySchemaElement {
		out := []types.KeySchemaElement{{AttributeName: aws.String(ix.PartitionKey[0].Name), KeyType: types.KeyTypeHash}}
		if len(ix.SortKey) > 0 {
			out = append(out, types.KeySchemaElement{AttributeName: aws.String(ix.SortKey[0].Name), KeyType: types.KeyTypeRange})
		}
		return out
	}
	in := &dynamodb.CreateTableInput{TableName: aws.String(tbl.Name), AttributeDefinitions: defs, KeySchema: schema(tbl.Primary), BillingMode: types.BillingModePayPerRequest}
	for _, ix := range tbl.GSIs {
		p := &types.Projection{ProjectionType: types.ProjectionType(ix.Projection)}
		if ix.Projection == hclschema.ProjectInclude {
			p.NonKeyAttributes = ix.Include
		}
		in.GlobalSecondaryIndexes = append(in.GlobalSecondaryIndexes, types.GlobalSecondaryIndex{IndexName: aws.String(ix.Name), KeySchema: schema(ix), Projection: p})
	}
	_, err := client.CreateTable(ctx, in)
	require.NoError(t, err)
}

// TestLiveCapacityMatchesEstimate writes items of known sizes (58 B, 10 KB
// and 5 KB) to DynamoDB Local and compares the write units of each item
// (table and GSI) and, per pattern, the read units DynamoDB Local reports
// (ReturnConsumedCapacity) with the estimate of package cost for the same
// items, and with the figures by hand.
func TestLiveCapacityMatchesEstimate(t *testing.T) {
	tftest.Parallel(t)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	s, diags := hclschema.Load("testdata/capacity")
	require.False(t, diags.HasErrors(), diags.Error())
	tbl := s.Tables[0]
	createTable(ctx, t, client, tbl)
	// Writes: 58, 10,053 and 5,053 bytes are 1, 10 and 5 WCU in the table,
	// and each KEYS_ONLY entry in ByOwner (PK, SK, owner, id) 1 WCU.
	wantWrites := []map[string]float64{{"table": 1, "ByOwner": 1}, {"table": 10, "ByOwner": 1}, {"table": 5, "ByOwner": 1}}
	var items []hclschema.Item
	for i, ex := range s.Entity("Doc").Examples {
		it, err := s.Entity("Doc").Item(ex.Values)
		require.NoError(t, err)
		av, err := dynamo.ItemAV(it)
		require.NoError(t, err)
		out, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(tbl.Name), Item: av, ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes})
		require.NoError(t, err)
		items = append(items, it)
		require.Equal(t, wantWrites[i], cost.ItemWrite(it), "estimate of %s", ex.Name())
		measured := map[string]float64{"table": *out.ConsumedCapacity.Table.CapacityUnits}
		for name, c := range out.ConsumedCapacity.GlobalSecondaryIndexes {
			measured[name] = *c.CapacityUnits
		}
		require.Equal(t, wantWrites[i], measured, "DynamoDB Local's units for %s", ex.Name())
		// Written again unchanged, the item writes no index (why verify's
		// write check deletes the item first).
		out, err = client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(tbl.Name), Item: av, ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes})
		require.NoError(t, err)
		require.Empty(t, out.ConsumedCapacity.GlobalSecondaryIndexes, "an unchanged item writes no GSI")
	}
	cases := []struct {
		pattern string
		inputs  map[string]cty.Value
		// want is the read units by hand.
		want float64
	}{
		// Doc["medium"] is 5,048 bytes: two 4 KB steps, strongly consistent.
		{"doc_by_id", map[string]cty.Value{"folder": cty.StringVal("f1"), "id": cty.StringVal("d3")}, 2},
		// 44 + 10,048 + 5,048 = 15,140 bytes: four steps, eventually consistent.
		{"docs_in_folder", map[string]cty.Value{"folder": cty.StringVal("f1")}, 2},
		// The filter keeps only Doc["small"], but the read is the same.
		{"open_docs_in_folder", map[string]cty.Value{"folder": cty.StringVal("f1")}, 2},
		// KEYS_ONLY entries of ann's two docs: PK, SK, owner, id: one step.
		{"docs_of_owner", map[string]cty.Value{"owner": cty.StringVal("ann")}, 0.5},
	}
	for _, c := range cases {
		t.Run(c.pattern, func(t *testing.T) {
			p := s.Pattern(c.pattern)
			b, err := hclschema.Bind(p, c.inputs)
			require.NoError(t, err)
			strong := dynamo.StrongRead(p)
			call, err := estimateRun(b, items, strong)
			require.NoError(t, err)
			est := call.Units
			require.Equal(t, c.want, est, "estimate")
			live, err := execute(ctx, client, tbl.Name, b)
			require.NoError(t, err)
			require.Equal(t, 1, live.Pages)
			require.Equal(t, c.want, live.Consumed, "measured")
			require.Equal(t, "", capacityMismatch(live.Consumed, est, live.Pages, strong))
		})
	}
	// An estimate over other items than the table holds (without
	// Doc["large"]) is flagged: 58 + 5,053 bytes are two steps, 1 RCU.
	b, err := hclschema.Bind(s.Pattern("docs_in_folder"), map[string]cty.Value{"folder": cty.StringVal("f1")})
	require.NoError(t, err)
	call, err := estimateRun(b, []hclschema.Item{items[0], items[2]}, false)
	require.NoError(t, err)
	est := call.Units
	live, err := execute(ctx, client, tbl.Name, b)
	require.NoError(t, err)
	require.Equal(t, "consumed 2 RCU, the estimate for the same items is 1 RCU (a difference of 1, more than DynamoDB's rounding of 0.5 per 4 KB step)",
		capacityMismatch(live.Consumed, est, live.Pages, false))

	// A read that finds nothing: DynamoDB charges the minimum step; DynamoDB
	// Local reports it for a GetItem (1 RCU, strongly consistent) but 0 for
	// a Query, which checkCapacity accepts.
	for _, miss := range []struct {
		pattern       string
		inputs        map[string]cty.Value
		measured, est float64
	}{
		{"doc_by_id", map[string]cty.Value{"folder": cty.StringVal("f1"), "id": cty.StringVal("none")}, 1, 1},
		{"docs_in_folder", map[string]cty.Value{"folder": cty.StringVal("none")}, 0, 0.5},
	} {
		p := s.Pattern(miss.pattern)
		b, err := hclschema.Bind(p, miss.inputs)
		require.NoError(t, err)
		live, err := execute(ctx, client, tbl.Name, b)
		require.NoError(t, err)
		require.Equal(t, miss.measured, live.Consumed, miss.pattern)
		var run RunResult
		require.Equal(t, "", checkCapacity(&run, b, items, live, TargetLocal), miss.pattern)
		require.Equal(t, miss.est, run.Estimated, miss.pattern)
	}
}

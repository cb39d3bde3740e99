package migrate

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// TestLiveControlReplace: four workers of a new data plan that start at
// once over a control table whose previous migration of the table is
// finished all join one new migration (one of them marks the old records
// Replacing, every one that sees the mark helps remove them, none starts
// before they are gone): no worker is refused, every item is scanned once
// per migration and updated once. Run back and forth several times: the
// race BenchmarkMigrateScale met (a worker that read the old segment
// records half removed by another refused the run) does not come back.
func TestLiveControlReplace(t *testing.T) {
	tftest.Parallel(t)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	base, head := load(t, sd+"base"), load(t, sd+"backfill")
	const table, control, customers = "shared", "ctl", 40
	createBaseTable(t, ctx, client, table)
	addGSI2(t, ctx, client, table)
	_, err = client.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String(control), BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String(ControlPartitionKey), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String(ControlSortKey), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema: []types.KeySchemaElement{{AttributeName: aws.String(ControlPartitionKey), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String(ControlSortKey), KeyType: types.KeyTypeRange}}})
	require.NoError(t, err)
	var items []map[string]types.AttributeValue
	for i := 0; i < customers; i++ {
		u := fmt.Sprintf("u%02d", i)
		it, err := base.Entity("Customer").Item(cty.ObjectVal(map[string]cty.Value{"username": cty.StringVal(u), "email": cty.StringVal(strings.ToUpper(u) + "@X.com"), "name": cty.StringVal(u)}))
		require.NoError(t, err)
		items = append(items, itemAV(t, it))
	}
	writeItems(t, ctx, client, table, items)

	plans := []*Plan{Build(base, head), Build(head, base)}
	for round := 0; round < 10; round++ {
		plan := plans[round%2]
		const workers = 4
		var wg sync.WaitGroup
		results := make([]*Result, workers)
		errs := make([]error, workers)
		for s := 0; s < workers; s++ {
			wg.Add(1)
			go func(s int) {
				defer wg.Done()
				seg := s
				results[s], errs[s] = Run(ctx, plan, Options{Client: client, Table: table, Label: "app", Segments: workers, Segment: &seg,
					Control: &Control{Client: client, Table: control}})
			}(s)
		}
		wg.Wait()
		var scanned, updated int64
		for s := 0; s < workers; s++ {
			if errs[s] != nil {
				out, _ := client.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(control)})
				for _, it := range out.Items {
					b, _ := dynamo.MarshalItemJSON(it)
					t.Log(string(b))
				}
				for i := range results {
					if results[i] != nil {
						t.Logf("%d %+v", i, *results[i].Worker)
					}
				}
			}
			require.NoError(t, errs[s], "round %d, worker %d", round, s)
			require.NotNil(t, results[s].Worker)
			require.True(t, results[s].Worker.Done, "round %d, worker %d", round, s)
			scanned += results[s].Worker.Scanned
			updated += results[s].Worker.Updated
		}
		require.EqualValues(t, customers, scanned, "round %d: every item scanned once", round)
		require.EqualValues(t, customers, updated, "round %d: every customer updated once", round)
	}
}

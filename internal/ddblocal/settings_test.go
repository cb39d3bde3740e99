package ddblocal

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
)

// TestThroughputSettings: caps and warm throughput of the table and its
// GSI given to CreateTable come back from DescribeTable; an UpdateTable
// that changes one side of a cap keeps the other (DynamoDB Local 3.3.1
// alone drops the cap, or fails when a side is missing); an UpdateTable of
// only these settings is answered.
func TestThroughputSettings(t *testing.T) {
	c := sharedClient(t, validating)
	ctx := context.Background()
	name := aws.String("throughput-settings")
	created := createTable(t, c, "throughput-settings", func(in *dynamodb.CreateTableInput) {
		in.OnDemandThroughput = &types.OnDemandThroughput{MaxReadRequestUnits: aws.Int64(100), MaxWriteRequestUnits: aws.Int64(50)}
		in.WarmThroughput = &types.WarmThroughput{ReadUnitsPerSecond: aws.Int64(13000), WriteUnitsPerSecond: aws.Int64(5000)}
		in.GlobalSecondaryIndexes[0].OnDemandThroughput = &types.OnDemandThroughput{MaxReadRequestUnits: aws.Int64(10)}
		in.GlobalSecondaryIndexes[0].WarmThroughput = &types.WarmThroughput{ReadUnitsPerSecond: aws.Int64(14000)}
	})
	require.Equal(t, int64(100), aws.ToInt64(created.OnDemandThroughput.MaxReadRequestUnits))
	require.Equal(t, int64(13000), aws.ToInt64(created.WarmThroughput.ReadUnitsPerSecond))

	describe := func() *types.TableDescription {
		out, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: name})
		require.NoError(t, err)
		return out.Table
	}
	d := describe()
	require.Equal(t, [2]int64{100, 50}, [2]int64{aws.ToInt64(d.OnDemandThroughput.MaxReadRequestUnits), aws.ToInt64(d.OnDemandThroughput.MaxWriteRequestUnits)})
	require.Equal(t, [2]int64{13000, 5000}, [2]int64{aws.ToInt64(d.WarmThroughput.ReadUnitsPerSecond), aws.ToInt64(d.WarmThroughput.WriteUnitsPerSecond)})
	g := d.GlobalSecondaryIndexes[0]
	require.Equal(t, [2]int64{10, -1}, [2]int64{aws.ToInt64(g.OnDemandThroughput.MaxReadRequestUnits), aws.ToInt64(g.OnDemandThroughput.MaxWriteRequestUnits)}, "-1: no cap on that side")
	require.Equal(t, [2]int64{14000, 4000}, [2]int64{aws.ToInt64(g.WarmThroughput.ReadUnitsPerSecond), aws.ToInt64(g.WarmThroughput.WriteUnitsPerSecond)}, "a side not given keeps DynamoDB's default")

	_, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: name,
		OnDemandThroughput: &types.OnDemandThroughput{MaxReadRequestUnits: aws.Int64(200)},
		WarmThroughput:     &types.WarmThroughput{WriteUnitsPerSecond: aws.Int64(6000)},
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Update: &types.UpdateGlobalSecondaryIndexAction{
			IndexName: aws.String("GSI1"), OnDemandThroughput: &types.OnDemandThroughput{MaxWriteRequestUnits: aws.Int64(20)}}}},
	})
	require.NoError(t, err)
	d = describe()
	require.Equal(t, [2]int64{200, 50}, [2]int64{aws.ToInt64(d.OnDemandThroughput.MaxReadRequestUnits), aws.ToInt64(d.OnDemandThroughput.MaxWriteRequestUnits)})
	require.Equal(t, [2]int64{13000, 6000}, [2]int64{aws.ToInt64(d.WarmThroughput.ReadUnitsPerSecond), aws.ToInt64(d.WarmThroughput.WriteUnitsPerSecond)})
	g = d.GlobalSecondaryIndexes[0]
	require.Equal(t, [2]int64{10, 20}, [2]int64{aws.ToInt64(g.OnDemandThroughput.MaxReadRequestUnits), aws.ToInt64(g.OnDemandThroughput.MaxWriteRequestUnits)})
}

// TestGSIWithoutCapsHasNone: a GSI created without OnDemandThroughput, in
// CreateTable or by UpdateTable (the provider's
// aws_dynamodb_global_secondary_index), is described without one, as
// DynamoDB answers (DynamoDB Local 3.3.1 alone reports -1 on both sides);
// caps given later are reported.
func TestGSIWithoutCapsHasNone(t *testing.T) {
	c := sharedClient(t, validating)
	ctx := context.Background()
	name := aws.String("gsi-without-caps")
	created := createTable(t, c, "gsi-without-caps", nil)
	require.Nil(t, created.GlobalSecondaryIndexes[0].OnDemandThroughput)
	_, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: name,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("G2"), AttributeType: types.ScalarAttributeTypeS}},
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Create: &types.CreateGlobalSecondaryIndexAction{
			IndexName: aws.String("GSI2"), KeySchema: []types.KeySchemaElement{{AttributeName: aws.String("G2"), KeyType: types.KeyTypeHash}},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}}}})
	require.NoError(t, err)
	out, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: name})
	require.NoError(t, err)
	require.Len(t, out.Table.GlobalSecondaryIndexes, 2)
	for _, g := range out.Table.GlobalSecondaryIndexes {
		require.Nil(t, g.OnDemandThroughput, aws.ToString(g.IndexName))
	}
	_, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: name,
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Update: &types.UpdateGlobalSecondaryIndexAction{
			IndexName: aws.String("GSI2"), OnDemandThroughput: &types.OnDemandThroughput{MaxReadRequestUnits: aws.Int64(7)}}}}})
	require.NoError(t, err)
	out, err = c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: name})
	require.NoError(t, err)
	for _, g := range out.Table.GlobalSecondaryIndexes {
		if aws.ToString(g.IndexName) == "GSI1" {
			require.Nil(t, g.OnDemandThroughput)
			continue
		}
		require.Equal(t, [2]int64{7, -1}, [2]int64{aws.ToInt64(g.OnDemandThroughput.MaxReadRequestUnits), aws.ToInt64(g.OnDemandThroughput.MaxWriteRequestUnits)})
	}
}

// TestResourcePolicyRoundTrip: PutResourcePolicy, GetResourcePolicy and
// DeleteResourcePolicy, which DynamoDB Local does not know.
func TestResourcePolicyRoundTrip(t *testing.T) {
	c := sharedClient(t, validating)
	ctx := context.Background()
	arn := createTable(t, c, "policy-round-trip", nil).TableArn
	var notFound *types.PolicyNotFoundException
	_, err := c.GetResourcePolicy(ctx, &dynamodb.GetResourcePolicyInput{ResourceArn: arn})
	require.True(t, errors.As(err, &notFound), "%v", err)

	doc := `{"Version":"2012-10-17","Statement":[{"Effect":"Deny","Principal":"*","Action":"dynamodb:DeleteItem","Resource":"*"}]}`
	put, err := c.PutResourcePolicy(ctx, &dynamodb.PutResourcePolicyInput{ResourceArn: arn, Policy: aws.String(doc)})
	require.NoError(t, err)
	got, err := c.GetResourcePolicy(ctx, &dynamodb.GetResourcePolicyInput{ResourceArn: arn})
	require.NoError(t, err)
	require.Equal(t, doc, aws.ToString(got.Policy))
	require.Equal(t, aws.ToString(put.RevisionId), aws.ToString(got.RevisionId))

	_, err = c.DeleteResourcePolicy(ctx, &dynamodb.DeleteResourcePolicyInput{ResourceArn: arn})
	require.NoError(t, err)
	_, err = c.GetResourcePolicy(ctx, &dynamodb.GetResourcePolicyInput{ResourceArn: arn})
	require.True(t, errors.As(err, &notFound))
}

// TestConcurrentGSICreations: two UpdateTable calls that each create a GSI
// of one table at the same moment (terraform creating two
// aws_dynamodb_global_secondary_index resources in parallel) both take
// effect, the second after the first as DynamoDB orders them; DynamoDB
// Local alone loses one of the two GSIs.
func TestConcurrentGSICreations(t *testing.T) {
	c := sharedClient(t, validating)
	ctx := context.Background()
	name := aws.String("concurrent-gsis")
	createTable(t, c, "concurrent-gsis", nil)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			attr := fmt.Sprintf("C%d", i)
			in := &dynamodb.UpdateTableInput{TableName: name,
				AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String(attr), AttributeType: types.ScalarAttributeTypeS}},
				GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Create: &types.CreateGlobalSecondaryIndexAction{
					IndexName: aws.String("By" + attr), KeySchema: []types.KeySchemaElement{{AttributeName: aws.String(attr), KeyType: types.KeyTypeHash}},
					Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}}}}
			for try := 0; ; try++ {
				_, errs[i] = c.UpdateTable(ctx, in)
				var limit *types.LimitExceededException
				var inUse *types.ResourceInUseException
				if errs[i] == nil || try == 50 || !errors.As(errs[i], &limit) && !errors.As(errs[i], &inUse) {
					return
				}
				time.Sleep(100 * time.Millisecond)
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		require.NoError(t, err, "creation %d", i)
	}
	out, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: name})
	require.NoError(t, err)
	var got []string
	for _, g := range out.Table.GlobalSecondaryIndexes {
		got = append(got, aws.ToString(g.IndexName))
	}
	require.ElementsMatch(t, []string{"GSI1", "ByC0", "ByC1", "ByC2", "ByC3"}, got)
}

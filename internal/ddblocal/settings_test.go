package ddblocal

import (
	"context"
	"errors"
	"testing"

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

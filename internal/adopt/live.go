package adopt

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
)

// API is the part of the DynamoDB client that FromLive and Sample call.
type API interface {
	DescribeTable(context.Context, *dynamodb.DescribeTableInput, ...func(*dynamodb.Options)) (*dynamodb.DescribeTableOutput, error)
	DescribeTimeToLive(context.Context, *dynamodb.DescribeTimeToLiveInput, ...func(*dynamodb.Options)) (*dynamodb.DescribeTimeToLiveOutput, error)
	DescribeContinuousBackups(context.Context, *dynamodb.DescribeContinuousBackupsInput, ...func(*dynamodb.Options)) (*dynamodb.DescribeContinuousBackupsOutput, error)
	ListTagsOfResource(context.Context, *dynamodb.ListTagsOfResourceInput, ...func(*dynamodb.Options)) (*dynamodb.ListTagsOfResourceOutput, error)
	Scan(context.Context, *dynamodb.ScanInput, ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error)
}

// ErrNoTable is returned by FromLive for a table that does not exist.
var ErrNoTable = errors.New("no such table")

// FromLive reads the live table name through DescribeTable,
// DescribeTimeToLive, DescribeContinuousBackups and ListTagsOfResource.
// origin names the endpoint or region for the schema's header.
func FromLive(ctx context.Context, c API, name, origin string) (*Table, error) {
	out, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	var nf *types.ResourceNotFoundException
	if errors.As(err, &nf) {
		return nil, fmt.Errorf("import: table %q at %s: %w", name, origin, ErrNoTable)
	}
	if err != nil {
		return nil, fmt.Errorf("import: describe table %q at %s: %w", name, origin, err)
	}
	d := out.Table
	t := &Table{Name: aws.ToString(d.TableName), Origin: origin, AttrTypes: map[string]string{}, Tags: map[string]string{},
		BillingMode: "PROVISIONED", TableClass: "STANDARD", DeletionProtection: aws.ToBool(d.DeletionProtectionEnabled)}
	if d.BillingModeSummary != nil && d.BillingModeSummary.BillingMode != "" {
		t.BillingMode = string(d.BillingModeSummary.BillingMode)
	}
	if t.BillingMode == "PROVISIONED" && d.ProvisionedThroughput != nil {
		t.ReadCapacity = aws.ToInt64(d.ProvisionedThroughput.ReadCapacityUnits)
		t.WriteCapacity = aws.ToInt64(d.ProvisionedThroughput.WriteCapacityUnits)
	}
	for _, a := range d.AttributeDefinitions {
		t.AttrTypes[aws.ToString(a.AttributeName)] = string(a.AttributeType)
	}
	for _, k := range d.KeySchema {
		if k.KeyType == types.KeyTypeRange {
			t.SortKey = aws.ToString(k.AttributeName)
		} else {
			t.PartitionKey = aws.ToString(k.AttributeName)
		}
	}
	for _, g := range d.GlobalSecondaryIndexes {
		ix := liveIndex(aws.ToString(g.IndexName), g.KeySchema, g.Projection)
		if t.BillingMode == "PROVISIONED" && g.ProvisionedThroughput != nil {
			ix.ReadCapacity = aws.ToInt64(g.ProvisionedThroughput.ReadCapacityUnits)
			ix.WriteCapacity = aws.ToInt64(g.ProvisionedThroughput.WriteCapacityUnits)
		}
		t.GSIs = append(t.GSIs, ix)
	}
	for _, l := range d.LocalSecondaryIndexes {
		ix := liveIndex(aws.ToString(l.IndexName), l.KeySchema, l.Projection)
		ix.PartitionKey = nil
		t.LSIs = append(t.LSIs, ix)
	}
	sort.Slice(t.GSIs, func(i, j int) bool { return t.GSIs[i].Name < t.GSIs[j].Name })
	sort.Slice(t.LSIs, func(i, j int) bool { return t.LSIs[i].Name < t.LSIs[j].Name })
	if s := d.StreamSpecification; s != nil && aws.ToBool(s.StreamEnabled) {
		t.StreamViewType = string(s.StreamViewType)
	}
	if d.TableClassSummary != nil && d.TableClassSummary.TableClass != "" {
		t.TableClass = string(d.TableClassSummary.TableClass)
	}
	if s := d.SSEDescription; s != nil && (s.Status == types.SSEStatusEnabled || s.Status == types.SSEStatusEnabling) {
		t.SSE = &SSE{KMSKeyARN: aws.ToString(s.KMSMasterKeyArn)}
	}
	ttl, err := c.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(name)})
	if err != nil {
		return nil, fmt.Errorf("import: describe time to live of %q: %w", name, err)
	}
	if d := ttl.TimeToLiveDescription; d != nil && (d.TimeToLiveStatus == types.TimeToLiveStatusEnabled || d.TimeToLiveStatus == types.TimeToLiveStatusEnabling) {
		t.TTLAttribute = aws.ToString(d.AttributeName)
	}
	cb, err := c.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: aws.String(name)})
	if err != nil {
		return nil, fmt.Errorf("import: describe continuous backups of %q: %w", name, unknownOperation(err, "DescribeContinuousBackups", origin))
	}
	if d := cb.ContinuousBackupsDescription; d != nil && d.PointInTimeRecoveryDescription != nil {
		t.PointInTimeRecovery = d.PointInTimeRecoveryDescription.PointInTimeRecoveryStatus == types.PointInTimeRecoveryStatusEnabled
	}
	var next *string
	for {
		tags, err := c.ListTagsOfResource(ctx, &dynamodb.ListTagsOfResourceInput{ResourceArn: d.TableArn, NextToken: next})
		if err != nil {
			return nil, fmt.Errorf("import: list tags of %q: %w", name, unknownOperation(err, "ListTagsOfResource", origin))
		}
		for _, tg := range tags.Tags {
			t.Tags[aws.ToString(tg.Key)] = aws.ToString(tg.Value)
		}
		if next = tags.NextToken; next == nil {
			break
		}
	}
	return t, nil
}

// unknownOperation adds what to do to an endpoint's UnknownOperationException:
// plain DynamoDB Local implements neither point-in-time recovery nor tags,
// which import reads; tfdyn local answers them.
func unknownOperation(err error, op, origin string) error {
	var ae smithy.APIError
	if !errors.As(err, &ae) || ae.ErrorCode() != "UnknownOperationException" {
		return err
	}
	return fmt.Errorf("%s does not implement %s (plain DynamoDB Local implements neither point-in-time recovery nor tags, which import reads): "+
		"serve the table with tfdyn local, whose endpoint answers them, and import from there: %w", origin, op, err)
}

func liveIndex(name string, ks []types.KeySchemaElement, p *types.Projection) Index {
	ix := Index{Name: name, Projection: "ALL"}
	for _, k := range ks {
		if k.KeyType == types.KeyTypeRange {
			ix.SortKey = append(ix.SortKey, aws.ToString(k.AttributeName))
		} else {
			ix.PartitionKey = append(ix.PartitionKey, aws.ToString(k.AttributeName))
		}
	}
	if p != nil {
		if p.ProjectionType != "" {
			ix.Projection = string(p.ProjectionType)
		}
		ix.Include = append(ix.Include, p.NonKeyAttributes...)
	}
	return ix
}

// MaxPages bounds the Scan pages Sample reads.
const MaxPages = 2

// Sample reads at most limit items of the table with at most MaxPages Scan
// pages.
func Sample(ctx context.Context, c API, name string, limit int) ([]map[string]types.AttributeValue, error) {
	var items []map[string]types.AttributeValue
	var start map[string]types.AttributeValue
	for page := 0; page < MaxPages && len(items) < limit; page++ {
		out, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(name), Limit: aws.Int32(int32(limit - len(items))), ExclusiveStartKey: start})
		if err != nil {
			return nil, fmt.Errorf("import: scan %q: %w", name, err)
		}
		items = append(items, out.Items...)
		if start = out.LastEvaluatedKey; len(start) == 0 {
			break
		}
	}
	return items, nil
}

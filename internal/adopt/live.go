package adopt

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// API is the part of the DynamoDB client that FromLive and Sample call.
type API interface {
	DescribeTable(context.Context, *dynamodb.DescribeTableInput, ...func(*dynamodb.Options)) (*dynamodb.DescribeTableOutput, error)
	DescribeTimeToLive(context.Context, *dynamodb.DescribeTimeToLiveInput, ...func(*dynamodb.Options)) (*dynamodb.DescribeTimeToLiveOutput, error)
	DescribeContinuousBackups(context.Context, *dynamodb.DescribeContinuousBackupsInput, ...func(*dynamodb.Options)) (*dynamodb.DescribeContinuousBackupsOutput, error)
	ListTagsOfResource(context.Context, *dynamodb.ListTagsOfResourceInput, ...func(*dynamodb.Options)) (*dynamodb.ListTagsOfResourceOutput, error)
	GetResourcePolicy(context.Context, *dynamodb.GetResourcePolicyInput, ...func(*dynamodb.Options)) (*dynamodb.GetResourcePolicyOutput, error)
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
	t := newTable("", origin)
	s := &t.Spec
	s.Name = aws.ToString(d.TableName)
	s.DeletionProtection = aws.ToBool(d.DeletionProtectionEnabled)
	if d.BillingModeSummary != nil && d.BillingModeSummary.BillingMode != "" {
		s.BillingMode = string(d.BillingModeSummary.BillingMode)
	}
	if d.ProvisionedThroughput != nil {
		s.Capacity = hclschema.Capacity{Read: aws.ToInt64(d.ProvisionedThroughput.ReadCapacityUnits), Write: aws.ToInt64(d.ProvisionedThroughput.WriteCapacityUnits)}
	}
	attrTypes := keyNames{}
	for _, a := range d.AttributeDefinitions {
		attrTypes[aws.ToString(a.AttributeName)] = string(a.AttributeType)
	}
	s.Key = liveKey(d.KeySchema)
	for _, g := range d.GlobalSecondaryIndexes {
		ix := hclschema.GSISpec{Name: aws.ToString(g.IndexName), Key: liveKey(g.KeySchema), Projection: liveProjection(g.Projection),
			OnDemand: liveCap(g.OnDemandThroughput)}
		if w := g.WarmThroughput; w != nil {
			ix.Warm = warmOf(aws.ToInt64(w.ReadUnitsPerSecond), aws.ToInt64(w.WriteUnitsPerSecond))
		}
		sort.Strings(ix.Projection.NonKeyAttributes)
		if g.ProvisionedThroughput != nil {
			ix.Capacity = hclschema.Capacity{Read: aws.ToInt64(g.ProvisionedThroughput.ReadCapacityUnits), Write: aws.ToInt64(g.ProvisionedThroughput.WriteCapacityUnits)}
		}
		s.GSIs = append(s.GSIs, ix)
	}
	for _, l := range d.LocalSecondaryIndexes {
		ix := hclschema.LSISpec{Name: aws.ToString(l.IndexName), Projection: liveProjection(l.Projection)}
		if k := liveKey(l.KeySchema); len(k.Sort) > 0 {
			ix.SortKey = k.Sort[0]
		}
		s.LSIs = append(s.LSIs, ix)
	}
	sort.Slice(s.GSIs, func(i, j int) bool { return s.GSIs[i].Name < s.GSIs[j].Name })
	sort.Slice(s.LSIs, func(i, j int) bool { return s.LSIs[i].Name < s.LSIs[j].Name })
	attrTypes.types(s)
	if ss := d.StreamSpecification; ss != nil && aws.ToBool(ss.StreamEnabled) {
		s.StreamViewType = string(ss.StreamViewType)
	}
	s.OnDemand = liveCap(d.OnDemandThroughput)
	if w := d.WarmThroughput; w != nil {
		s.Warm = warmOf(aws.ToInt64(w.ReadUnitsPerSecond), aws.ToInt64(w.WriteUnitsPerSecond))
	}
	if len(d.Replicas) > 0 || len(d.GlobalTableWitnesses) > 0 {
		var regions []string
		for _, r := range d.Replicas {
			regions = append(regions, aws.ToString(r.RegionName))
		}
		return nil, &RefusedError{Diagnostic: diag.Errorf(CodeUnsupported, nil, "Global table read live",
			"DescribeTable of %q lists replicas (%s): their point-in-time recovery, deletion protection and tag propagation are settings of each replica's region, which one endpoint cannot read, and guessing them could turn them off. Import the table from its Terraform instead (--from-tf DIR, or --from-state FILE with terraform show -json), which holds every replica setting.",
			name, strings.Join(regions, ", "))}
	}
	if d.TableClassSummary != nil && d.TableClassSummary.TableClass != "" {
		s.TableClass = string(d.TableClassSummary.TableClass)
	}
	if e := d.SSEDescription; e != nil && (e.Status == types.SSEStatusEnabled || e.Status == types.SSEStatusEnabling) {
		s.SSE = &hclschema.SSESpec{KMSKeyARN: aws.ToString(e.KMSMasterKeyArn)}
	}
	ttl, err := c.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(name)})
	if err != nil {
		return nil, fmt.Errorf("import: describe time to live of %q: %w", name, err)
	}
	if d := ttl.TimeToLiveDescription; d != nil && (d.TimeToLiveStatus == types.TimeToLiveStatusEnabled || d.TimeToLiveStatus == types.TimeToLiveStatusEnabling) {
		s.TTLAttribute = aws.ToString(d.AttributeName)
	}
	cb, err := c.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: aws.String(name)})
	if err != nil {
		return nil, fmt.Errorf("import: describe continuous backups of %q: %w", name, unknownOperation(err, "DescribeContinuousBackups", origin))
	}
	if d := cb.ContinuousBackupsDescription; d != nil && d.PointInTimeRecoveryDescription != nil {
		s.PointInTimeRecovery = d.PointInTimeRecoveryDescription.PointInTimeRecoveryStatus == types.PointInTimeRecoveryStatusEnabled
		s.RecoveryDays = int64(aws.ToInt32(d.PointInTimeRecoveryDescription.RecoveryPeriodInDays))
	}
	capacities(s)
	pol, err := c.GetResourcePolicy(ctx, &dynamodb.GetResourcePolicyInput{ResourceArn: d.TableArn})
	var none *types.PolicyNotFoundException
	switch {
	case errors.As(err, &none):
	case err != nil:
		return nil, fmt.Errorf("import: get the resource policy of %q: %w", name, err)
	case aws.ToString(pol.Policy) != "":
		s.ResourcePolicy = &hclschema.PolicySpec{Kind: hclschema.PolicyDocument, Text: hclschema.CanonicalJSON(aws.ToString(pol.Policy))}
	}
	var next *string
	for {
		tags, err := c.ListTagsOfResource(ctx, &dynamodb.ListTagsOfResourceInput{ResourceArn: d.TableArn, NextToken: next})
		if err != nil {
			return nil, fmt.Errorf("import: list tags of %q: %w", name, unknownOperation(err, "ListTagsOfResource", origin))
		}
		for _, tg := range tags.Tags {
			if s.Tags == nil {
				s.Tags = map[string]string{}
			}
			s.Tags[aws.ToString(tg.Key)] = aws.ToString(tg.Value)
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

// RefusedError is a live table import refuses: a setting a schema could
// only guess.
type RefusedError struct {
	Diagnostic *hcl.Diagnostic
}

func (e *RefusedError) Error() string { return e.Diagnostic.Summary + ": " + e.Diagnostic.Detail }

// liveCap is an OnDemandThroughput of DescribeTable: nil when no side is
// capped (-1 or absent).
func liveCap(o *types.OnDemandThroughput) *hclschema.Throughput {
	if o == nil {
		return nil
	}
	t := &hclschema.Throughput{Read: max(aws.ToInt64(o.MaxReadRequestUnits), 0), Write: max(aws.ToInt64(o.MaxWriteRequestUnits), 0)}
	if t.Read == 0 && t.Write == 0 {
		return nil
	}
	return t
}

// liveKey is a key schema of DescribeTable: HASH elements then RANGE
// elements, in order (types resolved later).
func liveKey(ks []types.KeySchemaElement) hclschema.Key {
	var k hclschema.Key
	for _, e := range ks {
		if e.KeyType == types.KeyTypeRange {
			k.Sort = append(k.Sort, hclschema.KeyAttr{Name: aws.ToString(e.AttributeName)})
		} else {
			k.Partition = append(k.Partition, hclschema.KeyAttr{Name: aws.ToString(e.AttributeName)})
		}
	}
	return k
}

func liveProjection(p *types.Projection) hclschema.Projection {
	if p == nil {
		return projectionOf("", nil)
	}
	return projectionOf(string(p.ProjectionType), p.NonKeyAttributes)
}

// MaxPages bounds the Scan pages Sample reads.
const MaxPages = 2

// Sample reads at most limit items of the table with at most MaxPages Scan
// pages.
func Sample(ctx context.Context, c API, name string, limit int) ([]map[string]types.AttributeValue, error) {
	var items []map[string]types.AttributeValue
	var start map[string]types.AttributeValue
	for page := 0; page < MaxPages && len(items) < limit; page++ {
		got, next, err := dynamo.ScanPage(ctx, c, dynamo.ScanRequest{Table: name, Limit: int32(limit - len(items)), Start: start})
		if err != nil {
			return nil, fmt.Errorf("import: %w", err)
		}
		items = append(items, got...)
		if start = next; start == nil {
			break
		}
	}
	return items, nil
}

package ddblocal

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"net/http"
	"strconv"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
)

// validating makes a client validate x-amz-crc32 (NewClient turns it off).
func validating(o *dynamodb.Options) { o.DisableValidateResponseChecksum = false }

// createTable creates an on-demand table PK/SK (S) with one GSI GSI1PK/GSI1SK
// and registers its deletion.
func createTable(t *testing.T, c *dynamodb.Client, name string, mod func(*dynamodb.CreateTableInput)) *types.TableDescription {
	t.Helper()
	in := &dynamodb.CreateTableInput{
		TableName:   aws.String(name),
		BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String("PK"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("SK"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("GSI1PK"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("GSI1SK"), AttributeType: types.ScalarAttributeTypeS},
		},
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String("PK"), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String("SK"), KeyType: types.KeyTypeRange},
		},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{
			IndexName: aws.String("GSI1"),
			KeySchema: []types.KeySchemaElement{
				{AttributeName: aws.String("GSI1PK"), KeyType: types.KeyTypeHash},
				{AttributeName: aws.String("GSI1SK"), KeyType: types.KeyTypeRange},
			},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
		}},
	}
	if mod != nil {
		mod(in)
	}
	out, err := c.CreateTable(context.Background(), in)
	require.NoError(t, err)
	t.Cleanup(func() {
		_, _ = c.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(name)})
	})
	return out.TableDescription
}

func TestWarmThroughputAdded(t *testing.T) {
	target := sharedTarget(t)
	c := sharedClient(t, validating)
	ctx := context.Background()

	created := createTable(t, c, "warm-throughput", nil)
	require.NotNil(t, created.WarmThroughput, "CreateTable answer")
	require.Equal(t, types.TableStatusActive, created.WarmThroughput.Status)

	desc, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("warm-throughput")})
	require.NoError(t, err)
	wt := desc.Table.WarmThroughput
	require.NotNil(t, wt)
	require.Equal(t, types.TableStatusActive, wt.Status)
	require.Equal(t, int64(defaultWarmReadUnits), aws.ToInt64(wt.ReadUnitsPerSecond))
	require.Equal(t, int64(defaultWarmWriteUnits), aws.ToInt64(wt.WriteUnitsPerSecond))
	require.Len(t, desc.Table.GlobalSecondaryIndexes, 1)
	gsi := desc.Table.GlobalSecondaryIndexes[0]
	require.Equal(t, "GSI1", aws.ToString(gsi.IndexName))
	require.NotNil(t, gsi.WarmThroughput)
	require.Equal(t, types.IndexStatusActive, gsi.WarmThroughput.Status)
	require.NotNil(t, gsi.ProvisionedThroughput, "GSI ProvisionedThroughput, as DynamoDB answers for on-demand tables")
	require.Equal(t, int64(0), aws.ToInt64(gsi.ProvisionedThroughput.ReadCapacityUnits))

	// DynamoDB Local itself leaves both out: the layer added them.
	backend, err := target.NewClient(ctx, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(target.BackendEndpoint()) })
	require.NoError(t, err)
	raw, err := backend.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("warm-throughput")})
	require.NoError(t, err)
	require.Nil(t, raw.Table.WarmThroughput)
	require.Nil(t, raw.Table.GlobalSecondaryIndexes[0].WarmThroughput)

	// UpdateTable answers carry it too.
	upd, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("warm-throughput"), DeletionProtectionEnabled: aws.Bool(false)})
	require.NoError(t, err)
	require.NotNil(t, upd.TableDescription.WarmThroughput)
	require.NotNil(t, upd.TableDescription.GlobalSecondaryIndexes[0].WarmThroughput)
}

// rawCall posts a DynamoDB request to the layer and returns the answer.
func rawCall(t *testing.T, target *Target, op, body string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, target.Endpoint()+"/", bytes.NewReader([]byte(body)))
	require.NoError(t, err)
	req.Header.Set("Content-Type", jsonContentType)
	req.Header.Set("X-Amz-Target", ddbTargetPrefix+op)
	req.Header.Set("Authorization", fmt.Sprintf("AWS4-HMAC-SHA256 Credential=%s/20240101/%s/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
		target.AccessKey(), target.Region()))
	for k, v := range header {
		req.Header.Set(k, v)
	}
	// A Transport with compression off sends Accept-Encoding only when we
	// set it and never decompresses behind our back.
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	resp, err := client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, b
}

func TestCRC32AndContentLength(t *testing.T) {
	target := sharedTarget(t)
	c := sharedClient(t, validating)
	createTable(t, c, "crc32-check", func(in *dynamodb.CreateTableInput) {
		in.Tags = []types.Tag{{Key: aws.String("team"), Value: aws.String("shop")}}
	})

	for _, enc := range []string{"", "gzip", "identity"} {
		t.Run("accept-encoding="+enc, func(t *testing.T) {
			h := map[string]string{}
			if enc != "" {
				h["Accept-Encoding"] = enc
			}
			for _, tc := range []struct{ op, body string }{
				{"DescribeTable", `{"TableName":"crc32-check"}`},
				{"ListTagsOfResource", `{"ResourceArn":"arn:aws:dynamodb:ddblocal:000000000000:table/crc32-check"}`},
				{"DescribeContinuousBackups", `{"TableName":"crc32-check"}`},
				{"DescribeTable", `{"TableName":"no-such-table"}`},
			} {
				resp, body := rawCall(t, target, tc.op, tc.body, h)
				require.Empty(t, resp.Header.Get("Content-Encoding"), tc.op)
				require.Equal(t, strconv.Itoa(len(body)), resp.Header.Get("Content-Length"), tc.op)
				require.Equal(t, strconv.FormatUint(uint64(crc32.ChecksumIEEE(body)), 10), resp.Header.Get("X-Amz-Crc32"), tc.op)
				require.True(t, json.Valid(body), "%s: %s", tc.op, body)
			}
		})
	}

	// The SDK validates the header, with and without asking for gzip.
	for _, gz := range []bool{false, true} {
		c := sharedClient(t, validating, func(o *dynamodb.Options) { o.EnableAcceptEncodingGzip = gz })
		_, err := c.DescribeTable(context.Background(), &dynamodb.DescribeTableInput{TableName: aws.String("crc32-check")})
		require.NoError(t, err, "gzip=%v", gz)
		_, err = c.ListTagsOfResource(context.Background(), &dynamodb.ListTagsOfResourceInput{ResourceArn: aws.String("arn:aws:dynamodb:ddblocal:000000000000:table/crc32-check")})
		require.NoError(t, err, "gzip=%v", gz)
	}
}

func TestPassThroughKeepsEncoding(t *testing.T) {
	// Whatever DynamoDB Local does with Accept-Encoding, a pass-through
	// answer keeps its encoding and its checksum matches the bytes sent.
	target := sharedTarget(t)
	resp, body := rawCall(t, target, "ListTables", `{}`, map[string]string{"Accept-Encoding": "gzip"})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	if resp.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		require.NoError(t, err)
		plain, err := io.ReadAll(zr)
		require.NoError(t, err)
		require.True(t, json.Valid(plain))
	} else {
		require.True(t, json.Valid(body))
	}
	if h := resp.Header.Get("X-Amz-Crc32"); h != "" {
		require.Equal(t, strconv.FormatUint(uint64(crc32.ChecksumIEEE(body)), 10), h)
	}
}

func TestTagsRoundTrip(t *testing.T) {
	c := sharedClient(t, validating)
	ctx := context.Background()
	desc := createTable(t, c, "tags-round-trip", func(in *dynamodb.CreateTableInput) {
		in.Tags = []types.Tag{{Key: aws.String("team"), Value: aws.String("shop")}}
	})
	arn := desc.TableArn

	tags := func() map[string]string {
		out, err := c.ListTagsOfResource(ctx, &dynamodb.ListTagsOfResourceInput{ResourceArn: arn})
		require.NoError(t, err)
		m := map[string]string{}
		for _, tag := range out.Tags {
			m[aws.ToString(tag.Key)] = aws.ToString(tag.Value)
		}
		return m
	}
	require.Equal(t, map[string]string{"team": "shop"}, tags(), "tags given to CreateTable")

	_, err := c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: arn, Tags: []types.Tag{
		{Key: aws.String("env"), Value: aws.String("local")},
		{Key: aws.String("team"), Value: aws.String("orders")},
	}})
	require.NoError(t, err)
	require.Equal(t, map[string]string{"team": "orders", "env": "local"}, tags())

	_, err = c.UntagResource(ctx, &dynamodb.UntagResourceInput{ResourceArn: arn, TagKeys: []string{"team", "absent"}})
	require.NoError(t, err)
	require.Equal(t, map[string]string{"env": "local"}, tags())

	// A recreated table starts without tags.
	_, err = c.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String("tags-round-trip")})
	require.NoError(t, err)
	createTable(t, c, "tags-round-trip", nil)
	require.Empty(t, tags())

	// Missing tables are DynamoDB Local's ResourceNotFoundException.
	_, err = c.TagResource(ctx, &dynamodb.TagResourceInput{
		ResourceArn: aws.String("arn:aws:dynamodb:ddblocal:000000000000:table/no-such-table"),
		Tags:        []types.Tag{{Key: aws.String("a"), Value: aws.String("b")}},
	})
	var notFound *types.ResourceNotFoundException
	require.ErrorAs(t, err, &notFound)

	_, err = c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: arn, Tags: []types.Tag{{Key: aws.String("aws:x"), Value: aws.String("b")}}})
	var invalid interface{ ErrorCode() string }
	require.True(t, errors.As(err, &invalid))
	require.Equal(t, "ValidationException", invalid.ErrorCode())
}

func TestPointInTimeRecoveryRoundTrip(t *testing.T) {
	c := sharedClient(t, validating)
	ctx := context.Background()
	createTable(t, c, "pitr-round-trip", nil)
	name := aws.String("pitr-round-trip")

	desc, err := c.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: name})
	require.NoError(t, err)
	require.Equal(t, types.ContinuousBackupsStatusEnabled, desc.ContinuousBackupsDescription.ContinuousBackupsStatus)
	require.Equal(t, types.PointInTimeRecoveryStatusDisabled, desc.ContinuousBackupsDescription.PointInTimeRecoveryDescription.PointInTimeRecoveryStatus)

	upd, err := c.UpdateContinuousBackups(ctx, &dynamodb.UpdateContinuousBackupsInput{TableName: name,
		PointInTimeRecoverySpecification: &types.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: aws.Bool(true), RecoveryPeriodInDays: aws.Int32(7)}})
	require.NoError(t, err)
	require.Equal(t, types.PointInTimeRecoveryStatusEnabled, upd.ContinuousBackupsDescription.PointInTimeRecoveryDescription.PointInTimeRecoveryStatus)

	desc, err = c.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: name})
	require.NoError(t, err)
	pitr := desc.ContinuousBackupsDescription.PointInTimeRecoveryDescription
	require.Equal(t, types.PointInTimeRecoveryStatusEnabled, pitr.PointInTimeRecoveryStatus)
	require.Equal(t, int32(7), aws.ToInt32(pitr.RecoveryPeriodInDays))
	require.NotNil(t, pitr.EarliestRestorableDateTime)

	_, err = c.UpdateContinuousBackups(ctx, &dynamodb.UpdateContinuousBackupsInput{TableName: name,
		PointInTimeRecoverySpecification: &types.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: aws.Bool(true), RecoveryPeriodInDays: aws.Int32(36)}})
	require.Error(t, err, "36 days is out of range")

	_, err = c.UpdateContinuousBackups(ctx, &dynamodb.UpdateContinuousBackupsInput{TableName: name,
		PointInTimeRecoverySpecification: &types.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: aws.Bool(false)}})
	require.NoError(t, err)
	desc, err = c.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: name})
	require.NoError(t, err)
	require.Equal(t, types.PointInTimeRecoveryStatusDisabled, desc.ContinuousBackupsDescription.PointInTimeRecoveryDescription.PointInTimeRecoveryStatus)
	require.Nil(t, desc.ContinuousBackupsDescription.PointInTimeRecoveryDescription.RecoveryPeriodInDays)

	_, err = c.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: aws.String("no-such-table")})
	var notFound *types.ResourceNotFoundException
	require.ErrorAs(t, err, &notFound)
}

func TestSSEAndTableClass(t *testing.T) {
	c := sharedClient(t, validating)
	ctx := context.Background()
	name := aws.String("sse-table-class")
	created := createTable(t, c, "sse-table-class", func(in *dynamodb.CreateTableInput) {
		in.SSESpecification = &types.SSESpecification{Enabled: aws.Bool(true), SSEType: types.SSETypeKms}
		in.TableClass = types.TableClassStandardInfrequentAccess
	})
	require.NotNil(t, created.SSEDescription)
	require.Equal(t, types.SSEStatusEnabled, created.SSEDescription.Status)
	require.Equal(t, types.SSETypeKms, created.SSEDescription.SSEType)
	require.Equal(t, "arn:aws:kms:us-east-1:000000000000:key/"+defaultKMSKeyID, aws.ToString(created.SSEDescription.KMSMasterKeyArn))
	require.Equal(t, types.TableClassStandardInfrequentAccess, created.TableClassSummary.TableClass)

	// An UpdateTable of SSE alone is answered by the layer.
	key := "arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab"
	upd, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: name,
		SSESpecification: &types.SSESpecification{Enabled: aws.Bool(true), SSEType: types.SSETypeKms, KMSMasterKeyId: aws.String(key)}})
	require.NoError(t, err)
	require.Equal(t, key, aws.ToString(upd.TableDescription.SSEDescription.KMSMasterKeyArn))

	// Table class together with a change DynamoDB Local makes.
	upd, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: name, TableClass: types.TableClassStandard, DeletionProtectionEnabled: aws.Bool(true)})
	require.NoError(t, err)
	require.True(t, aws.ToBool(upd.TableDescription.DeletionProtectionEnabled))
	desc, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: name})
	require.NoError(t, err)
	require.Equal(t, types.TableClassStandard, desc.Table.TableClassSummary.TableClass)
	require.Equal(t, key, aws.ToString(desc.Table.SSEDescription.KMSMasterKeyArn))
	_, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: name, DeletionProtectionEnabled: aws.Bool(false)})
	require.NoError(t, err)

	// Back to an AWS owned key: no SSEDescription.
	_, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: name, SSESpecification: &types.SSESpecification{Enabled: aws.Bool(false)}})
	require.NoError(t, err)
	desc, err = c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: name})
	require.NoError(t, err)
	require.Nil(t, desc.Table.SSEDescription)

	// UpdateTable of a missing table still fails as DynamoDB Local says.
	_, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("no-such-table"), TableClass: types.TableClassStandard})
	var notFound *types.ResourceNotFoundException
	require.ErrorAs(t, err, &notFound)
}

func TestPassThroughItems(t *testing.T) {
	c := sharedClient(t, validating)
	ctx := context.Background()
	createTable(t, c, "pass-through", nil)
	name := aws.String("pass-through")

	for i, sk := range []string{"ORDER#2024-01-02", "ORDER#2024-01-01", "PROFILE"} {
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: name, Item: map[string]types.AttributeValue{
			"PK":     &types.AttributeValueMemberS{Value: "CUSTOMER#alice"},
			"SK":     &types.AttributeValueMemberS{Value: sk},
			"GSI1PK": &types.AttributeValueMemberS{Value: "ORDER"},
			"GSI1SK": &types.AttributeValueMemberS{Value: fmt.Sprintf("%d", i)},
		}})
		require.NoError(t, err)
	}
	out, err := c.Query(ctx, &dynamodb.QueryInput{TableName: name,
		KeyConditionExpression: aws.String("PK = :pk AND begins_with(SK, :p)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: "CUSTOMER#alice"},
			":p":  &types.AttributeValueMemberS{Value: "ORDER#"},
		},
		ScanIndexForward: aws.Bool(false),
	})
	require.NoError(t, err)
	var sks []string
	for _, it := range out.Items {
		sks = append(sks, it["SK"].(*types.AttributeValueMemberS).Value)
	}
	require.Equal(t, []string{"ORDER#2024-01-02", "ORDER#2024-01-01"}, sks)

	got, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: name, Key: map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "CUSTOMER#alice"},
		"SK": &types.AttributeValueMemberS{Value: "PROFILE"},
	}})
	require.NoError(t, err)
	require.Equal(t, "2", got.Item["GSI1SK"].(*types.AttributeValueMemberS).Value)

	// Errors pass through too.
	_, err = c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("no-such-table"),
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: "x"}}})
	var notFound *types.ResourceNotFoundException
	require.ErrorAs(t, err, &notFound)
}

func TestMultiAttributeGSIQuery(t *testing.T) {
	c := sharedClient(t, validating)
	ctx := context.Background()
	name := aws.String("multi-attribute-gsi")
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	createTable(t, c, "multi-attribute-gsi", func(in *dynamodb.CreateTableInput) {
		in.AttributeDefinitions = []types.AttributeDefinition{
			{AttributeName: aws.String("PK"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("SK"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("sellerId"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("region"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("orderDate"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("total"), AttributeType: types.ScalarAttributeTypeN},
		}
		in.GlobalSecondaryIndexes = []types.GlobalSecondaryIndex{{
			IndexName: aws.String("SellerOrders"),
			KeySchema: []types.KeySchemaElement{
				{AttributeName: aws.String("sellerId"), KeyType: types.KeyTypeHash},
				{AttributeName: aws.String("region"), KeyType: types.KeyTypeHash},
				{AttributeName: aws.String("orderDate"), KeyType: types.KeyTypeRange},
				{AttributeName: aws.String("total"), KeyType: types.KeyTypeRange},
			},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly},
		}}
	})
	desc, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: name})
	require.NoError(t, err)
	require.Len(t, desc.Table.GlobalSecondaryIndexes[0].KeySchema, 4)
	require.NotNil(t, desc.Table.GlobalSecondaryIndexes[0].WarmThroughput)

	items := []struct{ id, seller, region, date, total string }{
		{"o-1", "s-1", "eu", "2024-01-05", "30"},
		{"o-2", "s-1", "eu", "2024-01-05", "9"},
		{"o-3", "s-1", "eu", "2024-02-01", "5"},
		{"o-4", "s-1", "us", "2024-01-07", "1"},
		{"o-5", "s-2", "eu", "2024-01-09", "2"},
		{"o-6", "s-1", "eu", "", ""}, // no sort key parts: not in the index
	}
	for _, it := range items {
		item := map[string]types.AttributeValue{"PK": s("ORDER#" + it.id), "SK": s("ORDER"), "sellerId": s(it.seller), "region": s(it.region)}
		if it.date != "" {
			item["orderDate"] = s(it.date)
			item["total"] = &types.AttributeValueMemberN{Value: it.total}
		}
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: name, Item: item})
		require.NoError(t, err)
	}

	out, err := c.Query(ctx, &dynamodb.QueryInput{TableName: name, IndexName: aws.String("SellerOrders"),
		KeyConditionExpression:   aws.String("sellerId = :s AND #r = :r AND begins_with(orderDate, :m)"),
		ExpressionAttributeNames: map[string]string{"#r": "region"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":s": s("s-1"), ":r": s("eu"), ":m": s("2024-01"),
		},
	})
	require.NoError(t, err)
	var ids []string
	for _, it := range out.Items {
		ids = append(ids, it["PK"].(*types.AttributeValueMemberS).Value)
	}
	// Sorted by (orderDate, total numerically): 9 before 30.
	require.Equal(t, []string{"ORDER#o-2", "ORDER#o-1"}, ids)

	// A partition part without equality is rejected.
	_, err = c.Query(ctx, &dynamodb.QueryInput{TableName: name, IndexName: aws.String("SellerOrders"),
		KeyConditionExpression:    aws.String("sellerId = :s"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":s": s("s-1")},
	})
	require.ErrorContains(t, err, "ValidationException")
}

// TestSetAccessKey puts a namespace's key into a request's credential,
// keeping its date, region and service, and signs an unsigned request with
// the default region.
func TestSetAccessKey(t *testing.T) {
	h := http.Header{}
	h.Set("Authorization", "AWS4-HMAC-SHA256 Credential=tfdyn/20260101/eu-west-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=abc")
	setAccessKey(h, "ns7")
	require.Equal(t, "AWS4-HMAC-SHA256 Credential=ns7/20260101/eu-west-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=abc", h.Get("Authorization"))
	key, region := scopeOf(&http.Request{Header: h}, DefaultRegion)
	require.Equal(t, [2]string{"ns7", "eu-west-1"}, [2]string{key, region})
	h = http.Header{}
	setAccessKey(h, "ns8")
	key, region = scopeOf(&http.Request{Header: h}, "elsewhere")
	require.Equal(t, [2]string{"ns8", DefaultRegion}, [2]string{key, region})
}

// TestStartRefusesABadNamespace: DynamoDB Local refuses access keys that
// are not letters and digits; Start says so before forwarding anything.
func TestStartRefusesABadNamespace(t *testing.T) {
	_, err := Start(context.Background(), Options{Backend: "http://127.0.0.1:1", Namespace: "tfdyn-1"})
	require.EqualError(t, err, `ddblocal: start: namespace "tfdyn-1": DynamoDB Local accepts access keys of letters and digits only`)
	_, err = Start(context.Background(), Options{Backend: "http://127.0.0.1:1", Docker: true})
	require.EqualError(t, err, "ddblocal: start: Options.Backend and Options.Docker exclude each other")
}

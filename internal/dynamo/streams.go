package dynamo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	st "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"
)

// StreamsClient is the part of the DynamoDB Streams client tfdyn uses.
type StreamsClient interface {
	DescribeStream(context.Context, *dynamodbstreams.DescribeStreamInput, ...func(*dynamodbstreams.Options)) (*dynamodbstreams.DescribeStreamOutput, error)
	GetShardIterator(context.Context, *dynamodbstreams.GetShardIteratorInput, ...func(*dynamodbstreams.Options)) (*dynamodbstreams.GetShardIteratorOutput, error)
	GetRecords(context.Context, *dynamodbstreams.GetRecordsInput, ...func(*dynamodbstreams.Options)) (*dynamodbstreams.GetRecordsOutput, error)
}

// NewStreamsClient returns the DynamoDB Streams client for c, with the
// same endpoint, region and credentials rules as NewClient (DynamoDB
// Local serves the Streams API on its one endpoint).
func NewStreamsClient(ctx context.Context, c Config) (*dynamodbstreams.Client, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if c.Endpoint != "" {
		region, key, secret := endpointAuth(c)
		return dynamodbstreams.New(dynamodbstreams.Options{
			Region:           region,
			BaseEndpoint:     aws.String(c.Endpoint),
			Credentials:      staticCredentials(key, secret),
			RetryMaxAttempts: c.RetryMaxAttempts,
		}), nil
	}
	cfg, err := awsConfig(ctx, c)
	if err != nil {
		return nil, err
	}
	return dynamodbstreams.NewFromConfig(cfg), nil
}

// Stream view types (DynamoDB's StreamViewType).
const (
	ViewNewAndOldImages = "NEW_AND_OLD_IMAGES"
)

// Stream event names (a StreamRecord's EventName).
const (
	EventInsert = "INSERT"
	EventModify = "MODIFY"
	EventRemove = "REMOVE"
)

// Shard is a shard of a stream: its id, its parent ("" for none) and
// whether it is closed (it has an ending sequence number: no record will
// be added to it).
type Shard struct {
	ID, Parent string
	Closed     bool
}

// Shards lists every shard of the stream (DescribeStream, page by page),
// with the stream's view type.
func Shards(ctx context.Context, c StreamsClient, streamARN string) ([]Shard, string, error) {
	var out []Shard
	var view string
	var start *string
	for {
		d, err := c.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: aws.String(streamARN), ExclusiveStartShardId: start})
		if err != nil {
			return nil, "", fmt.Errorf("describe stream %s: %w", streamARN, err)
		}
		sd := d.StreamDescription
		if sd == nil {
			return nil, "", fmt.Errorf("describe stream %s: no description in the answer", streamARN)
		}
		view = string(sd.StreamViewType)
		for _, s := range sd.Shards {
			sh := Shard{ID: aws.ToString(s.ShardId), Parent: aws.ToString(s.ParentShardId)}
			if r := s.SequenceNumberRange; r != nil && r.EndingSequenceNumber != nil {
				sh.Closed = true
			}
			out = append(out, sh)
		}
		if start = sd.LastEvaluatedShardId; start == nil || *start == "" {
			return out, view, nil
		}
	}
}

// StreamRecord is one change of a stream, its images converted to the
// attribute values of the DynamoDB API.
type StreamRecord struct {
	// Event is INSERT, MODIFY or REMOVE.
	Event string
	// Seq is the record's sequence number (a decimal string, increasing
	// within a shard).
	Seq string
	// Created is the record's approximate creation time.
	Created time.Time
	// Keys is the item's primary key; New and Old its images (nil when
	// the stream's view type or the event has none).
	Keys, New, Old map[string]types.AttributeValue
}

// ErrTrimmed is returned (wrapped) when the position to read a shard from
// is older than the stream keeps (24 hours on DynamoDB).
var ErrTrimmed = errors.New("the stream no longer holds the records at this position")

// ShardIterator returns an iterator of the shard after sequence number
// after, or from the oldest record the stream holds when after is "".
func ShardIterator(ctx context.Context, c StreamsClient, streamARN, shard, after string) (string, error) {
	in := &dynamodbstreams.GetShardIteratorInput{StreamArn: aws.String(streamARN), ShardId: aws.String(shard), ShardIteratorType: st.ShardIteratorTypeTrimHorizon}
	if after != "" {
		in.ShardIteratorType, in.SequenceNumber = st.ShardIteratorTypeAfterSequenceNumber, aws.String(after)
	}
	out, err := c.GetShardIterator(ctx, in)
	if err != nil {
		var trimmed *st.TrimmedDataAccessException
		if errors.As(err, &trimmed) {
			return "", fmt.Errorf("shard %s after %q: %w: %v", shard, after, ErrTrimmed, err)
		}
		return "", fmt.Errorf("shard iterator of %s: %w", shard, err)
	}
	return aws.ToString(out.ShardIterator), nil
}

// Records reads one batch of records at iterator (at most limit, 0 for
// DynamoDB's 1,000) and returns the iterator of the next batch: "" when the
// shard is closed and read to its end.
func Records(ctx context.Context, c StreamsClient, iterator string, limit int32) ([]StreamRecord, string, error) {
	in := &dynamodbstreams.GetRecordsInput{ShardIterator: aws.String(iterator)}
	if limit > 0 {
		in.Limit = aws.Int32(limit)
	}
	out, err := c.GetRecords(ctx, in)
	if err != nil {
		var trimmed *st.TrimmedDataAccessException
		if errors.As(err, &trimmed) {
			return nil, "", fmt.Errorf("get records: %w: %v", ErrTrimmed, err)
		}
		return nil, "", fmt.Errorf("get records: %w", err)
	}
	recs := make([]StreamRecord, 0, len(out.Records))
	for _, r := range out.Records {
		if r.Dynamodb == nil {
			continue
		}
		recs = append(recs, StreamRecord{
			Event:   string(r.EventName),
			Seq:     aws.ToString(r.Dynamodb.SequenceNumber),
			Created: aws.ToTime(r.Dynamodb.ApproximateCreationDateTime),
			Keys:    streamImage(r.Dynamodb.Keys),
			New:     streamImage(r.Dynamodb.NewImage),
			Old:     streamImage(r.Dynamodb.OldImage),
		})
	}
	return recs, aws.ToString(out.NextShardIterator), nil
}

// streamImage converts a stream image to the DynamoDB API's attribute
// values (nil for none).
func streamImage(m map[string]st.AttributeValue) map[string]types.AttributeValue {
	if m == nil {
		return nil
	}
	out := make(map[string]types.AttributeValue, len(m))
	for k, v := range m {
		out[k] = streamValue(v)
	}
	return out
}

func streamValue(v st.AttributeValue) types.AttributeValue {
	switch x := v.(type) {
	case *st.AttributeValueMemberS:
		return &types.AttributeValueMemberS{Value: x.Value}
	case *st.AttributeValueMemberN:
		return &types.AttributeValueMemberN{Value: x.Value}
	case *st.AttributeValueMemberB:
		return &types.AttributeValueMemberB{Value: x.Value}
	case *st.AttributeValueMemberBOOL:
		return &types.AttributeValueMemberBOOL{Value: x.Value}
	case *st.AttributeValueMemberNULL:
		return &types.AttributeValueMemberNULL{Value: x.Value}
	case *st.AttributeValueMemberSS:
		return &types.AttributeValueMemberSS{Value: x.Value}
	case *st.AttributeValueMemberNS:
		return &types.AttributeValueMemberNS{Value: x.Value}
	case *st.AttributeValueMemberBS:
		return &types.AttributeValueMemberBS{Value: x.Value}
	case *st.AttributeValueMemberL:
		l := make([]types.AttributeValue, len(x.Value))
		for i, e := range x.Value {
			l[i] = streamValue(e)
		}
		return &types.AttributeValueMemberL{Value: l}
	case *st.AttributeValueMemberM:
		m := make(map[string]types.AttributeValue, len(x.Value))
		for k, e := range x.Value {
			m[k] = streamValue(e)
		}
		return &types.AttributeValueMemberM{Value: m}
	}
	return &types.AttributeValueMemberNULL{Value: true}
}

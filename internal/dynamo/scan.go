package dynamo

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Scanner is the part of the DynamoDB client that scans.
type Scanner interface {
	Scan(context.Context, *dynamodb.ScanInput, ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error)
}

// ScanRequest is one page of a Scan of a whole table: tfdyn never scans to
// answer an access pattern, but import samples a table with it and migrate
// reads every item.
type ScanRequest struct {
	Table string
	// Segment and Segments split a parallel scan (Segments 0 or 1: none).
	Segment, Segments int
	// Limit bounds the items the page reads (0: DynamoDB's 1 MB page).
	Limit int32
	// Start is the LastEvaluatedKey of the previous page (nil: the start).
	Start map[string]types.AttributeValue
	// ConsistentRead reads with strong consistency.
	ConsistentRead bool
}

// ScanPage reads one page: its items and the key to continue from (nil
// after the last page).
func ScanPage(ctx context.Context, c Scanner, r ScanRequest) ([]map[string]types.AttributeValue, map[string]types.AttributeValue, error) {
	in := &dynamodb.ScanInput{TableName: aws.String(r.Table), ExclusiveStartKey: r.Start}
	if r.Segments > 1 {
		in.Segment, in.TotalSegments = aws.Int32(int32(r.Segment)), aws.Int32(int32(r.Segments))
	}
	if r.Limit > 0 {
		in.Limit = aws.Int32(r.Limit)
	}
	if r.ConsistentRead {
		in.ConsistentRead = aws.Bool(true)
	}
	out, err := c.Scan(ctx, in)
	if err != nil {
		if r.Segments > 1 {
			return nil, nil, fmt.Errorf("scan %s segment %d: %w", r.Table, r.Segment, err)
		}
		return nil, nil, fmt.Errorf("scan %s: %w", r.Table, err)
	}
	next := out.LastEvaluatedKey
	if len(next) == 0 {
		next = nil
	}
	return out.Items, next, nil
}

// KeyValue is a key attribute value in a form that marshals to JSON (a
// checkpoint's last key): S, N or B, as DynamoDB's JSON writes them.
type KeyValue struct {
	S *string `json:"S,omitempty"`
	N *string `json:"N,omitempty"`
	B []byte  `json:"B,omitempty"`
}

// EncodeKey returns a key (a LastEvaluatedKey) in KeyValue form; attributes
// that are not S, N or B (never in a key) are left out.
func EncodeKey(key map[string]types.AttributeValue) map[string]KeyValue {
	out := map[string]KeyValue{}
	for k, v := range key {
		switch x := v.(type) {
		case *types.AttributeValueMemberS:
			s := x.Value
			out[k] = KeyValue{S: &s}
		case *types.AttributeValueMemberN:
			n := x.Value
			out[k] = KeyValue{N: &n}
		case *types.AttributeValueMemberB:
			out[k] = KeyValue{B: x.Value}
		}
	}
	return out
}

// DecodeKey returns a key EncodeKey encoded.
func DecodeKey(key map[string]KeyValue) map[string]types.AttributeValue {
	out := map[string]types.AttributeValue{}
	for k, v := range key {
		switch {
		case v.S != nil:
			out[k] = &types.AttributeValueMemberS{Value: *v.S}
		case v.N != nil:
			out[k] = &types.AttributeValueMemberN{Value: *v.N}
		default:
			out[k] = &types.AttributeValueMemberB{Value: v.B}
		}
	}
	return out
}

// Emptier is the part of the DynamoDB client that empties a table.
type Emptier interface {
	Scanner
	BatchWriteItem(context.Context, *dynamodb.BatchWriteItemInput, ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error)
}

// Empty deletes every item of table, whose primary key attributes are
// keys: verify empties the tables a generated package's contract test
// wrote before it writes its own items. It returns the number deleted.
func Empty(ctx context.Context, c Emptier, table string, keys []string) (int, error) {
	n := 0
	var start map[string]types.AttributeValue
	for {
		in := &dynamodb.ScanInput{TableName: aws.String(table), ExclusiveStartKey: start, ConsistentRead: aws.Bool(true)}
		if len(keys) > 0 {
			names := map[string]string{}
			proj := ""
			for i, k := range keys {
				p := fmt.Sprintf("#k%d", i)
				names[p] = k
				if i > 0 {
					proj += ", "
				}
				proj += p
			}
			in.ProjectionExpression, in.ExpressionAttributeNames = aws.String(proj), names
		}
		out, err := c.Scan(ctx, in)
		if err != nil {
			return n, fmt.Errorf("scan %s: %w", table, err)
		}
		for i := 0; i < len(out.Items); i += 25 {
			var reqs []types.WriteRequest
			for _, it := range out.Items[i:min(i+25, len(out.Items))] {
				key := map[string]types.AttributeValue{}
				for _, k := range keys {
					key[k] = it[k]
				}
				reqs = append(reqs, types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: key}})
			}
			pending := map[string][]types.WriteRequest{table: reqs}
			for attempt := 0; len(pending[table]) > 0; attempt++ {
				if err := ctx.Err(); err != nil {
					return n, err
				}
				if attempt > 20 {
					return n, fmt.Errorf("delete the items of %s: DynamoDB left %d unprocessed", table, len(pending[table]))
				}
				res, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: pending})
				if err != nil {
					return n, fmt.Errorf("delete the items of %s: %w", table, err)
				}
				n += len(pending[table]) - len(res.UnprocessedItems[table])
				pending = res.UnprocessedItems
			}
		}
		if len(out.LastEvaluatedKey) == 0 {
			return n, nil
		}
		start = out.LastEvaluatedKey
	}
}

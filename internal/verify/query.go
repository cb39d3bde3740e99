package verify

import (
	"context"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// execute runs a bound pattern live with the request package dynamo
// renders for it (dynamo.Read: the same shape the generators print),
// asking for the read units it consumed.
func execute(ctx context.Context, client dynamo.Reader, tableName string, b *hclschema.Bound) (dynamo.ReadResult, error) {
	s, err := dynamo.Read(b.Pattern)
	if err != nil {
		return dynamo.ReadResult{Request: "Query " + dynamo.DescribeKeyCondition(b)}, err
	}
	call, err := s.Bind(b)
	if err != nil {
		return dynamo.ReadResult{Request: string(s.Operation) + " " + dynamo.DescribeKeyCondition(b)}, err
	}
	return call.Run(ctx, client, tableName, dynamo.ReadOptions{ConsumedCapacity: true})
}

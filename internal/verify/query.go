package verify

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// liveResult is what one access pattern returned from DynamoDB.
type liveResult struct {
	Items []map[string]types.AttributeValue
	// Scanned is the number of items read (before the filter).
	Scanned  int
	Consumed float64
	Latency  time.Duration
	Pages    int
	// Request describes the call for the report, e.g. the key condition.
	Request string
}

// execute runs a bound pattern live as GetItem or Query.
func execute(ctx context.Context, client *dynamodb.Client, tableName string, b *hclschema.Bound) (liveResult, error) {
	p := b.Pattern
	if p.Operation() == hclschema.OpGetItem {
		key := map[string]types.AttributeValue{}
		for i, c := range p.Conditions {
			av, err := toAV(b.Operands[i][0])
			if err != nil {
				return liveResult{}, err
			}
			key[c.Attr] = av
		}
		start := time.Now()
		out, err := client.GetItem(ctx, &dynamodb.GetItemInput{
			TableName: aws.String(tableName), Key: key, ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes,
			ConsistentRead: aws.Bool(strongRead(p)),
		})
		res := liveResult{Latency: time.Since(start), Pages: 1, Request: "GetItem " + keyString(key, p.Index.KeyAttrs())}
		if err != nil {
			return res, err
		}
		if out.Item != nil {
			res.Items = append(res.Items, out.Item)
			res.Scanned = 1
		}
		if out.ConsumedCapacity != nil && out.ConsumedCapacity.CapacityUnits != nil {
			res.Consumed = *out.ConsumedCapacity.CapacityUnits
		}
		return res, nil
	}

	var conds []expression.KeyConditionBuilder
	for i, c := range p.Conditions {
		kc, err := keyCondition(c, b.Operands[i])
		if err != nil {
			return liveResult{}, err
		}
		conds = append(conds, kc)
	}
	var kc expression.KeyConditionBuilder
	if len(conds) == 1 {
		kc = conds[0]
	} else {
		kc = expression.KeyAnd(conds...)
	}
	builder := expression.NewBuilder().WithKeyCondition(kc)
	if p.Filter != nil {
		fc, err := filterCondition(b, p.Filter)
		if err != nil {
			return liveResult{}, err
		}
		builder = builder.WithFilter(fc)
	}
	expr, err := builder.Build()
	if err != nil {
		return liveResult{}, fmt.Errorf("build query: %w", err)
	}
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(tableName),
		KeyConditionExpression:    expr.KeyCondition(),
		FilterExpression:          expr.Filter(),
		ExpressionAttributeNames:  expr.Names(),
		ExpressionAttributeValues: expr.Values(),
		ScanIndexForward:          aws.Bool(!p.Descending),
		ReturnConsumedCapacity:    types.ReturnConsumedCapacityIndexes,
		ConsistentRead:            aws.Bool(strongRead(p)),
	}
	if p.Index.Kind != hclschema.IndexPrimary {
		in.IndexName = aws.String(p.Index.Name)
	}
	if p.Limit > 0 {
		in.Limit = aws.Int32(int32(p.Limit))
	}
	res := liveResult{Request: "Query " + describeKeyCondition(b)}
	start := time.Now()
	for {
		out, err := client.Query(ctx, in)
		if err != nil {
			res.Latency = time.Since(start)
			return res, err
		}
		res.Pages++
		res.Items = append(res.Items, out.Items...)
		res.Scanned += int(out.ScannedCount)
		if out.ConsumedCapacity != nil && out.ConsumedCapacity.CapacityUnits != nil {
			res.Consumed += *out.ConsumedCapacity.CapacityUnits
		}
		// A pattern with a limit reads one page, as the oracle models it.
		if p.Limit > 0 || len(out.LastEvaluatedKey) == 0 {
			break
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	res.Latency = time.Since(start)
	return res, nil
}

func keyCondition(c *hclschema.Condition, ops []cty.Value) (expression.KeyConditionBuilder, error) {
	vals := make([]expression.ValueBuilder, len(ops))
	for i, v := range ops {
		av, err := toAV(v)
		if err != nil {
			return expression.KeyConditionBuilder{}, err
		}
		vals[i] = expression.Value(av)
	}
	k := expression.Key(c.Attr)
	switch c.Op {
	case hclschema.OpEq:
		return k.Equal(vals[0]), nil
	case hclschema.OpBeginsWith:
		if ops[0].Type() != cty.String {
			return expression.KeyConditionBuilder{}, fmt.Errorf("begins_with on %s needs a string", c.Attr)
		}
		return k.BeginsWith(ops[0].AsString()), nil
	case hclschema.OpBetween:
		return k.Between(vals[0], vals[1]), nil
	case hclschema.OpLT:
		return k.LessThan(vals[0]), nil
	case hclschema.OpLE:
		return k.LessThanEqual(vals[0]), nil
	case hclschema.OpGT:
		return k.GreaterThan(vals[0]), nil
	case hclschema.OpGE:
		return k.GreaterThanEqual(vals[0]), nil
	}
	return expression.KeyConditionBuilder{}, fmt.Errorf("unsupported condition %s", c.Op)
}

// describeKeyCondition renders a bound key condition for reports, with
// hclschema's renderer and values in canonical form.
func describeKeyCondition(b *hclschema.Bound) string {
	s := b.KeyConditionString(func(v cty.Value) string {
		av, _ := toAV(v)
		return canon(av)
	})
	if b.Pattern.Index.Kind != hclschema.IndexPrimary {
		s += " ON " + b.Pattern.Index.Name
	}
	return s
}

// filterCondition translates a pattern's filter, as the loader decoded it,
// into a DynamoDB filter expression; value operands are evaluated with the
// bound inputs. The loader rejects every filter this cannot translate.
func filterCondition(b *hclschema.Bound, c *hclschema.Cond) (expression.ConditionBuilder, error) {
	sub := func(i int) (expression.ConditionBuilder, error) { return filterCondition(b, c.Sub[i]) }
	switch c.Kind {
	case hclschema.CondAnd, hclschema.CondOr:
		l, err := sub(0)
		if err != nil {
			return l, err
		}
		r, err := sub(1)
		if err != nil {
			return r, err
		}
		if c.Kind == hclschema.CondAnd {
			return expression.And(l, r), nil
		}
		return expression.Or(l, r), nil
	case hclschema.CondNot:
		inner, err := sub(0)
		if err != nil {
			return inner, err
		}
		return expression.Not(inner), nil
	case hclschema.CondAttr:
		return expression.Name(c.Attr).Equal(expression.Value(true)), nil // a bool attribute
	case hclschema.CondExists:
		return expression.AttributeExists(expression.Name(c.Attr)), nil
	case hclschema.CondNotExists:
		return expression.AttributeNotExists(expression.Name(c.Attr)), nil
	case hclschema.CondCompare:
		l, err := filterOperand(b, c.Left)
		if err != nil {
			return expression.ConditionBuilder{}, err
		}
		r, err := filterOperand(b, c.Right)
		if err != nil {
			return expression.ConditionBuilder{}, err
		}
		switch c.Op {
		case hclschema.CmpEq:
			return expression.Equal(l, r), nil
		case hclschema.CmpNe:
			return expression.NotEqual(l, r), nil
		case hclschema.CmpLT:
			return expression.LessThan(l, r), nil
		case hclschema.CmpLE:
			return expression.LessThanEqual(l, r), nil
		case hclschema.CmpGT:
			return expression.GreaterThan(l, r), nil
		case hclschema.CmpGE:
			return expression.GreaterThanEqual(l, r), nil
		}
	}
	return expression.ConditionBuilder{}, fmt.Errorf("%s: filter %s cannot be sent to DynamoDB", c.Range(), c.Text)
}

// filterOperand is an attribute name (a bare attribute) or a value.
func filterOperand(b *hclschema.Bound, t *hclschema.Template) (expression.OperandBuilder, error) {
	if attr, ok := t.Path(); ok {
		return expression.Name(attr), nil
	}
	v, err := b.FilterValue(t)
	if err != nil {
		return nil, err
	}
	av, err := toAV(v)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.Range(), err)
	}
	return expression.Value(av), nil
}

// Query runs a bound pattern live as verify does: GetItem, or Query reading
// every page (one page for a pattern with a limit, as the oracle models
// it), with the pattern's filter. It returns the items in the order
// DynamoDB returned them. tfdyn migrate --check and its tests share it.
func Query(ctx context.Context, client *dynamodb.Client, tableName string, b *hclschema.Bound) ([]map[string]types.AttributeValue, error) {
	res, err := execute(ctx, client, tableName, b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", res.Request, err)
	}
	return res.Items, nil
}

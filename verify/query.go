package verify

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/oracle"
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
func execute(ctx context.Context, client *dynamodb.Client, tableName string, b *oracle.Bound) (liveResult, error) {
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
		fc, err := filterCondition(p.Filter, b.Inputs)
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

// describeKeyCondition renders a bound key condition for reports.
func describeKeyCondition(b *oracle.Bound) string {
	s := ""
	for i, c := range b.Pattern.Conditions {
		if i > 0 {
			s += " AND "
		}
		ops := make([]string, len(b.Operands[i]))
		for j, v := range b.Operands[i] {
			av, _ := toAV(v)
			ops[j] = canon(av)
		}
		switch c.Op {
		case hclschema.OpBeginsWith:
			s += fmt.Sprintf("begins_with(%s, %s)", c.Attr, ops[0])
		case hclschema.OpBetween:
			s += fmt.Sprintf("%s BETWEEN %s AND %s", c.Attr, ops[0], ops[1])
		default:
			s += fmt.Sprintf("%s %s %s", c.Attr, c.Op, ops[0])
		}
	}
	if b.Pattern.Index.Kind != hclschema.IndexPrimary {
		s += " ON " + b.Pattern.Index.Name
	}
	return s
}

// filterCondition translates a pattern filter (an HCL boolean expression over
// item attributes and input.NAME) into a DynamoDB filter expression.
// Supported: comparisons between an attribute and a value, &&, ||, !, and
// parentheses.
func filterCondition(expr hcl.Expression, inputs map[string]cty.Value) (expression.ConditionBuilder, error) {
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{"input": cty.EmptyObjectVal}, Functions: hclschema.Functions()}
	if len(inputs) > 0 {
		ctx.Variables["input"] = cty.ObjectVal(inputs)
	}
	return translate(expr, ctx)
}

func translate(expr hcl.Expression, ctx *hcl.EvalContext) (expression.ConditionBuilder, error) {
	switch e := expr.(type) {
	case *hclsyntax.ParenthesesExpr:
		return translate(e.Expression, ctx)
	case *hclsyntax.UnaryOpExpr:
		if e.Op == hclsyntax.OpLogicalNot {
			inner, err := translate(e.Val, ctx)
			if err != nil {
				return inner, err
			}
			return expression.Not(inner), nil
		}
	case *hclsyntax.ScopeTraversalExpr:
		if attr := attributeSide(e); attr != "" {
			return expression.Name(attr).Equal(expression.Value(true)), nil // a bool attribute
		}
	case *hclsyntax.BinaryOpExpr:
		switch e.Op {
		case hclsyntax.OpLogicalAnd, hclsyntax.OpLogicalOr:
			l, err := translate(e.LHS, ctx)
			if err != nil {
				return l, err
			}
			r, err := translate(e.RHS, ctx)
			if err != nil {
				return r, err
			}
			if e.Op == hclsyntax.OpLogicalAnd {
				return expression.And(l, r), nil
			}
			return expression.Or(l, r), nil
		}
		return comparison(e, ctx)
	}
	return expression.ConditionBuilder{}, fmt.Errorf("%s: filter expression not supported by verify: use comparisons of an attribute with a value, &&, || and !", expr.Range())
}

func comparison(e *hclsyntax.BinaryOpExpr, ctx *hcl.EvalContext) (expression.ConditionBuilder, error) {
	attr, valExpr, flipped := attributeSide(e.LHS), e.RHS, false
	if attr == "" {
		attr, valExpr, flipped = attributeSide(e.RHS), e.LHS, true
	}
	if attr == "" {
		return expression.ConditionBuilder{}, fmt.Errorf("%s: a filter comparison needs an item attribute on one side", e.Range())
	}
	v, ds := valExpr.Value(ctx)
	if ds.HasErrors() {
		return expression.ConditionBuilder{}, fmt.Errorf("%s: %s", e.Range(), ds.Error())
	}
	if v.IsNull() {
		// attr == null: the attribute is absent (the oracle sees it as null).
		switch e.Op {
		case hclsyntax.OpEqual:
			return expression.AttributeNotExists(expression.Name(attr)), nil
		case hclsyntax.OpNotEqual:
			return expression.AttributeExists(expression.Name(attr)), nil
		}
		return expression.ConditionBuilder{}, fmt.Errorf("%s: null can only be compared with == or !=", e.Range())
	}
	av, err := toAV(v)
	if err != nil {
		return expression.ConditionBuilder{}, fmt.Errorf("%s: %w", e.Range(), err)
	}
	name, val := expression.Name(attr), expression.Value(av)
	op := e.Op
	if flipped {
		switch op {
		case hclsyntax.OpLessThan:
			op = hclsyntax.OpGreaterThan
		case hclsyntax.OpGreaterThan:
			op = hclsyntax.OpLessThan
		case hclsyntax.OpLessThanOrEqual:
			op = hclsyntax.OpGreaterThanOrEqual
		case hclsyntax.OpGreaterThanOrEqual:
			op = hclsyntax.OpLessThanOrEqual
		}
	}
	switch op {
	case hclsyntax.OpEqual:
		return name.Equal(val), nil
	case hclsyntax.OpNotEqual:
		return name.NotEqual(val), nil
	case hclsyntax.OpLessThan:
		return name.LessThan(val), nil
	case hclsyntax.OpLessThanOrEqual:
		return name.LessThanEqual(val), nil
	case hclsyntax.OpGreaterThan:
		return name.GreaterThan(val), nil
	case hclsyntax.OpGreaterThanOrEqual:
		return name.GreaterThanEqual(val), nil
	}
	return expression.ConditionBuilder{}, fmt.Errorf("%s: operator not supported in filters", e.Range())
}

// attributeSide returns the item attribute a bare reference names, or "".
func attributeSide(expr hcl.Expression) string {
	st, ok := expr.(*hclsyntax.ScopeTraversalExpr)
	if !ok || len(st.Traversal) != 1 || st.Traversal.RootName() == "input" {
		return ""
	}
	return st.Traversal.RootName()
}

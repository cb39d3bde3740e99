package dynamo

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// ReadShape is the request of an access pattern, fixed by the schema: a
// GetItem (the full primary key by equality on the table) or a Query, with
// every expression a constant string and every value a placeholder whose
// Source says what fills it. Bind fills the values for one set of inputs.
type ReadShape struct {
	Pattern *hclschema.AccessPattern
	// Operation is hclschema.OpGetItem or hclschema.OpQuery.
	Operation hclschema.Operation
	// IndexName is the GSI or LSI read, "" for the table.
	IndexName string
	// Key holds a GetItem's key attributes in key order.
	Key []KeyField
	// KeyCondition is a Query's KeyConditionExpression:
	// #PK = :p0 AND begins_with(#SK, :p1).
	KeyCondition string
	// Filter is a Query's FilterExpression, "" without a filter.
	Filter string
	// Projection is the ProjectionExpression, "" to read every attribute:
	// the pattern's `attributes`, then the table's key attributes and the
	// attributes each returned entity's primary key is computed from
	// (Entity.KeyNames) that the index projects, each once: a returned
	// item is recognised as its entity by recomputing its key (hclschema's
	// Entity.Recompute, and the generated code's recognisers). An
	// attribute the index does not project is not asked for (an LSI would
	// fetch it from the table at a cost, a GSI cannot).
	Projection string
	// ProjectionAttrs are the attributes of Projection, in its order (a
	// path's text for a part of one: Detail.Payments); ProjectionPaths
	// their paths.
	ProjectionAttrs []string
	ProjectionPaths []hclschema.Path
	// Names are the ExpressionAttributeNames of the expressions, in order
	// of first use; Values the ExpressionAttributeValues (a Query's key
	// condition, then its filter), numbered in that order.
	Names  []Name
	Values []Placeholder
	// ScanIndexForward is false for order = "desc" (a Query's).
	ScanIndexForward bool
	// Limit is a Query's page size (0: none). A pattern with a limit reads
	// one page, as the oracle models it.
	Limit int32
	// ConsistentRead is true for a pattern whose workload declares
	// consistency = "strong" (never on a GSI).
	ConsistentRead bool
}

// Read renders the request of access pattern p. It fails for a pattern
// that did not load completely or whose filter DynamoDB cannot run (the
// loader reports both).
func Read(p *hclschema.AccessPattern) (*ReadShape, error) {
	if p == nil || p.Incomplete || p.Index == nil || p.Table == nil || p.Table.Primary == nil {
		name := "(nil)"
		if p != nil {
			name = p.Name
		}
		return nil, fmt.Errorf("access pattern %q did not load completely", name)
	}
	s := &ReadShape{Pattern: p, Operation: p.Operation(), ScanIndexForward: !p.Descending,
		ConsistentRead: StrongRead(p)}
	if p.Index.Kind != hclschema.IndexPrimary {
		s.IndexName = p.Index.Name
	}
	x := newExprs()
	if s.Operation == hclschema.OpGetItem {
		for _, k := range p.Index.KeyAttrs() {
			for i, c := range p.Conditions {
				if c.Attr != k.Name || len(c.Args) != 1 {
					continue
				}
				src := keyOperandSource(c.Args[0], k.Type)
				src.Role, src.Attr, src.Condition = RoleKey, k.Name, i
				s.Key = append(s.Key, KeyField{Attr: k.Name, Source: src})
			}
		}
		s.ScanIndexForward = true
	} else {
		kc := ""
		for i := range p.Conditions {
			part, err := x.keyCondition(p, i)
			if err != nil {
				return nil, fmt.Errorf("access pattern %q: %w", p.Name, err)
			}
			if kc != "" {
				kc += " AND "
			}
			kc += part
		}
		if kc == "" {
			return nil, fmt.Errorf("access pattern %q has no key condition", p.Name)
		}
		s.KeyCondition = kc
		if p.Filter != nil {
			f, err := x.cond(p.Filter, RoleFilter, func(n string) (cty.Type, bool) {
				if in := p.Input(n); in != nil {
					return in.Type, true
				}
				return cty.NilType, false
			})
			if err != nil {
				return nil, fmt.Errorf("access pattern %q: %w", p.Name, err)
			}
			s.Filter = f
		}
		if p.Limit > 0 {
			s.Limit = int32(min(p.Limit, 1<<31-1))
		}
	}
	if len(p.Attributes) > 0 {
		seen := map[string]bool{}
		add := func(pa hclschema.Path) {
			a := hclschema.PathText(pa)
			if !seen[a] {
				seen[a] = true
				s.ProjectionAttrs = append(s.ProjectionAttrs, a)
				s.ProjectionPaths = append(s.ProjectionPaths, pa)
			}
		}
		for i, a := range p.Attributes {
			if i < len(p.AttributePaths) {
				add(p.AttributePaths[i])
			} else {
				add(hclschema.AttrPath(a))
			}
		}
		for _, k := range p.Table.Primary.KeyAttrs() {
			add(hclschema.AttrPath(k.Name))
		}
		for _, e := range p.Entities {
			for _, n := range e.KeyNames() {
				if p.Index.Projects(n) {
					add(hclschema.AttrPath(n))
				}
			}
			// Computed attributes identify the entity's items too
			// (Entity.Recompute compares them).
			for _, c := range e.Computed {
				if p.Index.Projects(c.Attr) {
					add(hclschema.AttrPath(c.Attr))
				}
			}
		}
		for i, pa := range s.ProjectionPaths {
			if i > 0 {
				s.Projection += ", "
			}
			s.Projection += x.path(pa)
		}
	}
	s.Names, s.Values = x.names, x.values
	return s, nil
}

// ReadCall is a ReadShape with its values bound for one set of inputs.
type ReadCall struct {
	Shape *ReadShape
	Bound *hclschema.Bound
	// Key is a GetItem's key.
	Key map[string]types.AttributeValue
	// Values are the ExpressionAttributeValues.
	Values map[string]types.AttributeValue
}

// Bind fills the shape's values from b, a binding of its pattern
// (hclschema.Bind): key condition operands as bound, filter operands
// evaluated with b's inputs.
func (s *ReadShape) Bind(b *hclschema.Bound) (*ReadCall, error) {
	if b == nil || b.Pattern != s.Pattern {
		return nil, fmt.Errorf("access pattern %q: bound for another pattern", s.Pattern.Name)
	}
	call := &ReadCall{Shape: s, Bound: b}
	value := func(src Source) (cty.Value, error) {
		if src.Role == RoleKeyCondition || src.Role == RoleKey {
			if src.Condition >= len(b.Operands) || src.Operand >= len(b.Operands[src.Condition]) {
				return cty.NilVal, fmt.Errorf("no bound operand")
			}
			return b.Operands[src.Condition][src.Operand], nil
		}
		return operandValue(src, b.Inputs)
	}
	if len(s.Key) > 0 {
		call.Key = map[string]types.AttributeValue{}
		for _, k := range s.Key {
			v, err := value(k.Source)
			if err != nil {
				return nil, fmt.Errorf("access pattern %q: key %s: %w", s.Pattern.Name, k.Attr, err)
			}
			av, err := AV(v)
			if err != nil {
				return nil, fmt.Errorf("access pattern %q: key %s: %w", s.Pattern.Name, k.Attr, err)
			}
			call.Key[k.Attr] = av
		}
	}
	vals, err := bindValues(s.Values, value)
	if err != nil {
		return nil, fmt.Errorf("access pattern %q: %w", s.Pattern.Name, err)
	}
	call.Values = vals
	return call, nil
}

// GetItemInput returns the GetItem request on table (a GetItem shape).
func (c *ReadCall) GetItemInput(table string) *dynamodb.GetItemInput {
	s := c.Shape
	in := &dynamodb.GetItemInput{TableName: aws.String(table), Key: c.Key, ConsistentRead: aws.Bool(s.ConsistentRead),
		ExpressionAttributeNames: NameMap(s.Names)}
	if s.Projection != "" {
		in.ProjectionExpression = aws.String(s.Projection)
	}
	return in
}

// QueryInput returns the Query request on table (a Query shape), from its
// first page.
func (c *ReadCall) QueryInput(table string) *dynamodb.QueryInput {
	s := c.Shape
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(table),
		KeyConditionExpression:    aws.String(s.KeyCondition),
		ExpressionAttributeNames:  NameMap(s.Names),
		ExpressionAttributeValues: c.Values,
		ScanIndexForward:          aws.Bool(s.ScanIndexForward),
		ConsistentRead:            aws.Bool(s.ConsistentRead),
	}
	if s.IndexName != "" {
		in.IndexName = aws.String(s.IndexName)
	}
	if s.Filter != "" {
		in.FilterExpression = aws.String(s.Filter)
	}
	if s.Projection != "" {
		in.ProjectionExpression = aws.String(s.Projection)
	}
	if s.Limit > 0 {
		in.Limit = aws.Int32(s.Limit)
	}
	return in
}

// Describe renders the bound request for a report, its values in Canon's
// form: GetItem PK="USER#alice" SK="PROFILE", or
// Query PK = "USER#alice" AND begins_with(SK, "ORDER#") ON GSI1 (the key
// condition rendered by hclschema's one renderer).
func (c *ReadCall) Describe() string {
	p := c.Shape.Pattern
	if c.Shape.Operation == hclschema.OpGetItem {
		return "GetItem " + KeyString(c.Key, p.Index.KeyAttrs())
	}
	return "Query " + DescribeKeyCondition(c.Bound)
}

// Reader is the part of the DynamoDB client that reads.
type Reader interface {
	GetItem(context.Context, *dynamodb.GetItemInput, ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
	Query(context.Context, *dynamodb.QueryInput, ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error)
}

// ReadOptions change how Run sends a call.
type ReadOptions struct {
	// ConsumedCapacity asks DynamoDB for the read units per index
	// (ReturnConsumedCapacity INDEXES), which verify compares with the
	// estimate; the generated code does not send it.
	ConsumedCapacity bool
}

// ReadResult is what one run of a pattern returned.
type ReadResult struct {
	// Items are the items in the order DynamoDB returned them.
	Items []map[string]types.AttributeValue
	// Scanned is the number of items read (before the filter).
	Scanned int
	// Consumed is the read units consumed (with ReadOptions.ConsumedCapacity).
	Consumed float64
	Latency  time.Duration
	Pages    int
	// Request describes the call for a report (ReadCall.Describe).
	Request string
}

// Run sends the call to table: GetItem, or Query reading every page (one
// page for a pattern with a limit, as the oracle models it). The result
// carries Request also when err is not nil.
func (c *ReadCall) Run(ctx context.Context, client Reader, table string, o ReadOptions) (ReadResult, error) {
	res := ReadResult{Request: c.Describe()}
	var rcc types.ReturnConsumedCapacity
	if o.ConsumedCapacity {
		rcc = types.ReturnConsumedCapacityIndexes
	}
	start := time.Now()
	if c.Shape.Operation == hclschema.OpGetItem {
		in := c.GetItemInput(table)
		in.ReturnConsumedCapacity = rcc
		out, err := client.GetItem(ctx, in)
		res.Latency, res.Pages = time.Since(start), 1
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
	in := c.QueryInput(table)
	in.ReturnConsumedCapacity = rcc
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
		if c.Shape.Limit > 0 || len(out.LastEvaluatedKey) == 0 {
			break
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	res.Latency = time.Since(start)
	return res, nil
}

// Query runs a bound access pattern on table as verify does (Read, Bind,
// Run) and returns the items in the order DynamoDB returned them; an error
// names the request. tfdyn migrate --check runs HEAD's patterns with it.
func Query(ctx context.Context, client Reader, table string, b *hclschema.Bound) ([]map[string]types.AttributeValue, error) {
	s, err := Read(b.Pattern)
	if err != nil {
		return nil, err
	}
	call, err := s.Bind(b)
	if err != nil {
		return nil, err
	}
	res, err := call.Run(ctx, client, table, ReadOptions{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", res.Request, err)
	}
	return res.Items, nil
}

// StrongRead reports whether access pattern p reads with strong
// consistency (its workload declares consistency = "strong"; the loader
// refuses it on a GSI): its request sets ConsistentRead, and the cost
// estimate counts whole read units.
func StrongRead(p *hclschema.AccessPattern) bool {
	return p.Workload != nil && p.Workload.Consistency == hclschema.ConsistencyStrong && (p.Index == nil || p.Index.Kind != hclschema.IndexGlobal)
}

// DescribeKeyCondition renders a bound pattern's key condition for a
// report with hclschema's one renderer, values in Canon's form, and the
// index read: PK = "USER#alice" AND begins_with(SK, "ORDER#") ON GSI1.
func DescribeKeyCondition(b *hclschema.Bound) string {
	s := b.KeyConditionString(CanonValue)
	if b.Pattern.Index.Kind != hclschema.IndexPrimary {
		s += " ON " + b.Pattern.Index.Name
	}
	return s
}

// KeyQuery renders the request of a query of index ix that no access
// pattern declares (a generated query builder's): its partition key and
// its first eq sort key attributes by equality and, when op is not "",
// op on the next sort key attribute (the rule DynamoDB enforces for
// multi-attribute keys: left to right, no gaps, a range condition only on
// the last attribute used). Every value is the caller's input named like
// its key attribute (SourceInput, Role RoleKeyCondition, Condition the
// index of the key attribute in the key condition); between takes two.
func KeyQuery(ix *hclschema.Index, eq int, op hclschema.ConditionOp) (*ReadShape, error) {
	if ix == nil || len(ix.PartitionKey) == 0 {
		return nil, fmt.Errorf("no index")
	}
	if eq < 0 || eq > len(ix.SortKey) || op != "" && eq >= len(ix.SortKey) {
		return nil, fmt.Errorf("index %s: %d sort key attributes by equality and %q: not a valid query of its %d sort key attributes", ix.DisplayName(), eq, op, len(ix.SortKey))
	}
	s := &ReadShape{Operation: hclschema.OpQuery, ScanIndexForward: true}
	if ix.Kind != hclschema.IndexPrimary {
		s.IndexName = ix.Name
	}
	x := newExprs()
	var parts []string
	cond := 0
	add := func(k hclschema.KeyAttr, op hclschema.ConditionOp) error {
		if op == hclschema.OpBeginsWith && k.Type == hclschema.TypeN {
			return fmt.Errorf("index %s: begins_with on %s, a number key attribute", ix.DisplayName(), k.Name)
		}
		n := x.name(k.Name)
		operand := func(j int) string {
			return x.value(Source{Kind: SourceInput, Role: RoleKeyCondition, Attr: k.Name, Type: k.Type, Input: k.Name, Condition: cond, Operand: j})
		}
		switch op {
		case hclschema.OpBeginsWith:
			parts = append(parts, "begins_with("+n+", "+operand(0)+")")
		case hclschema.OpBetween:
			lo := operand(0)
			parts = append(parts, n+" BETWEEN "+lo+" AND "+operand(1))
		case hclschema.OpEq, hclschema.OpLT, hclschema.OpLE, hclschema.OpGT, hclschema.OpGE:
			parts = append(parts, n+" "+string(op)+" "+operand(0))
		default:
			return fmt.Errorf("index %s: unsupported key condition %s on %s", ix.DisplayName(), op, k.Name)
		}
		cond++
		return nil
	}
	for _, k := range ix.PartitionKey {
		if err := add(k, hclschema.OpEq); err != nil {
			return nil, err
		}
	}
	for i := 0; i < eq; i++ {
		if err := add(ix.SortKey[i], hclschema.OpEq); err != nil {
			return nil, err
		}
	}
	if op != "" {
		if err := add(ix.SortKey[eq], op); err != nil {
			return nil, err
		}
	}
	s.KeyCondition = strings.Join(parts, " AND ")
	s.Names, s.Values = x.names, x.values
	return s, nil
}

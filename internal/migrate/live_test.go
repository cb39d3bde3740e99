package migrate

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/oracle"
	"github.com/tfdyn/tfdyn/internal/schemadiff"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

const (
	customers = 400 // each with 3 orders: 400 + 1200 + 400 products = 2000 items
	products  = 400
)

// TestLiveMigrate is the whole evolution on DynamoDB Local: a table made
// from BASE holds 2,000 items of three entities; HEAD's new GSI is added to
// the table; diff classifies the change; migrate's dry run counts; a run is
// interrupted and resumed from its checkpoint; a second run is a no-op;
// every HEAD access pattern then returns what the oracle computes; the item
// count of every entity is unchanged; an item a concurrent writer changed
// is left alone.
func TestLiveMigrate(t *testing.T) {
	tftest.Parallel(t)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	base, head := load(t, sd+"base"), load(t, sd+"backfill")

	// Diff: the backfill changes, and the pattern change to acknowledge.
	rep := schemadiff.Diff(base, head)
	var codes []string
	for _, c := range rep.Changes {
		codes = append(codes, string(c.Code)+" "+c.Address)
	}
	require.Equal(t, []string{"SD402 access_pattern.customer_by_email", "SD201 entity.Order.index.GSI2", "SD201 entity.Product.index.GSI1",
		"SD202 entity.Customer.index.GSI1", "SD102 table.app.index.GSI2", "SD104 access_pattern.open_orders", "SD104 access_pattern.products_in_category"}, codes)

	// BASE's table with BASE's items.
	const table = "app"
	createBaseTable(t, ctx, client, table)
	values := dataset()
	var items []map[string]types.AttributeValue
	for _, v := range values {
		it, err := base.Entity(v.entity).Item(v.val)
		require.NoError(t, err)
		items = append(items, itemAV(t, it))
	}
	writeItems(t, ctx, client, table, items)
	before := countEntities(t, ctx, client, table, head)
	require.Equal(t, map[string]int{"Customer": customers, "Order": 3 * customers, "Product": products}, before)

	// HEAD's new GSI, as terraform would add it.
	addGSI2(t, ctx, client, table)

	plan := Build(base, head)
	require.False(t, plan.Blocked())

	// Dry run: counts, writes nothing.
	dry, err := Run(ctx, plan, Options{Client: client, Table: table, Label: "app", DryRun: true})
	require.NoError(t, err)
	require.True(t, dry.Complete)
	require.EqualValues(t, 2000, dry.Scanned)
	require.Equal(t, Counts{Items: customers, Updated: customers, WCU: 3 * customers}, *dry.Entities["Customer"],
		"each customer: 1 table write + 2 GSI1 writes (old entry out, new in), and its email changes case")
	require.Equal(t, Counts{Items: 3 * customers, Updated: customers, Already: 2 * customers, WCU: 2 * customers}, *dry.Entities["Order"],
		"one order in three is OPEN: it gains GSI2 keys; the others compute none and have none")
	require.Equal(t, Counts{Items: products, Updated: products, WCU: 2 * products}, *dry.Entities["Product"])
	require.Equal(t, before, countEntities(t, ctx, client, table, head))

	// A run interrupted after 600 items scanned; its checkpoint resumes it.
	var saved *Checkpoint
	save := func(cp *Checkpoint) error {
		b, err := cp.Marshal()
		if err != nil {
			return err
		}
		saved, err = ParseCheckpoint(b)
		return err
	}
	cctx, cancel := context.WithCancel(ctx)
	first, err := Run(cctx, plan, Options{Client: client, Table: table, Label: "app", Segments: 4, PageSize: 50, Save: save,
		Progress: func(r *Result) {
			if r.Scanned >= 600 {
				cancel()
			}
		}})
	cancel()
	require.ErrorIs(t, err, context.Canceled)
	require.False(t, first.Complete)
	require.NotNil(t, saved)
	require.GreaterOrEqual(t, saved.Result.Scanned, int64(600))
	require.Less(t, saved.Result.Scanned, int64(2000))

	resumed, err := Run(ctx, plan, Options{Client: client, Table: table, Label: "app", PageSize: 50, Resume: saved, Save: save})
	require.NoError(t, err)
	require.True(t, resumed.Complete)
	require.EqualValues(t, 2000, resumed.Scanned, "every item scanned once over both runs (the interrupted pages are scanned again)")
	for name, c := range resumed.Entities {
		want := dry.Entities[name]
		require.Equal(t, want.Items, c.Items, name)
		require.Equal(t, want.Updated, c.Updated+c.Already-(want.Already), "%s: updated now or by the interrupted page", name)
		require.Zero(t, c.Diverged+c.Failed, name)
	}
	// Resuming a finished checkpoint scans nothing more.
	again, err := Run(ctx, plan, Options{Client: client, Table: table, Label: "app", Resume: saved})
	require.NoError(t, err)
	require.EqualValues(t, 2000, again.Scanned)

	// A second run from scratch changes nothing.
	second, err := Run(ctx, plan, Options{Client: client, Table: table, Label: "app", Segments: 3})
	require.NoError(t, err)
	for name, c := range second.Entities {
		require.Equal(t, Counts{Items: c.Items, Already: c.Items}, *c, name)
	}

	// Every HEAD pattern returns what the oracle computes over HEAD's items.
	var headItems []hclschema.Item
	for _, v := range values {
		it, err := head.Entity(v.entity).Item(v.val)
		require.NoError(t, err)
		headItems = append(headItems, it)
	}
	checked := 0
	for _, p := range head.Patterns {
		for _, in := range inputSets(p, values) {
			b, err := hclschema.Bind(p, in)
			require.NoError(t, err)
			want := oracle.Run(b, headItems)
			got := query(t, ctx, client, table, b)
			require.Equal(t, keysOf(want.Items, head), got, "%s %v", p.Name, in)
			require.NotEmpty(t, got, "%s %v finds its item", p.Name, in)
			checked++
		}
	}
	require.Equal(t, 46, checked, "10 input sets for each of four patterns, 5 categories, 1 for open_orders")
	require.Equal(t, before, countEntities(t, ctx, client, table, head), "no item gained or lost")

	// A writer that changed an item concurrently: left alone, reported.
	_, err = client.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(table),
		Key:              map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "PRODUCT#p-7"}, "SK": &types.AttributeValueMemberS{Value: "PRODUCT#p-7"}},
		UpdateExpression: aws.String("SET GSI1PK = :v"), ExpressionAttributeValues: map[string]types.AttributeValue{":v": &types.AttributeValueMemberS{Value: "CATEGORY#elsewhere"}}})
	require.NoError(t, err)
	third, err := Run(ctx, plan, Options{Client: client, Table: table, Label: "app"})
	require.NoError(t, err)
	require.Equal(t, Counts{Items: products, Already: products - 1, Diverged: 1}, *third.Entities["Product"])
	require.Equal(t, []string{`Product {PK="PRODUCT#p-7", SK="PRODUCT#p-7"}: neither BASE's nor HEAD's index attributes: left alone`}, third.Errors)
}

type value struct {
	entity string
	val    cty.Value
}

// dataset is BASE's data: customers with mixed-case emails, three orders
// each (one OPEN), products in five categories.
func dataset() []value {
	var out []value
	statuses := []string{"OPEN", "SHIPPED", "PLACED"}
	for i := 0; i < customers; i++ {
		u := fmt.Sprintf("user%03d", i)
		out = append(out, value{"Customer", cty.ObjectVal(map[string]cty.Value{
			"username": cty.StringVal(u), "email": cty.StringVal(fmt.Sprintf("User%03d@Example.com", i)), "name": cty.StringVal("User " + u)})})
		for j := 0; j < 3; j++ {
			out = append(out, value{"Order", cty.ObjectVal(map[string]cty.Value{
				"username": cty.StringVal(u), "orderId": cty.StringVal(fmt.Sprintf("o-%03d-%d", i, j)),
				"orderDate": cty.StringVal(fmt.Sprintf("2024-%02d-%02d", 1+j*3, 1+i%28)), "status": cty.StringVal(statuses[j]),
				"total": cty.NumberIntVal(int64(10 + i + j)), "expiresAt": cty.NullVal(cty.Number)})})
		}
	}
	for i := 0; i < products; i++ {
		out = append(out, value{"Product", cty.ObjectVal(map[string]cty.Value{
			"productId": cty.StringVal(fmt.Sprintf("p-%d", i)), "category": cty.StringVal([]string{"books", "games", "music", "tools", "toys"}[i%5]),
			"title": cty.StringVal(fmt.Sprintf("Product %d", i))})})
	}
	return out
}

// inputSets picks inputs for a pattern from the data: the first, a middle
// and the last customer, order, product or category.
func inputSets(p *hclschema.AccessPattern, values []value) []map[string]cty.Value {
	if len(p.Inputs) == 0 {
		return []map[string]cty.Value{{}}
	}
	var pool []map[string]cty.Value
	seen := map[string]bool{}
	for _, v := range values {
		if !p.ReturnsEntity(mustEntity(p, v.entity)) {
			continue
		}
		in := map[string]cty.Value{}
		var key []string
		for _, i := range p.Inputs {
			in[i.Name] = v.val.GetAttr(i.Name)
			key = append(key, in[i.Name].GoString())
		}
		if k := strings.Join(key, ","); !seen[k] {
			seen[k] = true
			pool = append(pool, in)
		}
	}
	if len(pool) <= 10 {
		return pool
	}
	step := len(pool) / 9
	var out []map[string]cty.Value
	for i := 0; i < len(pool); i += step {
		out = append(out, pool[i])
	}
	return out
}

func mustEntity(p *hclschema.AccessPattern, name string) *hclschema.Entity {
	for _, e := range p.Entities {
		if e.Name == name {
			return e
		}
	}
	return nil
}

func itemAV(t *testing.T, it hclschema.Item) map[string]types.AttributeValue {
	out := map[string]types.AttributeValue{}
	for k, v := range it.Attrs {
		av, err := dynamo.AV(v)
		require.NoError(t, err, k)
		out[k] = av
	}
	return out
}

func createBaseTable(t *testing.T, ctx context.Context, c *dynamodb.Client, name string) {
	s := func(n string) types.AttributeDefinition {
		return types.AttributeDefinition{AttributeName: aws.String(n), AttributeType: types.ScalarAttributeTypeS}
	}
	key := func(pk, sk string) []types.KeySchemaElement {
		return []types.KeySchemaElement{{AttributeName: aws.String(pk), KeyType: types.KeyTypeHash}, {AttributeName: aws.String(sk), KeyType: types.KeyTypeRange}}
	}
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String(name), BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{s("PK"), s("SK"), s("GSI1PK"), s("GSI1SK")},
		KeySchema:            key("PK", "SK"),
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String("GSI1"), KeySchema: key("GSI1PK", "GSI1SK"),
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}}})
	require.NoError(t, err)
}

func addGSI2(t *testing.T, ctx context.Context, c *dynamodb.Client, name string) {
	_, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String(name),
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("GSI2PK"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("GSI2SK"), AttributeType: types.ScalarAttributeTypeS}},
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Create: &types.CreateGlobalSecondaryIndexAction{
			IndexName: aws.String("GSI2"), Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
			KeySchema: []types.KeySchemaElement{{AttributeName: aws.String("GSI2PK"), KeyType: types.KeyTypeHash}, {AttributeName: aws.String("GSI2SK"), KeyType: types.KeyTypeRange}}}}}})
	require.NoError(t, err)
	deadline := time.Now().Add(time.Minute)
	for {
		out, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
		require.NoError(t, err)
		active := len(out.Table.GlobalSecondaryIndexes) == 2
		for _, g := range out.Table.GlobalSecondaryIndexes {
			active = active && g.IndexStatus == types.IndexStatusActive
		}
		if active {
			return
		}
		require.True(t, time.Now().Before(deadline), "GSI2 not active after a minute")
		time.Sleep(200 * time.Millisecond)
	}
}

func writeItems(t *testing.T, ctx context.Context, c *dynamodb.Client, table string, items []map[string]types.AttributeValue) {
	for i := 0; i < len(items); i += 25 {
		var reqs []types.WriteRequest
		for _, it := range items[i:min(i+25, len(items))] {
			reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: it}})
		}
		pending := map[string][]types.WriteRequest{table: reqs}
		for len(pending) > 0 {
			out, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: pending})
			require.NoError(t, err)
			pending = out.UnprocessedItems
		}
	}
}

// countEntities scans the table and counts its items by the HEAD entity
// whose templates give back their keys.
func countEntities(t *testing.T, ctx context.Context, c *dynamodb.Client, table string, s *hclschema.Schema) map[string]int {
	out := map[string]int{}
	p := dynamodb.NewScanPaginator(c, &dynamodb.ScanInput{TableName: aws.String(table)})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		require.NoError(t, err)
		for _, it := range page.Items {
			var names []string
			for _, e := range s.Entities {
				if _, ok := e.Recompute(dynamo.Values(it)); ok {
					names = append(names, e.Name)
				}
			}
			require.Len(t, names, 1, "%v", it)
			out[names[0]]++
		}
	}
	return out
}

// query runs a bound pattern live with verify's query (the one tfdyn
// migrate --check runs) and returns the primary keys of the items in order.
func query(t *testing.T, ctx context.Context, c *dynamodb.Client, table string, b *hclschema.Bound) []string {
	items, err := dynamo.Query(ctx, c, table, b)
	require.NoError(t, err)
	var keys []string
	for _, it := range items {
		keys = append(keys, keyString(it, b.Pattern.Table))
	}
	return keys
}

func keysOf(items []hclschema.Item, s *hclschema.Schema) []string {
	var out []string
	for _, it := range items {
		av := map[string]types.AttributeValue{}
		for _, k := range it.Entity.Table.Primary.KeyAttrs() {
			v, _ := dynamo.AV(it.Attrs[k.Name])
			av[k.Name] = v
		}
		out = append(out, keyString(av, it.Entity.Table))
	}
	return out
}

// TestLiveMigrateMembership: HEAD adds a sparse condition to Customer's
// GSI1 block and takes Order out of GSI1. migrate removes the GSI1 keys of
// the customers the condition now excludes and of every order, leaves the
// others alone, and GSI1 then holds exactly what HEAD's oracle puts there.
func TestLiveMigrateMembership(t *testing.T) {
	tftest.Parallel(t)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	base, head := load(t, sd+"base"), load(t, sd+"membership")
	const table = "members"
	createBaseTable(t, ctx, client, table)
	var values []value
	for i := 0; i < 60; i++ {
		u := fmt.Sprintf("m%02d", i)
		name := "Member " + u
		if i%3 == 0 {
			name = "-"
		}
		values = append(values, value{"Customer", cty.ObjectVal(map[string]cty.Value{"username": cty.StringVal(u), "email": cty.StringVal(u + "@example.com"), "name": cty.StringVal(name)})})
		for j := 0; j < 2; j++ {
			values = append(values, value{"Order", cty.ObjectVal(map[string]cty.Value{"username": cty.StringVal(u), "orderId": cty.StringVal(fmt.Sprintf("o-%s-%d", u, j)),
				"orderDate": cty.StringVal("2024-06-01"), "status": cty.StringVal("OPEN"), "total": cty.NumberIntVal(1), "expiresAt": cty.NullVal(cty.Number)})})
		}
	}
	var items []map[string]types.AttributeValue
	for _, v := range values {
		it, err := base.Entity(v.entity).Item(v.val)
		require.NoError(t, err)
		items = append(items, itemAV(t, it))
	}
	writeItems(t, ctx, client, table, items)
	require.Equal(t, 180, indexCount(t, ctx, client, table, "GSI1"), "BASE: every customer and order in GSI1")

	plan := Build(base, head)
	res, err := Run(ctx, plan, Options{Client: client, Table: table, Label: "app", Segments: 2})
	require.NoError(t, err)
	require.Equal(t, Counts{Items: 60, Updated: 20, Already: 40, WCU: 40}, *res.Entities["Customer"], "the 20 customers named \"-\" leave GSI1")
	require.Equal(t, Counts{Items: 120, Updated: 120, WCU: 240}, *res.Entities["Order"])
	require.Equal(t, 40, indexCount(t, ctx, client, table, "GSI1"))

	again, err := Run(ctx, plan, Options{Client: client, Table: table, Label: "app"})
	require.NoError(t, err)
	require.Equal(t, Counts{Items: 60, Already: 60}, *again.Entities["Customer"])
	require.Equal(t, Counts{Items: 120, Already: 120}, *again.Entities["Order"])

	var headItems []hclschema.Item
	for _, v := range values {
		it, err := head.Entity(v.entity).Item(v.val)
		require.NoError(t, err)
		headItems = append(headItems, it)
	}
	p := head.Pattern("customer_by_email")
	found := 0
	for _, v := range values[:30] {
		if v.entity != "Customer" {
			continue
		}
		b, err := hclschema.Bind(p, map[string]cty.Value{"email": v.val.GetAttr("email")})
		require.NoError(t, err)
		want := oracle.Run(b, headItems)
		got := query(t, ctx, client, table, b)
		require.Equal(t, keysOf(want.Items, head), got, "%v", v.val.GetAttr("email"))
		found += len(got)
	}
	require.Equal(t, 6, found, "of the first 10 customers, the 6 with a name")
}

// indexCount counts the entries of a GSI.
func indexCount(t *testing.T, ctx context.Context, c *dynamodb.Client, table, index string) int {
	n := 0
	p := dynamodb.NewScanPaginator(c, &dynamodb.ScanInput{TableName: aws.String(table), IndexName: aws.String(index), Select: types.SelectCount})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		require.NoError(t, err)
		n += int(page.Count)
	}
	return n
}

// TestLiveConcurrentWriter: items change between the Scan that read them
// and their update. The conditional update fails, the item is read again
// and decided anew: one a writer already put into HEAD's shape is left as
// it is; one whose email a writer changed is migrated from its new email,
// never from the stale read.
func TestLiveConcurrentWriter(t *testing.T) {
	tftest.Parallel(t)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	base, head := load(t, sd+"base"), load(t, sd+"backfill")
	const table = "racy"
	createBaseTable(t, ctx, client, table)
	customer := func(s *hclschema.Schema, u, email string) map[string]types.AttributeValue {
		it, err := s.Entity("Customer").Item(cty.ObjectVal(map[string]cty.Value{"username": cty.StringVal(u), "email": cty.StringVal(email), "name": cty.StringVal(u)}))
		require.NoError(t, err)
		return itemAV(t, it)
	}
	staleA, staleB := customer(base, "a", "A@X.com"), customer(base, "b", "B@X.com")
	writeItems(t, ctx, client, table, []map[string]types.AttributeValue{staleA, staleB})
	// The writers, after the Scan: a runs HEAD's code; b's email changes under BASE's code.
	writeItems(t, ctx, client, table, []map[string]types.AttributeValue{customer(head, "a", "A@X.com"), customer(base, "b", "New@X.com")})

	plan := Build(base, head)
	cp := &Checkpoint{Result: Result{Entities: map[string]*Counts{}}}
	r, err := newRunner(plan, Options{Client: client, Table: table, Label: "app"}, cp)
	require.NoError(t, err)
	pr := pageResult{entities: map[string]*Counts{}}
	require.NoError(t, r.item(ctx, staleA, &pr))
	require.NoError(t, r.item(ctx, staleB, &pr))
	require.Equal(t, Counts{Items: 2, Updated: 1, Already: 1, WCU: 3}, *pr.entities["Customer"])
	got, err := client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "CUSTOMER#b"}, "SK": &types.AttributeValueMemberS{Value: "PROFILE"}}})
	require.NoError(t, err)
	require.Equal(t, &types.AttributeValueMemberS{Value: "EMAIL#new@x.com"}, got.Item["GSI1PK"])
	require.Equal(t, &types.AttributeValueMemberS{Value: "New@X.com"}, got.Item["email"])
}

// TestLiveCheck: Check on a table with one item of each shape: customers
// in HEAD's shape, one still in BASE's (not migrated), an OPEN order with
// only half of its GSI2 keys (half-migrated), an item of no entity. Each is
// named by its key, and the patterns whose live results they spoil are
// named with their inputs.
func TestLiveCheck(t *testing.T) {
	tftest.Parallel(t)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	base, head := load(t, sd+"base"), load(t, sd+"backfill")
	const table = "checked"
	createBaseTable(t, ctx, client, table)
	addGSI2(t, ctx, client, table)
	customer := func(s *hclschema.Schema, u string) map[string]types.AttributeValue {
		it, err := s.Entity("Customer").Item(cty.ObjectVal(map[string]cty.Value{"username": cty.StringVal(u), "email": cty.StringVal(strings.ToUpper(u) + "@X.com"), "name": cty.StringVal(u)}))
		require.NoError(t, err)
		return itemAV(t, it)
	}
	order, err := head.Entity("Order").Item(cty.ObjectVal(map[string]cty.Value{"username": cty.StringVal("a"), "orderId": cty.StringVal("o-1"),
		"orderDate": cty.StringVal("2024-01-02"), "status": cty.StringVal("OPEN"), "total": cty.NumberIntVal(5), "expiresAt": cty.NullVal(cty.Number)}))
	require.NoError(t, err)
	half := itemAV(t, order)
	delete(half, "GSI2SK")
	junk := map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "JUNK#1"}, "SK": &types.AttributeValueMemberS{Value: "x"}}
	writeItems(t, ctx, client, table, []map[string]types.AttributeValue{customer(head, "a"), customer(head, "b"), customer(base, "c"), half, junk})

	plan := Build(base, head)
	rep, err := Check(ctx, plan, CheckOptions{Client: client, Table: table, Label: "app", Segments: 2})
	require.NoError(t, err)
	require.False(t, rep.OK())
	require.Equal(t, map[string]*ShapeCounts{"Customer": {Items: 3, Head: 2, NotMigrated: 1}, "Order": {Items: 1, Half: 1}, "Product": {}}, rep.Entities)
	require.EqualValues(t, 5, rep.Scanned)
	require.EqualValues(t, 1, rep.Unknown)
	require.Equal(t, []string{
		`not migrated: Customer {PK="CUSTOMER#c", SK="PROFILE"}: GSI1PK is "EMAIL#C@X.com", HEAD computes "EMAIL#c@x.com"; GSI1SK is "EMAIL#C@X.com", HEAD computes "EMAIL#c@x.com"`,
		`half-migrated: Order {PK="CUSTOMER#a", SK="ORDER#2024-01-02#o-1"}: GSI2SK is absent, HEAD computes "2024-01-02#o-1"`,
		`of no HEAD entity: {PK="JUNK#1", SK="x"}`,
		`pattern customer_by_email {email="C@X.com"}: DynamoDB returned 0 items, HEAD's oracle 1: missing {PK="CUSTOMER#c", SK="PROFILE"}`,
		`pattern open_orders {}: DynamoDB returned 0 items, HEAD's oracle 1: missing {PK="CUSTOMER#a", SK="ORDER#2024-01-02#o-1"}`,
	}, rep.Findings)
	require.EqualValues(t, 3, rep.ItemsOff)
	require.Equal(t, 2, rep.PatternsOff)

	// Migrated (the half-migrated order by hand: migrate leaves what is in
	// neither shape to its owner) and without the stray item: clean.
	_, err = Run(ctx, plan, Options{Client: client, Table: table, Label: "app"})
	require.NoError(t, err)
	writeItems(t, ctx, client, table, []map[string]types.AttributeValue{itemAV(t, order)})
	_, err = client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(table), Key: junk})
	require.NoError(t, err)
	rep, err = Check(ctx, plan, CheckOptions{Client: client, Table: table, Label: "app"})
	require.NoError(t, err)
	require.Equal(t, []string{}, rep.Findings)
	require.EqualValues(t, 0, rep.ItemsOff)
	require.Equal(t, 0, rep.PatternsOff)
	require.Equal(t, map[string]*ShapeCounts{"Customer": {Items: 3, Head: 3}, "Order": {Items: 1, Head: 1}, "Product": {}}, rep.Entities)
	var runs []string
	for _, pc := range rep.Patterns {
		runs = append(runs, fmt.Sprintf("%s %s %d", pc.Pattern, pc.Inputs, pc.Expected))
	}
	require.Equal(t, []string{`customer_by_email {email="Alice@example.com"} 0`, `customer_by_email {email="A@X.com"} 1`, `customer_by_email {email="B@X.com"} 1`,
		`customer_by_email {email="C@X.com"} 1`, `orders_for_customer {username="alice"} 0`, `orders_for_customer {username="a"} 1`, `order_by_id {orderId="o-1"} 1`,
		`product {productId="p-1"} 0`, `open_orders {} 1`, `products_in_category {category="books"} 0`}, runs,
		"the schema's input sets (its examples: no such items here), then the inputs of the scanned items")

	// A bound on the items read.
	_, err = Check(ctx, plan, CheckOptions{Client: client, Table: table, Label: "app", Segments: 1, MaxItems: 3})
	require.EqualError(t, err, `check: table "checked" holds more than 3 items, the most a check reads (it keeps them in memory): raise the bound`)
}

// TestLiveRateAndProgress: Rate bounds the updates of all segments
// together, and Progress is called after every page with counts that only
// grow, up to the summary's.
func TestLiveRateAndProgress(t *testing.T) {
	tftest.Parallel(t)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	base, head := load(t, sd+"base"), load(t, sd+"backfill")
	const table = "paced"
	createBaseTable(t, ctx, client, table)
	var items []map[string]types.AttributeValue
	for i := 0; i < 60; i++ {
		it, err := base.Entity("Customer").Item(cty.ObjectVal(map[string]cty.Value{"username": cty.StringVal(fmt.Sprintf("u%02d", i)),
			"email": cty.StringVal(fmt.Sprintf("U%02d@X.com", i)), "name": cty.StringVal("n")}))
		require.NoError(t, err)
		items = append(items, itemAV(t, it))
	}
	writeItems(t, ctx, client, table, items)

	var scanned, updated []int64
	start := time.Now()
	res, err := Run(ctx, Build(base, head), Options{Client: client, Table: table, Label: "app", Segments: 3, PageSize: 10, Rate: 20,
		Progress: func(r *Result) {
			scanned = append(scanned, r.Scanned)
			if c := r.Entities["Customer"]; c != nil {
				updated = append(updated, c.Updated)
			}
		}})
	elapsed := time.Since(start)
	t.Logf("60 updates at 20 per second: %s, %d progress calls", elapsed, len(scanned))
	require.NoError(t, err)
	require.Equal(t, Counts{Items: 60, Updated: 60, WCU: 180}, *res.Entities["Customer"])
	require.GreaterOrEqual(t, elapsed, 2950*time.Millisecond, "60 updates at 20 per second: the first at once, the last 59/20 s later")
	require.Less(t, elapsed, 15*time.Second)
	require.GreaterOrEqual(t, len(scanned), 6, "3 segments of about 20 items in pages of 10: at least 2 pages each")
	require.IsNonDecreasing(t, scanned)
	require.IsNonDecreasing(t, updated)
	require.EqualValues(t, 60, scanned[len(scanned)-1])
	require.EqualValues(t, 60, updated[len(updated)-1])
}

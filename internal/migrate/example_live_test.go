package migrate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal"
	"github.com/tfdyn/tfdyn/internal/schemadiff"
)

// exampleHead is examples/ecommerce changed as a pull request would: GSI3
// over attributes reviews already have (reviews by their author, a new
// access pattern), and products in a category sorted by title (GSI1SK of
// Product changed). Each edit replaces text that occurs once.
var exampleHead = []struct{ old, new string }{
	{`    include       = ["orderId", "orderDate", "username", "total"]
  }
`, `    include       = ["orderId", "orderDate", "username", "total"]
  }

  global_secondary_index "GSI3" {
    partition_key = "GSI3PK"
    sort_key      = "GSI3SK"
  }
`},
	{`    SK = "REVIEW#${reviewDate}#${reviewId}"
  }
`, `    SK = "REVIEW#${reviewDate}#${reviewId}"
  }
  index "GSI3" {
    GSI3PK = "USER#${username}"
    GSI3SK = "REVIEW#${reviewDate}#${reviewId}"
  }
`},
	{`    GSI1SK = "PRODUCT#${productId}"
  }
`, `    GSI1SK = "PRODUCT#${title}#${productId}"
  }
`},
	{`write_pattern "register_customer" {`, `access_pattern "reviews_by_customer" {
  description = "A customer's reviews, newest first"
  entity      = entity.Review
  index       = "GSI3"
  key {
    GSI3PK = "USER#${username}"
    GSI3SK = begins_with("REVIEW#")
  }
  order = "desc"
  example {
    username = "alice"
    returns  = [entity.Review.example["r-1"]]
  }
}

write_pattern "register_customer" {`},
}

// TestLiveMigrateExample is the evolution of the e-commerce example on
// DynamoDB Local: a table made from examples/ecommerce holds 3,605 items
// of its six entities; HEAD (exampleHead) adds GSI3 over existing review
// attributes and changes Product's GSI1 template. diff classifies both;
// the check against HEAD fails on the unmigrated items; the migration is
// interrupted and resumed, and a second run changes nothing; the check
// then passes (every item in HEAD's shape, every HEAD pattern as HEAD's
// oracle computes) with the item count of every entity unchanged.
func TestLiveMigrateExample(t *testing.T) {
	src, err := os.ReadFile("../../examples/ecommerce/ecommerce.tfdyn.hcl")
	require.NoError(t, err)
	headSrc := string(src)
	for _, e := range exampleHead {
		require.Equal(t, 1, strings.Count(headSrc, e.old), e.old)
		headSrc = strings.Replace(headSrc, e.old, e.new, 1)
	}
	headDir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(headDir, "ecommerce.tfdyn.hcl"), []byte(headSrc), 0o644))
	base, head := load(t, "../../examples/ecommerce"), load(t, headDir)

	var codes []string
	for _, c := range schemadiff.Diff(base, head).Changes {
		codes = append(codes, string(c.Code)+" "+c.Address)
	}
	require.Equal(t, []string{"SD201 entity.Review.index.GSI3", "SD202 entity.Product.index.GSI1", "SD102 table.shop.index.GSI3",
		"SD104 access_pattern.reviews_by_customer"}, codes)
	plan := Build(base, head)
	require.False(t, plan.Blocked())
	var planned []string
	for _, ep := range plan.Entities {
		for _, c := range ep.Changes {
			planned = append(planned, fmt.Sprintf("%s %s %s %s", ep.Entity, c.Action, c.Attr, c.To))
		}
	}
	require.Equal(t, []string{`Product change GSI1SK "PRODUCT#${title}#${productId}"`,
		`Review gain GSI3PK "USER#${username}"`, `Review gain GSI3SK "REVIEW#${reviewDate}#${reviewId}"`}, planned)

	// BASE's table and items.
	target := ddblocal.StartForTest(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	const table = "shop"
	createTableOf(t, ctx, client, table, base.Table("shop"))
	var items []map[string]types.AttributeValue
	for _, v := range exampleData() {
		it, err := base.Entity(v.entity).Item(v.val)
		require.NoError(t, err, "%s %v", v.entity, v.val)
		items = append(items, itemAV(t, it))
	}
	writeItems(t, ctx, client, table, items)
	written := map[string]int{"Customer": 300, "Order": 900, "OrderItem": 1800, "Product": 200, "Review": 400, "Category": 5}
	require.Equal(t, written, countEntities(t, ctx, client, table, base))

	// The new GSI, as terraform adds it; the check fails before the backfill.
	addGSI(t, ctx, client, table, "GSI3")
	rep, err := Check(ctx, plan, CheckOptions{Client: client, Table: table, Label: "shop"})
	require.NoError(t, err)
	require.False(t, rep.OK())
	require.Equal(t, ShapeCounts{Items: 200, NotMigrated: 200}, *rep.Entities["Product"])
	require.Equal(t, ShapeCounts{Items: 400, NotMigrated: 400}, *rep.Entities["Review"])
	t.Logf("before the backfill: %d findings, the first %q", len(rep.Findings), rep.Findings[0])
	spoiled := map[string]bool{}
	for _, f := range rep.Findings {
		if rest, ok := strings.CutPrefix(f, "pattern "); ok {
			spoiled[strings.Fields(rest)[0]] = true
		}
	}
	require.Equal(t, map[string]bool{"products_in_category": true, "reviews_by_customer": true}, spoiled, "the patterns the backfill serves, and no other")

	// Dry run, then a run cut after 1,000 items and resumed.
	dry, err := Run(ctx, plan, Options{Client: client, Table: table, Label: "shop", DryRun: true})
	require.NoError(t, err)
	require.EqualValues(t, 3605, dry.Scanned)
	require.Equal(t, Counts{Items: 200, Updated: 200, WCU: 600}, *dry.Entities["Product"], "a table write and GSI1's old entry out, new in")
	require.Equal(t, Counts{Items: 400, Updated: 400, WCU: 800}, *dry.Entities["Review"], "a table write and a GSI3 entry")
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
	_, err = Run(cctx, plan, Options{Client: client, Table: table, Label: "shop", Segments: 4, PageSize: 100, Save: save,
		Progress: func(r *Result) {
			if r.Scanned >= 1000 {
				cancel()
			}
		}})
	cancel()
	require.ErrorIs(t, err, context.Canceled)
	require.NotNil(t, saved)
	require.Less(t, saved.Result.Scanned, int64(3605))
	resumed, err := Run(ctx, plan, Options{Client: client, Table: table, Label: "shop", Resume: saved, Save: save})
	require.NoError(t, err)
	require.True(t, resumed.Complete)
	require.EqualValues(t, 3605, resumed.Scanned)
	for _, name := range []string{"Product", "Review"} {
		c := resumed.Entities[name]
		require.Equal(t, dry.Entities[name].Items, c.Items, name)
		require.Equal(t, c.Items, c.Updated+c.Already, "%s: updated now or by the page the interrupt cut", name)
		require.Zero(t, c.Diverged+c.Failed, name)
	}
	again, err := Run(ctx, plan, Options{Client: client, Table: table, Label: "shop", Segments: 2})
	require.NoError(t, err)
	require.Equal(t, Counts{Items: 200, Already: 200}, *again.Entities["Product"])
	require.Equal(t, Counts{Items: 400, Already: 400}, *again.Entities["Review"])

	// The proof: every item in HEAD's shape, every pattern as HEAD's
	// oracle computes, the counts as written.
	rep, err = Check(ctx, plan, CheckOptions{Client: client, Table: table, Label: "shop"})
	require.NoError(t, err)
	require.Equal(t, []string{}, rep.Findings)
	for name, n := range written {
		require.Equal(t, ShapeCounts{Items: int64(n), Head: int64(n)}, *rep.Entities[name], name)
	}
	require.Len(t, rep.Entities, len(written))
	require.Zero(t, rep.Unknown+rep.Ambiguous)
	runs := map[string]int{}
	for _, pc := range rep.Patterns {
		require.Empty(t, pc.Problem, "%s %s", pc.Pattern, pc.Inputs)
		runs[pc.Pattern]++
	}
	require.Len(t, runs, len(head.Patterns), "every HEAD pattern ran live")
	t.Logf("%d live pattern runs: %v", len(rep.Patterns), runs)
	require.Equal(t, written, countEntities(t, ctx, client, table, head))
}

// exampleData is BASE's data for examples/ecommerce: 300 customers with
// mixed-case e-mails, 3 orders each with 2 items, 200 products in 5
// categories whose titles sort against their ids, 2 reviews per product.
func exampleData() []value {
	s, n := cty.StringVal, func(i int) cty.Value { return cty.NumberIntVal(int64(i)) }
	categories := []string{"books", "games", "music", "tools", "toys"}
	var out []value
	for _, c := range categories {
		out = append(out, value{"Category", cty.ObjectVal(map[string]cty.Value{"categoryId": s(c), "title": s(strings.ToUpper(c))})})
	}
	for i := 0; i < 300; i++ {
		u := fmt.Sprintf("u%03d", i)
		out = append(out, value{"Customer", cty.ObjectVal(map[string]cty.Value{"username": s(u), "email": s(fmt.Sprintf("User%03d@Example.com", i)),
			"name": s("User " + u), "createdAt": s(fmt.Sprintf("2024-01-%02dT10:00:00Z", 1+i%28))})})
		for j, status := range []string{"PLACED", "SHIPPED", "DELIVERED"} {
			o := fmt.Sprintf("o-%03d-%d", i, j)
			out = append(out, value{"Order", cty.ObjectVal(map[string]cty.Value{"username": s(u), "orderId": s(o),
				"orderDate": s(fmt.Sprintf("2024-%02d-%02d", 3+j, 1+i%28)), "status": s(status), "total": n(10 + i + j),
				"version": n(1), "expiresAt": cty.NullVal(cty.Number)})})
			for k := 1; k <= 2; k++ {
				out = append(out, value{"OrderItem", cty.ObjectVal(map[string]cty.Value{"orderId": s(o), "itemId": s(fmt.Sprint(k)),
					"productId": s(fmt.Sprintf("p-%03d", (i+k)%200)), "quantity": n(k), "price": n(5 + k)})})
			}
		}
	}
	for i := 0; i < 200; i++ {
		p := fmt.Sprintf("p-%03d", i)
		out = append(out, value{"Product", cty.ObjectVal(map[string]cty.Value{"productId": s(p), "categoryId": s(categories[i%5]),
			"title": s(fmt.Sprintf("Title %03d", 199-i)), "price": n(1 + i)})})
		for k := 0; k < 2; k++ {
			text := cty.NullVal(cty.String)
			if k == 0 {
				text = s("fine")
			}
			out = append(out, value{"Review", cty.ObjectVal(map[string]cty.Value{"productId": s(p), "reviewId": s(fmt.Sprintf("r-%03d-%d", i, k)),
				"reviewDate": s(fmt.Sprintf("2024-06-%02d", 1+(i+k)%28)), "username": s(fmt.Sprintf("u%03d", (i*2+k)%300)),
				"rating": n(1 + (i+k)%5), "text": text})})
		}
	}
	return out
}

// createTableOf creates a table as a schema table declares it: key
// attributes with their types, and its GSIs with their projections.
func createTableOf(t *testing.T, ctx context.Context, c *dynamodb.Client, name string, tbl *hclschema.Table) {
	defs := map[string]types.ScalarAttributeType{}
	key := func(ix *hclschema.Index) []types.KeySchemaElement {
		var out []types.KeySchemaElement
		for i, k := range ix.KeyAttrs() {
			defs[k.Name] = types.ScalarAttributeType(k.Type)
			kt := types.KeyTypeHash
			if i > 0 {
				kt = types.KeyTypeRange
			}
			out = append(out, types.KeySchemaElement{AttributeName: aws.String(k.Name), KeyType: kt})
		}
		return out
	}
	in := &dynamodb.CreateTableInput{TableName: aws.String(name), BillingMode: types.BillingModePayPerRequest, KeySchema: key(tbl.Primary)}
	for _, ix := range tbl.GSIs {
		p := &types.Projection{ProjectionType: types.ProjectionType(ix.Projection)}
		if len(ix.Include) > 0 {
			p.NonKeyAttributes = ix.Include
		}
		in.GlobalSecondaryIndexes = append(in.GlobalSecondaryIndexes, types.GlobalSecondaryIndex{IndexName: aws.String(ix.Name), KeySchema: key(ix), Projection: p})
	}
	for n, ty := range defs {
		in.AttributeDefinitions = append(in.AttributeDefinitions, types.AttributeDefinition{AttributeName: aws.String(n), AttributeType: ty})
	}
	_, err := c.CreateTable(ctx, in)
	require.NoError(t, err)
}

// addGSI adds GSI name (keys NAMEPK, NAMESK, projection ALL) and waits
// until it is active.
func addGSI(t *testing.T, ctx context.Context, c *dynamodb.Client, table, name string) {
	_, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String(table),
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String(name + "PK"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String(name + "SK"), AttributeType: types.ScalarAttributeTypeS}},
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Create: &types.CreateGlobalSecondaryIndexAction{
			IndexName: aws.String(name), Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
			KeySchema: []types.KeySchemaElement{{AttributeName: aws.String(name + "PK"), KeyType: types.KeyTypeHash}, {AttributeName: aws.String(name + "SK"), KeyType: types.KeyTypeRange}}}}}})
	require.NoError(t, err)
	deadline := time.Now().Add(time.Minute)
	for {
		out, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(table)})
		require.NoError(t, err)
		active := false
		for _, g := range out.Table.GlobalSecondaryIndexes {
			if aws.ToString(g.IndexName) == name {
				active = g.IndexStatus == types.IndexStatusActive
			}
		}
		if active {
			return
		}
		require.True(t, time.Now().Before(deadline), "%s not active after a minute", name)
		time.Sleep(200 * time.Millisecond)
	}
}

package migrate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// rekeyHead writes schemadiff's BASE with edits applied (each replacing
// text that occurs once) and loads it.
func rekeyHead(t *testing.T, edits ...[2]string) *hclschema.Schema {
	t.Helper()
	src, err := os.ReadFile(sd + "base/app.tfdyn.hcl")
	require.NoError(t, err)
	s := string(src)
	for _, e := range edits {
		require.Equal(t, 1, strings.Count(s, e[0]), e[0])
		s = strings.Replace(s, e[0], e[1], 1)
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "app.tfdyn.hcl"), []byte(s), 0o644))
	return load(t, dir)
}

// copyFixture is a BASE table with items, its copy's empty target and a
// control table on one DynamoDB Local.
type copyFixture struct {
	client     *dynamodb.Client
	streams    dynamo.StreamsClient
	plan       *Plan
	base, head *hclschema.Schema
	table      string
	control    *Control
}

func newCopyFixture(t *testing.T, target *ddblocal.Target, table string, head *hclschema.Schema, values []value) *copyFixture {
	t.Helper()
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	streams, err := dynamo.NewStreamsClient(ctx, dynamo.Config{Endpoint: target.Endpoint()})
	require.NoError(t, err)
	base := load(t, sd+"base")
	ddblocaltest.CreateTable(t, ctx, client, base.Tables[0].Spec(), table)
	ddblocaltest.CreateTable(t, ctx, client, head.Tables[0].Spec(), table+NextSuffix)
	ddblocaltest.CreateTable(t, ctx, client, controlSpec(), table+"-ctl")
	var items []map[string]types.AttributeValue
	for _, v := range values {
		it, err := base.Entity(v.entity).Item(v.val)
		require.NoError(t, err)
		items = append(items, itemAV(t, it))
	}
	writeItems(t, ctx, client, table, items)
	p := Build(base, head)
	require.NotNil(t, p.Copy("app"))
	return &copyFixture{client: client, streams: streams, plan: p, base: base, head: head, table: table, control: &Control{Client: client, Table: table + "-ctl"}}
}

// controlSpec is the control table's key as a table spec.
func controlSpec() hclschema.TableSpec {
	return hclschema.TableSpec{BillingMode: hclschema.PayPerRequest, Key: hclschema.Key{
		Partition: []hclschema.KeyAttr{{Name: ControlPartitionKey, Type: hclschema.TypeS}},
		Sort:      []hclschema.KeyAttr{{Name: ControlSortKey, Type: hclschema.TypeS}}}}
}

func (f *copyFixture) opts(seg *int) Options {
	return Options{Client: f.client, Table: f.table, Label: "app", Target: f.table + NextSuffix, Control: f.control, Segments: 2, Segment: seg}
}

func (f *copyFixture) catchUp(t *testing.T) *CatchUpResult {
	t.Helper()
	res, err := CatchUp(context.Background(), f.plan, CatchUpOptions{Client: f.client, Streams: f.streams, Table: f.table, Label: "app", Target: f.table + NextSuffix, Control: f.control})
	require.NoError(t, err)
	return res
}

func (f *copyFixture) get(t *testing.T, table string, pk, sk string) map[string]types.AttributeValue {
	t.Helper()
	out, err := f.client.GetItem(context.Background(), &dynamodb.GetItemInput{TableName: aws.String(table), ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: pk}, "SK": &types.AttributeValueMemberS{Value: sk}}})
	require.NoError(t, err)
	return out.Item
}

// copyData is 20 customers with 3 orders each and 20 products.
func copyData() []value {
	var out []value
	for _, v := range dataset() {
		var n int
		for _, a := range []string{"username", "productId"} {
			if v.val.Type().HasAttribute(a) {
				fmt.Sscanf(strings.TrimLeft(v.val.GetAttr(a).AsString(), "user"+"p-"), "%d", &n)
			}
		}
		if n < 20 {
			out = append(out, v)
		}
	}
	return out
}

// TestLiveCopyRaces replays, step by step, the races between the copy and
// the catch-up that tombstones exist for. HEAD keys products by category
// (PRODUCT#${category}#${productId}), so a product whose category changes
// moves to another HEAD key. With segment 0 of 2 copied (the copy is not
// complete): product X is deleted from BASE and product Y moves to another
// category; the catch-up leaves a tombstone at X's HEAD key and at Y's old
// one, and puts Y's new version; the copy's put of X and of Y's old
// version, as read before those writes, find the tombstones and keep them
// (counted as deleted meanwhile), so neither comes back. Segment 1 then
// finds Y's new version already copied. The next catch-up sees the copy
// complete and removes both tombstones (registered in the control table),
// and the check finds every BASE item's copy and nothing else.
func TestLiveCopyRaces(t *testing.T) {
	tftest.Parallel(t)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	head := rekeyHead(t,
		[2]string{"    PK = \"PRODUCT#${productId}\"\n    SK = \"PRODUCT#${productId}\"\n  }\n  example", "    PK = \"PRODUCT#${category}#${productId}\"\n    SK = \"PRODUCT#${productId}\"\n  }\n  example"},
		[2]string{"  entity = entity.Product\n  key {\n    PK = \"PRODUCT#${productId}\"", "  entity = entity.Product\n  key {\n    PK = \"PRODUCT#${category}#${productId}\""})
	f := newCopyFixture(t, target, "races", head, copyData())
	zero, one := 0, 1
	res, err := Run(ctx, f.plan, f.opts(&zero))
	require.NoError(t, err)
	require.False(t, res.Complete)
	require.Equal(t, 1, res.Worker.SegmentsDone)

	// X and Y: products of segment 1, not copied yet.
	items, _, err := dynamo.ScanPage(ctx, f.client, dynamo.ScanRequest{Table: "races", Segment: 1, Segments: 2, ConsistentRead: true})
	require.NoError(t, err)
	var products []map[string]types.AttributeValue
	for _, it := range items {
		if strings.HasPrefix(dynamo.Text(it["PK"]), "PRODUCT#") {
			products = append(products, it)
		}
	}
	require.GreaterOrEqual(t, len(products), 2, "segment 1 holds two products")
	x, y := products[0], products[1]
	xKey, yKey := dynamo.Text(x["PK"]), dynamo.Text(y["PK"])
	_, err = f.client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("races"), Key: dynamo.Key(x, f.base.Tables[0].Primary.KeyAttrs())})
	require.NoError(t, err)
	moved := map[string]types.AttributeValue{}
	for k, v := range y {
		moved[k] = v
	}
	oldCategory := dynamo.Text(y["category"])
	moved["category"] = &types.AttributeValueMemberS{Value: "moved"}
	_, err = f.client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("races"), Item: moved})
	require.NoError(t, err)

	cu := f.catchUp(t)
	require.False(t, cu.CopyComplete)
	require.True(t, cu.CaughtUp)
	require.EqualValues(t, 2, cu.Tombstones)
	// 21 puts: the 20 products written before the copy (within the clock
	// skew the catch-up allows at the copy's start) and Y's new version.
	require.Equal(t, &CatchUpCounts{Puts: 21, Deletes: 1, Rekeyed: 1}, cu.Entities["Product"])
	id := strings.TrimPrefix(xKey, "PRODUCT#")
	xHead := "PRODUCT#" + dynamo.Text(x["category"]) + "#" + id
	require.True(t, dynamo.IsTombstone(f.get(t, "races-next", xHead, xKey)), "X's tombstone")
	yID := strings.TrimPrefix(yKey, "PRODUCT#")
	require.True(t, dynamo.IsTombstone(f.get(t, "races-next", "PRODUCT#"+oldCategory+"#"+yID, yKey)), "Y's old key's tombstone")
	require.Equal(t, "moved", dynamo.Text(f.get(t, "races-next", "PRODUCT#moved#"+yID, yKey)["category"]), "Y's new version")

	// The copy's puts of X and of Y's old version, read before the writes.
	id1, err := DescribeIdentity(ctx, f.client, "races")
	require.NoError(t, err)
	tgt, err := openTarget(ctx, f.plan.Copy("app"), f.opts(nil), id1)
	require.NoError(t, err)
	r, err := newRunner(f.plan, f.opts(nil), &Checkpoint{Result: Result{Entities: map[string]*Counts{}}})
	require.NoError(t, err)
	r.copy, r.tgt = f.plan.Copy("app"), tgt
	pr := pageResult{entities: map[string]*Counts{}}
	require.NoError(t, r.copyItem(ctx, x, &pr))
	require.NoError(t, r.copyItem(ctx, y, &pr))
	require.Equal(t, &Counts{Items: 2, Deleted: 2}, pr.entities["Product"], "the tombstones are kept: neither comes back")
	require.True(t, dynamo.IsTombstone(f.get(t, "races-next", xHead, xKey)))

	res, err = Run(ctx, f.plan, f.opts(&one))
	require.NoError(t, err)
	require.True(t, res.Complete)
	// The migration's totals: segment 0 copied its products; the catch-up
	// replayed the products' writes from before the copy, so segment 1's
	// (X deleted) were in the target already, Y's new version among them.
	require.EqualValues(t, 20-len(products), res.Entities["Product"].Updated)
	require.EqualValues(t, len(products)-1, res.Entities["Product"].Already)

	cu = f.catchUp(t)
	require.True(t, cu.CopyComplete)
	require.EqualValues(t, 2, cu.TombstonesRemoved)
	require.Nil(t, f.get(t, "races-next", xHead, xKey))
	rep, err := Check(ctx, f.plan, CheckOptions{Client: f.client, Table: "races", Label: "app", Target: "races-next", Segments: 2})
	require.NoError(t, err)
	require.True(t, rep.OK(), "%v", rep.Findings)
	require.Equal(t, &CopyCheck{Base: "app", Target: "app-next", Entities: rep.Copy.Entities}, rep.Copy, "nothing missing, stale, extra or left")
	require.EqualValues(t, 19, rep.Copy.Entities["Product"].Base)
	require.EqualValues(t, 19, rep.Copy.Entities["Product"].Head)
	require.Equal(t, rep.Copy.Entities["Product"].BaseSum, rep.Copy.Entities["Product"].HeadSum)
}

// TestLiveCopyCollision: HEAD's key template gives two BASE items one key
// (lower(username)): the copy puts the first and fails the second, naming
// the key and the item that holds it; the check reports the one whose
// copy is not in the target as missing, naming the item that took its
// key, and the counts per entity differ.
func TestLiveCopyCollision(t *testing.T) {
	tftest.Parallel(t)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	head := rekeyHead(t,
		[2]string{"    PK = \"CUSTOMER#${username}\"\n    SK = \"PROFILE\"", "    PK = \"CUSTOMER#${lower(username)}\"\n    SK = \"PROFILE\""})
	data := []value{
		{"Customer", cty.ObjectVal(map[string]cty.Value{"username": cty.StringVal("ann"), "email": cty.StringVal("a@example.com"), "name": cty.StringVal("Ann")})},
		{"Customer", cty.ObjectVal(map[string]cty.Value{"username": cty.StringVal("ANN"), "email": cty.StringVal("b@example.com"), "name": cty.StringVal("ANN")})},
	}
	f := newCopyFixture(t, target, "coll", head, data)
	opts := f.opts(nil)
	opts.Segments = 1
	res, err := Run(ctx, f.plan, opts)
	require.NoError(t, err)
	c := res.Entities["Customer"]
	require.Equal(t, int64(2), c.Items)
	require.Equal(t, int64(1), c.Updated)
	require.Equal(t, int64(1), c.Failed)
	require.Len(t, res.Errors, 1)
	require.Regexp(t, `^Customer \{PK="CUSTOMER#(ann|ANN)", SK="PROFILE"\}: HEAD's key \{PK="CUSTOMER#ann", SK="PROFILE"\} is taken by another item \(the copy of Customer \{PK="CUSTOMER#(ann|ANN)", SK="PROFILE"\}\): HEAD's templates give two BASE items one key$`, res.Errors[0])

	rep, err := Check(ctx, f.plan, CheckOptions{Client: f.client, Table: "coll", Label: "app", Target: "coll-next", Segments: 1})
	require.NoError(t, err)
	require.False(t, rep.OK())
	require.EqualValues(t, 1, rep.Copy.Missing)
	require.Regexp(t, `^missing in the target: Customer \{PK="CUSTOMER#ann", SK="PROFILE"\} \(BASE \{PK="CUSTOMER#(ann|ANN)", SK="PROFILE"\}\): HEAD's templates give BASE \{PK="CUSTOMER#(ann|ANN)", SK="PROFILE"\} the same key$`, rep.Findings[0])
	require.Contains(t, rep.Findings, fmt.Sprintf("entity Customer: BASE holds 2 items (checksum %s), the target 1 (checksum %s)", rep.Copy.Entities["Customer"].BaseSum, rep.Copy.Entities["Customer"].HeadSum))
}

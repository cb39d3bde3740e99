package cli

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
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
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// copyHead is examples/ecommerce with the sort-key prefix of OrderItem
// changed (ITEM# to LINE#, in the table's key, GSI1's and the pattern),
// the change of issue 28's online shop: a stored item's key cannot be
// updated, so the table is copied.
var copyHead = []struct{ old, new string }{
	{`    SK = "ITEM#${itemId}"`, `    SK = "LINE#${itemId}"`},
	{`    GSI1SK = "ITEM#${itemId}"`, `    GSI1SK = "LINE#${itemId}"`},
	{`    SK = begins_with("ITEM#")`, `    SK = begins_with("LINE#")`},
}

// baseWriter keeps writing to table as an application running BASE's code
// would, until stop is closed: new order items, products whose price
// changes, deleted order items, new customers with their e-mail guard
// items. It returns the number of writes made.
func baseWriter(t *testing.T, ctx context.Context, c *dynamodb.Client, s *hclschema.Schema, table string, stop <-chan struct{}) <-chan int {
	stored := map[string]*hclschema.Entity{}
	for _, e := range s.Tables[0].StoredEntities() {
		stored[e.Name] = e
	}
	put := func(entity string, v map[string]cty.Value) error {
		it, err := stored[entity].Item(cty.ObjectVal(v))
		if err != nil {
			return err
		}
		av, err := dynamo.ItemAV(it)
		if err != nil {
			return err
		}
		_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: av})
		return err
	}
	str, num := cty.StringVal, func(i int) cty.Value { return cty.NumberIntVal(int64(i)) }
	done := make(chan int, 1)
	go func() {
		n := 0
		defer func() { done <- n }()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			u, o := rand.IntN(100), fmt.Sprintf("o-%03d-%d", rand.IntN(100), rand.IntN(3))
			var err error
			switch i % 4 {
			case 0:
				err = put("OrderItem", map[string]cty.Value{"orderId": str(o), "itemId": str(fmt.Sprintf("w%d", i)),
					"productId": str(fmt.Sprintf("p-%03d", rand.IntN(100))), "quantity": num(1 + i%5), "price": num(i)})
			case 1:
				p := rand.IntN(100)
				err = put("Product", map[string]cty.Value{"productId": str(fmt.Sprintf("p-%03d", p)), "categoryId": str([]string{"books", "games", "music", "tools", "toys"}[p%5]),
					"title": str(fmt.Sprintf("Title %03d", 199-p)), "price": num(1000 + i)})
			case 2:
				_, err = c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(table), Key: map[string]types.AttributeValue{
					"PK": &types.AttributeValueMemberS{Value: "ORDER#" + o}, "SK": &types.AttributeValueMemberS{Value: "ITEM#" + strconv.Itoa(1+u%2)}}})
			default:
				name, email := fmt.Sprintf("w%04d", i), fmt.Sprintf("w%04d@example.com", i)
				if err = put("Customer", map[string]cty.Value{"username": str(name), "email": str(email), "name": str("Writer " + name), "createdAt": str("2024-06-01T10:00:00Z")}); err == nil {
					err = put("CustomerUniqueEmail", map[string]cty.Value{"email": str(email)})
				}
			}
			if err != nil {
				t.Errorf("writer: %v", err)
				return
			}
			n++
		}
	}()
	return done
}

// smallExampleData is exampleData of the first 100 customers and products
// (1,405 items of every entity): the copy test's load on a 2-core machine.
func smallExampleData() []exampleValue {
	var out []exampleValue
	for _, v := range exampleData() {
		keep := true
		for _, attr := range []string{"username", "orderId", "productId"} {
			if !v.val.Type().HasAttribute(attr) {
				continue
			}
			x := v.val.GetAttr(attr)
			if x.IsNull() {
				continue
			}
			var n int
			if _, err := fmt.Sscanf(strings.TrimLeft(x.AsString(), "uop-"), "%d", &n); err == nil && n >= 100 {
				keep = false
			}
		}
		if keep {
			out = append(out, v)
		}
	}
	return out
}

// entityCounts counts the items of a table per entity of s's table (the
// guard entities too) by recognising each.
func entityCounts(t *testing.T, ctx context.Context, c *dynamodb.Client, s *hclschema.Schema, table string) map[string]int {
	t.Helper()
	out := map[string]int{}
	var start map[string]types.AttributeValue
	for {
		items, next, err := dynamo.ScanPage(ctx, c, dynamo.ScanRequest{Table: table, Start: start, ConsistentRead: true})
		require.NoError(t, err)
		for _, it := range items {
			its := s.Tables[0].Recognize(dynamo.Values(it))
			require.Len(t, its, 1, "%v", it)
			out[its[0].Entity.Name]++
		}
		if start = next; start == nil {
			return out
		}
	}
}

// TestLiveMigrateCopy is issue 28's table copy on DynamoDB Local, with the
// tfdyn binary: BASE is examples/ecommerce with its 3,905 items, HEAD
// changes OrderItem's sort-key prefix. A copy into a table that holds
// foreign items, and a copy of a BASE table without a stream, are refused
// (exit 2) and write nothing. Then, while a writer keeps writing to BASE,
// the copy runs (rate-limited) and the catch-up follows BASE's stream;
// each is killed with SIGKILL at a random moment and started again. Once
// the writer stops, a last catch-up applies the rest and removes the
// tombstones, and --check finds every BASE item's copy in the target: the
// same count and checksum per entity on both sides (counted here too), no
// item missing, stale or extra, every HEAD pattern as the oracle says.
func TestLiveMigrateCopy(t *testing.T) {
	tftest.Parallel(t)
	bin := tfdynBinary(t)
	target := ddblocaltest.Start(t)
	began := time.Now()
	step := func(what string) { t.Logf("%s: %s", time.Since(began).Round(100*time.Millisecond), what) }
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	dir := t.TempDir()
	src, err := os.ReadFile("../../examples/ecommerce/ecommerce.tfdyn.hcl")
	require.NoError(t, err)
	baseDir, headDir := filepath.Join(dir, "base"), filepath.Join(dir, "head")
	head := string(src)
	for _, e := range copyHead {
		require.Equal(t, 1, strings.Count(head, e.old), e.old)
		head = strings.Replace(head, e.old, e.new, 1)
	}
	for d, body := range map[string]string{baseDir: string(src), headDir: head} {
		require.NoError(t, os.MkdirAll(d, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(d, "ecommerce.tfdyn.hcl"), []byte(body), 0o644))
	}
	base, diags := hclschema.Load(baseDir)
	require.False(t, diags.HasErrors())
	hs, diags := hclschema.Load(headDir)
	require.False(t, diags.HasErrors())
	spec, headSpec := base.Tables[0].Spec(), hs.Tables[0].Spec()
	require.Equal(t, "NEW_AND_OLD_IMAGES", spec.StreamViewType)
	ddblocaltest.CreateTable(t, ctx, client, spec, "shop")
	ddblocaltest.CreateTable(t, ctx, client, headSpec, "shop-next")
	createControlTable(t, ctx, client, "ctl")
	putAll(t, ctx, client, base, "shop", smallExampleData())
	step("items written")
	ep := target.Endpoint()
	args := func(table string, extra ...string) []string {
		return append([]string{"migrate", baseDir, headDir, "--table", table, "--endpoint", ep, "--control-table", "ctl"}, extra...)
	}
	records := func() int {
		out, err := client.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("ctl"), Select: types.SelectCount})
		require.NoError(t, err)
		return int(out.Count)
	}

	// Refused before anything is written: a target with foreign items, a
	// BASE without a stream.
	ddblocaltest.CreateTable(t, ctx, client, headSpec, "foreign")
	_, err = client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("foreign"), Item: map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "X"}, "SK": &types.AttributeValueMemberS{Value: "Y"}}})
	require.NoError(t, err)
	code, _, errOut := runTfdyn(t, args("shop", "--to-table", "foreign")...)
	require.Equal(t, 2, code)
	require.Contains(t, errOut, `Error: the copy cannot start: the target table "foreign" already holds items ({PK="X", SK="Y"}) and no copy into it is recorded: a copy starts from an empty table, so that every item in it is a copy of BASE's; empty it or give another --to-table`+"\n")
	noStream := spec
	noStream.StreamViewType = ""
	ddblocaltest.CreateTable(t, ctx, client, noStream, "nostream")
	code, _, errOut = runTfdyn(t, args("nostream", "--to-table", "shop-next")...)
	require.Equal(t, 2, code)
	require.Contains(t, errOut, `Error: the copy cannot start: table "nostream" has no stream, and the catch-up reads the writes made during the copy from it: turn it on in BASE's schema (stream = "NEW_AND_OLD_IMAGES") and apply that first`+"\n")
	require.Zero(t, records(), "nothing written to the control table")
	require.Equal(t, map[string]int{}, entityCountsAny(t, ctx, client, "shop-next"), "nothing written to the target")

	step("refusals")
	// The writer, the copy (killed once) and the catch-up (killed once).
	stop := make(chan struct{})
	writes := baseWriter(t, ctx, client, base, "shop", stop)
	copyRun := startWorker(t, bin, args("shop", "--rate", "1500")...)
	waitFor(t, 30*time.Second, "the copy's first page", func() bool {
		return len(controlSegments(t, ctx, client, "ctl", "shop/copy/shop-next")) > 0
	})
	follow := startWorker(t, bin, args("shop", "--catch-up", "--follow")...)
	time.Sleep(time.Duration(200+rand.IntN(1500)) * time.Millisecond)
	require.NoError(t, copyRun.cmd.Process.Signal(syscall.SIGKILL)) // the process this test started
	require.Equal(t, -1, copyRun.wait(), "killed: %s%s", copyRun.stdout.String(), copyRun.stderr.String())
	segs := controlSegments(t, ctx, client, "ctl", "shop/copy/shop-next")
	t.Logf("copy killed with segments %v", segs)
	require.NoError(t, follow.cmd.Process.Signal(syscall.SIGKILL))
	follow.wait()
	follow = startWorker(t, bin, args("shop", "--catch-up", "--follow")...)
	copyRun = startWorker(t, bin, args("shop", "--rate", "1500")...)
	require.Equal(t, 0, copyRun.wait(), "%s%s", copyRun.stdout.String(), copyRun.stderr.String())
	step("copied")
	out := copyRun.stdout.String()
	require.Contains(t, out, "\ncopy table shop (shop) → shop-next\n")
	require.Regexp(t, `Resumed a checkpoint: earlier runs scanned \d+ items and updated \d+`, out)
	close(stop)
	n := <-writes
	t.Logf("the writer made %d writes during the copy", n)
	require.Greater(t, n, 20)
	require.NoError(t, follow.cmd.Process.Signal(syscall.SIGKILL))
	follow.wait()
	t.Logf("catch-up --follow: %s", follow.stderr.String())

	// The last catch-up: the rest of the stream, then the tombstones.
	code, out, _ = runTfdyn(t, args("shop", "--catch-up")...)
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "Caught up: the target holds every write read from the stream, and the copy is complete.\n")
	require.Regexp(t, `(?m)^  tombstones: \d+ written, \d+ removed$`, out)

	step("caught up")
	code, out, _ = runTfdyn(t, args("shop", "--check")...)
	step("checked")
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "    not copied: 0, missing: 0, stale: 0, of no BASE item: 0, tombstones left: 0\n")
	require.Contains(t, out, "OK: every item of BASE has its copy in the target, in HEAD's shape, and every pattern returns what HEAD's oracle computes.\n")
	counts := entityCounts(t, ctx, client, base, "shop")
	lineRE := regexp.MustCompile(`(?m)^    entity (\w+): BASE (\d+) items \(checksum ([0-9a-f]{16})\) = target (\d+) items \(checksum ([0-9a-f]{16})\)$`)
	lines := lineRE.FindAllStringSubmatch(out, -1)
	require.Len(t, lines, 7, out)
	for _, m := range lines {
		require.Equal(t, strconv.Itoa(counts[m[1]]), m[2], "BASE's %s items, counted here", m[1])
		require.Equal(t, m[2], m[4], m[1])
		require.Equal(t, m[3], m[5], m[1])
	}
	require.Equal(t, counts, entityCounts(t, ctx, client, hs, "shop-next"), "the target's items per entity, counted here")
	require.NotEqual(t, 1800, counts["OrderItem"], "the writer changed BASE during the copy")
}

// entityCountsAny counts a table's items by their partition key's prefix
// up to "#" (for tables of no schema).
func entityCountsAny(t *testing.T, ctx context.Context, c *dynamodb.Client, table string) map[string]int {
	t.Helper()
	items, _, err := dynamo.ScanPage(ctx, c, dynamo.ScanRequest{Table: table, ConsistentRead: true})
	require.NoError(t, err)
	out := map[string]int{}
	for _, it := range items {
		pk := dynamo.Text(it["PK"])
		out[strings.SplitN(pk, "#", 2)[0]]++
	}
	return out
}

// waitFor polls cond every 20 ms until it holds, failing the test after d.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s in %s", what, d)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

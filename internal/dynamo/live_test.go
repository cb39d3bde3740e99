package dynamo_test

import (
	"context"
	"sort"
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
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// createTable creates t's table on DynamoDB Local with the SDK (on demand,
// every GSI and LSI with its key schema and projection): the shapes are
// proven here without terraform, multi-attribute GSIs included.
func createTable(ctx context.Context, tb testing.TB, c *dynamodb.Client, t *hclschema.Table, name string) {
	tb.Helper()
	_, err := c.CreateTable(ctx, dynamo.CreateTableInput(t.Spec(), name))
	require.NoError(tb, err)
}

// table is the live table and the oracle's copy of it.
type table struct {
	c     *dynamodb.Client
	name  string
	t     *hclschema.Table
	items []hclschema.Item
}

// scan returns every stored item canonically, sorted.
func (tb *table) scan(ctx context.Context, t *testing.T) []string {
	var out []string
	var start map[string]types.AttributeValue
	for {
		page, next, err := dynamo.ScanPage(ctx, tb.c, dynamo.ScanRequest{Table: tb.name, Start: start, ConsistentRead: true})
		require.NoError(t, err)
		for _, it := range page {
			out = append(out, dynamo.CanonItem(it))
		}
		if start = next; len(start) == 0 {
			break
		}
	}
	sort.Strings(out)
	return out
}

// model returns the oracle's items canonically, sorted.
func (tb *table) model(t *testing.T) []string {
	var out []string
	for _, it := range tb.items {
		av, err := dynamo.ItemAV(it)
		require.NoError(t, err)
		out = append(out, dynamo.CanonItem(av))
	}
	sort.Strings(out)
	return out
}

// stored finds the oracle's item under a key.
func (tb *table) stored(wr *hclschema.Write, key map[string]types.AttributeValue) *hclschema.Item {
	want := dynamo.KeyString(key, tb.t.Primary.KeyAttrs())
	for i := range tb.items {
		av, _ := dynamo.ItemAV(tb.items[i])
		if dynamo.KeyString(av, tb.t.Primary.KeyAttrs()) == want {
			return &tb.items[i]
		}
	}
	return nil
}

// read runs every input set of p live and compares the items, in order and
// with the request's projection, with the oracle.
func (tb *table) read(ctx context.Context, t *testing.T, p *hclschema.AccessPattern, inputs map[string]cty.Value) {
	b, err := hclschema.Bind(p, inputs)
	require.NoError(t, err)
	shape, err := dynamo.Read(p)
	require.NoError(t, err)
	call, err := shape.Bind(b)
	require.NoError(t, err)
	var res dynamo.ReadResult
	exp := oracle.Run(b, tb.items)
	var want []string
	for _, it := range exp.Items {
		if len(shape.ProjectionPaths) > 0 {
			it = hclschema.Item{Entity: it.Entity, Attrs: hclschema.ProjectPaths(it.Attrs, shape.ProjectionPaths)}
		}
		av, err := dynamo.ItemAV(it)
		require.NoError(t, err)
		want = append(want, dynamo.CanonItem(av))
	}
	var got []string
	for attempt := 0; attempt < 5; attempt++ { // GSIs are eventually consistent
		res, err = call.Run(ctx, tb.c, tb.name, dynamo.ReadOptions{ConsumedCapacity: true})
		require.NoError(t, err, res.Request)
		got = got[:0]
		for _, it := range res.Items {
			got = append(got, dynamo.CanonItem(it))
		}
		if strings.Join(got, "\n") == strings.Join(want, "\n") {
			break
		}
		time.Sleep(time.Duration(100<<attempt) * time.Millisecond)
	}
	require.Equal(t, want, got, "%s %s", p.Name, res.Request)
	if len(res.Items) > 0 {
		require.Positive(t, res.Consumed, "ReturnConsumedCapacity: %s", res.Request)
	}
}

// write sends w live with inputs and compares the outcome and the table
// afterwards with the oracle.
func (tb *table) write(ctx context.Context, t *testing.T, w *hclschema.WritePattern, inputs map[string]cty.Value, want string) {
	exp, err := oracle.ApplyWrite(w, tb.items, inputs)
	require.NoError(t, err)
	require.Equal(t, want, exp.String(), "the oracle's outcome of %s", w.Name)
	shape, err := dynamo.Write(w)
	require.NoError(t, err)
	call, err := shape.Bind(inputs, tb.stored)
	require.NoError(t, err)
	_, err = call.Send(ctx, tb.c, tb.name, dynamo.WriteOptions{})
	got, err := dynamo.Outcome(err)
	require.NoError(t, err)
	require.Equal(t, exp.LocalString(), got, w.Name)
	tb.items = exp.Items
	require.Equal(t, tb.model(t), tb.scan(ctx, t), "the table after %s", w.Name)
}

// TestLiveShapes sends every request shape of testdata/shapes/wire.tfdyn.hcl
// to DynamoDB Local (reserved words as names, a multi-attribute GSI, a
// sparse index an update moves items into and out of, guard items, every
// filter form, projections) and compares results, outcomes and the stored
// items with the oracle.
func TestLiveShapes(t *testing.T) {
	tftest.Parallel(t)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	c, err := target.NewClient(ctx)
	require.NoError(t, err)
	s := loadSchema(t, "testdata/shapes/wire.tfdyn.hcl")
	tb := &table{c: c, name: "wire", t: s.Table("wire")}
	createTable(ctx, t, c, tb.t, tb.name)

	for _, e := range tb.t.Entities {
		for _, ex := range e.Examples {
			it, err := e.Item(ex.Values)
			require.NoError(t, err)
			tb.items = append(tb.items, it)
			for _, u := range e.Unique {
				g, err := u.Guard.Item(cty.ObjectVal(map[string]cty.Value{u.Attr: it.Attrs[u.Attr]}))
				require.NoError(t, err)
				tb.items = append(tb.items, g)
			}
		}
	}
	for _, it := range tb.items {
		av, err := dynamo.ItemAV(it)
		require.NoError(t, err)
		_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(tb.name), Item: av})
		require.NoError(t, err)
	}
	require.Equal(t, tb.model(t), tb.scan(ctx, t))

	reads := func(stage string) {
		for _, p := range s.Patterns {
			sets := hclschema.InputSets(p)
			require.NotEmpty(t, sets, p.Name)
			for _, set := range sets {
				t.Run(stage+"/"+p.Name, func(t *testing.T) { tb.read(ctx, t, p, set.Values) })
			}
		}
	}
	reads("examples")

	str, num := cty.StringVal, cty.NumberIntVal
	entry := func(at, text string) cty.Value {
		return cty.ObjectVal(map[string]cty.Value{"at": str(at), "text": str(text)})
	}
	ticket := func(id, status string, size int64) map[string]cty.Value {
		return map[string]cty.Value{"owner": str("bob"), "id": str(id), "status": str(status), "name": str("desk"),
			"size": num(size), "date": str("2024-07-0" + id[1:]), "region": str("eu"), "version": num(1)}
	}
	steps := []struct {
		pattern string
		inputs  map[string]cty.Value
		want    string
	}{
		{"open_account", map[string]cty.Value{"owner": str("bob"), "email": str("bob@example.com"), "name": str("Bob")}, "ok"},
		{"open_account", map[string]cty.Value{"owner": str("cid"), "email": str("bob@example.com"), "name": str("Cid")}, "TransactionCanceledException [None, ConditionalCheckFailed]"},
		{"file_ticket", ticket("t4", "OPEN", 7), "ok"},
		{"file_ticket", ticket("t4", "OPEN", 7), "ConditionalCheckFailedException"},
		{"file_ticket", ticket("t5", "CLOSED", 2), "ok"},
		// t1 leaves the sparse index Open (the REMOVE form), t2 enters it
		// (the SET form with the keys of the stored item).
		{"set_status", map[string]cty.Value{"owner": str("ann"), "id": str("t1"), "status": str("CLOSED")}, "ok"},
		{"set_status", map[string]cty.Value{"owner": str("ann"), "id": str("t2"), "status": str("OPEN")}, "ok"},
		{"redate", map[string]cty.Value{"owner": str("ann"), "id": str("t3"), "date": str("2024-08-01")}, "ok"},
		{"close_ticket", map[string]cty.Value{"owner": str("ann"), "id": str("t3"), "name": str("stool"), "seen": num(1)}, "ConditionalCheckFailedException"},
		{"close_ticket", map[string]cty.Value{"owner": str("ann"), "id": str("t3"), "name": str("stool"), "seen": num(2)}, "ok"},
		{"drop_ticket", map[string]cty.Value{"owner": str("bob"), "id": str("t4"), "max_size": num(3)}, "ConditionalCheckFailedException"},
		{"drop_ticket", map[string]cty.Value{"owner": str("bob"), "id": str("t5"), "max_size": num(3)}, "ok"},
		// Documents: a path the item lacks is refused (ValidationException),
		// then the document is written, appended to and pruned.
		{"note_ticket_unchecked", map[string]cty.Value{"owner": str("ann"), "id": str("t1"), "entry": entry("2024-05-02", "jam again")}, "ValidationException"},
		{"note_ticket", map[string]cty.Value{"owner": str("ann"), "id": str("t1"), "entry": entry("2024-05-02", "jam again")}, "ConditionalCheckFailedException"},
		{"note_and_rename", map[string]cty.Value{"owner": str("ann"), "id": str("t1"), "name": str("Annie"), "entry": entry("2024-05-02", "jam again")}, "TransactionCanceledException [None, ValidationError]"},
		{"start_log", map[string]cty.Value{"owner": str("ann"), "id": str("t1"), "at": str("2024-05-02"),
			"log": cty.ObjectVal(map[string]cty.Value{"entries": cty.ListVal([]cty.Value{entry("2024-05-02", "jam")}), "owner": str("ann")})}, "ok"},
		{"start_log", map[string]cty.Value{"owner": str("ann"), "id": str("t1"), "at": str("2024-05-09"),
			"log": cty.ObjectVal(map[string]cty.Value{"entries": cty.ListValEmpty(entry("", "").Type()), "owner": cty.NullVal(cty.String)})}, "ConditionalCheckFailedException"},
		{"note_ticket", map[string]cty.Value{"owner": str("ann"), "id": str("t1"), "entry": entry("2024-05-03", "cleared")}, "ok"},
		{"note_ticket_unchecked", map[string]cty.Value{"owner": str("ann"), "id": str("t1"), "entry": entry("2024-05-04", "fine")}, "ok"},
		{"move_ticket", map[string]cty.Value{"owner": str("cid"), "id": str("t4"), "name": str("Cid")}, "TransactionCanceledException [ConditionalCheckFailed, ConditionalCheckFailed]"},
		{"move_ticket", map[string]cty.Value{"owner": str("bob"), "id": str("t4"), "name": str("Robert")}, "ok"},
		// Per-write inputs: two tickets in one transaction.
		{"split_ticket", map[string]cty.Value{"owner": str("bob"), "name": str("Bobby"),
			"first": cty.ObjectVal(ticket("t6", "OPEN", 1)), "second": cty.ObjectVal(ticket("t7", "CLOSED", 2))}, "ok"},
		{"split_ticket", map[string]cty.Value{"owner": str("bob"), "name": str("Bob"),
			"first": cty.ObjectVal(ticket("t8", "OPEN", 1)), "second": cty.ObjectVal(ticket("t7", "OPEN", 9))}, "TransactionCanceledException [None, ConditionalCheckFailed, None]"},
		// A unique e-mail changed: the current value's guard deleted, the
		// new value's put; a taken value, a stale current value and the
		// same value (no guard write sent).
		{"change_email", map[string]cty.Value{"owner": str("bob"), "current_email": str("bob@example.com"), "email": str("rob@example.com")}, "ok"},
		{"change_email", map[string]cty.Value{"owner": str("ann"), "current_email": str("ann@example.com"), "email": str("rob@example.com")}, "TransactionCanceledException [None, None, ConditionalCheckFailed]"},
		{"change_email", map[string]cty.Value{"owner": str("bob"), "current_email": str("bob@example.com"), "email": str("bo@example.com")}, "TransactionCanceledException [ConditionalCheckFailed, None, None]"},
		{"change_email", map[string]cty.Value{"owner": str("bob"), "current_email": str("rob@example.com"), "email": str("rob@example.com")}, "ok"},
		// The owner deleted with its guard: the stored e-mail must be the
		// one given; then the e-mail is free again.
		{"close_account", map[string]cty.Value{"owner": str("bob"), "email": str("bob@example.com")}, "TransactionCanceledException [ConditionalCheckFailed, None]"},
		{"close_account", map[string]cty.Value{"owner": str("bob"), "email": str("rob@example.com")}, "ok"},
		{"open_account", map[string]cty.Value{"owner": str("cid"), "email": str("rob@example.com"), "name": str("Cid")}, "ok"},
	}
	for i, st := range steps {
		w := s.WritePattern(st.pattern)
		require.NotNil(t, w, st.pattern)
		t.Run(st.pattern, func(t *testing.T) { tb.write(ctx, t, w, st.inputs, st.want) })
		if i == 7 {
			reads("after-redate")
		}
	}
	reads("after-writes")
}

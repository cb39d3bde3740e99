package schemadiff

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

func load(t *testing.T, path string) *hclschema.Schema {
	t.Helper()
	s, diags := hclschema.Load(path)
	require.False(t, diags.HasErrors(), "%s: %s", path, diags.Error())
	return s
}

// golden compares got with testdata/NAME, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(p, got, 0o644))
		return
	}
	want, err := os.ReadFile(p)
	require.NoError(t, err, "run go test ./internal/schemadiff -update to create it")
	require.Equal(t, string(want), string(got), "%s is stale (go test ./internal/schemadiff -update, then review the diff)", p)
}

type want struct {
	code Code
	addr string
	// at is where HEAD declares the change (file:line:col), "" when absent.
	at       string
	patterns []string
	entities []string
}

// TestDiffClasses diffs testdata/base with one HEAD per class and checks
// every change (code, address, HEAD position, patterns, entities) and the
// text and Markdown reports against goldens.
func TestDiffClasses(t *testing.T) {
	cases := map[string][]want{
		"additive": {
			{GSIAdded, "table.app.index.ByStatus", "testdata/additive/app.tfdyn.hcl:15:3", nil, nil},
			{EntityAdded, "entity.Review", "testdata/additive/app.tfdyn.hcl:120:1", nil, nil},
			{PatternAdded, "access_pattern.orders_by_status", "testdata/additive/app.tfdyn.hcl:137:1", []string{"orders_by_status"}, nil},
			{OptionalAttrAdded, "entity.Order.attribute.note", "testdata/additive/app.tfdyn.hcl:50:5", nil, nil},
			{SettingChanged, "table.app", "testdata/additive/app.tfdyn.hcl:2:1", nil, nil},
		},
		"backfill": {
			{PatternChanged, "access_pattern.customer_by_email", "testdata/backfill/app.tfdyn.hcl:94:1", []string{"customer_by_email"}, nil},
			{EntityJoinsIndex, "entity.Order.index.GSI2", "testdata/backfill/app.tfdyn.hcl:59:3", []string{"open_orders"}, []string{"Order"}},
			{EntityJoinsIndex, "entity.Product.index.GSI1", "testdata/backfill/app.tfdyn.hcl:83:3", []string{"products_in_category"}, []string{"Product"}},
			{IndexTemplateChanged, "entity.Customer.index.GSI1", "testdata/backfill/app.tfdyn.hcl:31:3", []string{"customer_by_email"}, []string{"Customer"}},
			{GSIAdded, "table.app.index.GSI2", "testdata/backfill/app.tfdyn.hcl:15:3", nil, nil},
			{PatternAdded, "access_pattern.open_orders", "testdata/backfill/app.tfdyn.hcl:128:1", []string{"open_orders"}, nil},
			{PatternAdded, "access_pattern.products_in_category", "testdata/backfill/app.tfdyn.hcl:136:1", []string{"products_in_category"}, nil},
		},
		"items": {
			{PatternChanged, "access_pattern.product", "testdata/items/app.tfdyn.hcl:108:1", []string{"product"}, nil},
			{AttrRemoved, "entity.Order.attribute.expiresAt", "testdata/items/app.tfdyn.hcl:39:1", []string{"order_by_id", "orders_for_customer"}, nil},
			{KeyTemplateChanged, "entity.Product.key.PK", "testdata/items/app.tfdyn.hcl:72:5", []string{"product"}, []string{"Product"}},
			{RequiredAttrAdded, "entity.Customer.attribute.tier", "testdata/items/app.tfdyn.hcl:21:5", []string{"customer_by_email"}, []string{"Customer"}},
			{AttrTypeChanged, "entity.Order.attribute.total", "testdata/items/app.tfdyn.hcl:45:17", []string{"order_by_id", "orders_for_customer"}, []string{"Order"}},
			{TTLChanged, "table.app", "testdata/items/app.tfdyn.hcl:2:1", nil, []string{"Order"}},
			{OptionalAttrAdded, "entity.Order.attribute.expireAt", "testdata/items/app.tfdyn.hcl:46:5", nil, nil},
		},
		"membership": {
			{PatternRemoved, "access_pattern.order_by_id", "", []string{"order_by_id"}, nil},
			{SparseChanged, "entity.Customer.index.GSI1", "testdata/membership/app.tfdyn.hcl:27:14", []string{"customer_by_email"}, []string{"Customer"}},
			{EntityLeavesIndex, "entity.Order.index.GSI1", "testdata/membership/app.tfdyn.hcl:38:1", []string{"order_by_id"}, []string{"Order"}},
		},
		"readers": {
			{PatternRemoved, "access_pattern.product", "", []string{"product"}, nil},
			{PatternChanged, "access_pattern.orders_for_customer", "testdata/readers/app.tfdyn.hcl:86:1", []string{"orders_for_customer"}, nil},
			{AttrRemoved, "entity.Customer.attribute.name", "testdata/readers/app.tfdyn.hcl:16:1", []string{"customer_by_email"}, nil},
		},
		"destructive": {
			{EntityRemoved, "entity.Product", "", []string{"product"}, []string{"Product"}},
			{LSIChanged, "table.app", "testdata/destructive/app.tfdyn.hcl:2:1", []string{"customer_by_email", "order_by_id", "orders_for_customer", "product"}, []string{"Customer", "Order", "Product"}},
			{GSIRebuilt, "table.app.index.GSI1", "testdata/destructive/app.tfdyn.hcl:9:3", []string{"customer_by_email", "order_by_id"}, nil},
			{ProtectionOff, "table.app", "testdata/destructive/app.tfdyn.hcl:2:1", nil, nil},
			{PatternRemoved, "access_pattern.product", "", []string{"product"}, nil},
		},
	}
	for name, wants := range cases {
		t.Run(name, func(t *testing.T) {
			rep := Diff(load(t, "testdata/base"), load(t, "testdata/"+name))
			rep.Base, rep.Head = "testdata/base", "testdata/"+name
			var got []want
			for _, c := range rep.Changes {
				got = append(got, want{c.Code, c.Address, where(c.Head), c.Patterns, c.Entities})
			}
			require.Equal(t, wants, got)
			var text, md bytes.Buffer
			require.NoError(t, rep.WriteText(&text))
			require.NoError(t, rep.WriteMarkdown(&md))
			golden(t, name+"/want.txt", text.Bytes())
			golden(t, name+"/want.md", md.Bytes())
		})
	}
}

// TestMarkdownAcknowledged: the pull-request comment of a change whose
// blocking changes are acknowledged (✅, the reason and its source in the
// details, nothing blocks) and of one where some still block (⛔, an --ack
// line for each of those only).
func TestMarkdownAcknowledged(t *testing.T) {
	for name, acks := range map[string][]Ack{
		"backfill": {{Code: string(PatternChanged), Address: "access_pattern.customer_by_email", Reason: "callers send lower-case emails from release 7", Source: "--ack"}},
		"destructive": {
			{Code: string(GSIRebuilt), Address: "table.app.index.GSI1", Reason: "projection narrowed on purpose", Source: "schema/tfdyn-diff-acks.hcl:1:1"},
			{Code: string(PatternRemoved), Address: "access_pattern.product", Reason: "no caller left", Source: "--ack"},
		},
	} {
		t.Run(name, func(t *testing.T) {
			rep := Diff(load(t, "testdata/base"), load(t, "testdata/"+name))
			rep.Base, rep.Head = "testdata/base", "testdata/"+name
			require.Empty(t, rep.Acknowledge(acks))
			var md bytes.Buffer
			require.NoError(t, rep.WriteMarkdown(&md))
			golden(t, name+"/want-acked.md", md.Bytes())
		})
	}
}

// TestCodesDocumented: docs/diff.md has a row for every change code with
// its class, and no row for a code that does not exist.
func TestCodesDocumented(t *testing.T) {
	b, err := os.ReadFile("../../docs/diff.md")
	require.NoError(t, err)
	rows := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) > 3 && strings.HasPrefix(strings.TrimSpace(cells[1]), "SD") {
			rows[strings.TrimSpace(cells[1])] = strings.TrimSpace(cells[2])
		}
	}
	require.Len(t, rows, len(Codes))
	for _, c := range Codes {
		require.Equal(t, c.Class.String(), rows[string(c.Code)], c.Code)
	}
}

// TestWriteJSON: the JSON report carries every change with its verdict and
// the acknowledgement's reason.
func TestWriteJSON(t *testing.T) {
	rep := Diff(load(t, "testdata/base"), load(t, "testdata/readers"))
	rep.Base, rep.Head = "testdata/base", "testdata/readers"
	rep.Acknowledge([]Ack{{Code: string(AttrRemoved), Address: "entity.Customer.*", Reason: "name moved to the profile service"}})
	var buf bytes.Buffer
	require.NoError(t, rep.WriteJSON(&buf))
	var got JSONReport
	require.NoError(t, json.Unmarshal(buf.Bytes(), &got))
	require.Equal(t, 2, got.Blocking)
	require.Equal(t, JSONChange{Code: "SD403", Class: "breaking for readers", Address: "entity.Customer.attribute.name",
		Summary: `attribute "name" of entity "Customer" removed`,
		Detail:  `Entity "Customer" no longer declares "name". Stored items keep it, but readers that expect it get nothing from new items.`,
		Base:    "testdata/base/app.tfdyn.hcl:20:5", Head: "testdata/readers/app.tfdyn.hcl:16:1",
		Patterns: []string{"customer_by_email"}, Entities: []string{}, Acknowledged: "name moved to the profile service"}, got.Changes[2])
	require.True(t, got.Changes[0].Blocking)
	require.Equal(t, []string{}, got.Changes[0].Entities)
}

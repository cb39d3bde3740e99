package lsp

import (
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

const schemaPath = "/s/app.tfdyn.hcl"

const schemaText = `table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "Open" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}

entity "Order" {
  table = table.app
  attributes = {
    customer = string
    orderId  = string
    status   = string
    seq      = number
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${seq}#${orderId}"
  }
  index "Open" {
    when   = status == "OPEN"
    GSI1PK = "OPEN"
    GSI1SK = "${orderId}"
  }
  example "a" {
    customer = "alice"
    orderId  = "o-1"
    status   = "OPEN"
    seq      = 7
  }
  example "b" {
    customer = "bob"
    orderId  = "o-2"
    status   = "SHIPPED"
    seq      = 12
  }
}

access_pattern "orders_for_customer" {
  description = "Orders of a customer"
  entity      = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = begins_with("ORDER#")
  }
}

access_pattern "open_orders" {
  entity = entity.Order
  index  = "Open"
  key {
    GSI1PK = "OPEN"
  }
}
`

// snap checks text as the one file of a schema.
func snap(t *testing.T, text string) *snapshot {
	t.Helper()
	return New(Options{}).load("/s", map[string]string{schemaPath: text})
}

// at returns the byte offset of the n-th (from 0) occurrence of marker in
// text plus delta.
func at(t *testing.T, text, marker string, n, delta int) int {
	t.Helper()
	off := -1
	for i := 0; i <= n; i++ {
		j := strings.Index(text[off+1:], marker)
		require.GreaterOrEqual(t, j, 0, "marker %q #%d", marker, n)
		off += 1 + j
	}
	return off + delta
}

func labels(items []protocol.CompletionItem) []string {
	out := []string{}
	for _, it := range items {
		out = append(out, it.Label)
	}
	sort.Strings(out)
	return out
}

// TestComplete: what completion offers at each kind of place.
func TestComplete(t *testing.T) {
	s := snap(t, schemaText)
	require.False(t, s.diags.HasErrors(), s.diags.Error())
	for _, c := range []struct {
		name string
		text string
		off  int
		want []string
	}{
		{"top level", schemaText + "\n", len(schemaText) + 1, []string{"accept", "access_pattern", "entity", "table", "write_pattern"}},
		{"table arguments", schemaText, at(t, schemaText, "  sort_key      = \"SK\"", 0, 2),
			[]string{"billing_mode", "consistency_mode", "deletion_protection", "global_secondary_index", "key_types", "local_secondary_index", "name", "on_demand_throughput", "partition_key", "point_in_time_recovery", "point_in_time_recovery_period", "read_capacity", "replica", "resource_policy", "server_side_encryption", "sort_key", "stream", "table_class", "tags", "ttl", "warm_throughput", "witness_region", "write_capacity"}},
		{"attribute in a key template", schemaText, at(t, schemaText, "${customer}", 0, 2), []string{"customer", "orderId", "seq", "status"}},
		{"attribute in when", schemaText, at(t, schemaText, "status == ", 0, 0), []string{"customer", "orderId", "seq", "status"}},
		{"entity reference", schemaText, at(t, schemaText, "entity.Order", 0, len("entity.")), []string{"Order"}},
		{"table reference", schemaText, at(t, schemaText, "table.app", 0, len("table.")), []string{"app"}},
		{"index name", schemaText, at(t, schemaText, `"Open"`, 2, 1), []string{"Open", "table"}},
		{"pattern key block", schemaText, at(t, schemaText, "    GSI1PK = \"OPEN\"\n  }\n}", 0, 4), []string{"GSI1PK", "GSI1SK"}},
		{"entity index block", schemaText, at(t, schemaText, "    GSI1SK = \"${orderId}\"", 0, 4), []string{"GSI1PK", "GSI1SK", "when"}},
		{"inputs in a pattern key", schemaText, at(t, schemaText, "${customer}", 1, 2), []string{"customer", "orderId", "seq", "status"}},
		{"after a value: nothing", schemaText, at(t, schemaText, `"PK"`, 0, 4), []string{}},
		{"in a comment: nothing", "# entity.\n", 9, []string{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, labels(Complete(s, c.text, c.off)))
		})
	}
}

// TestHover: a key template shows each example's key or why it is not in
// the index; a pattern shows its operation, results and read units.
func TestHover(t *testing.T) {
	s := snap(t, schemaText)
	md, rng, ok := Hover(s, schemaPath, schemaText, at(t, schemaText, "ORDER#${seq}", 0, 1))
	require.True(t, ok)
	require.Equal(t, "SK = \"ORDER#${seq}#${orderId}\"", schemaText[rng.Start.Byte:rng.End.Byte])
	require.Equal(t, "**SK** (table key, S) = `ORDER#${seq}#${orderId}`\n\n| Example | SK |\n| --- | --- |\n"+
		"| Order[\"a\"] | `\"ORDER#7#o-1\"` |\n| Order[\"b\"] | `\"ORDER#12#o-2\"` |\n", md)

	md, _, ok = Hover(s, schemaPath, schemaText, at(t, schemaText, `"${orderId}"`, 0, 2))
	require.True(t, ok)
	require.Contains(t, md, "| Order[\"a\"] | `\"o-1\"` |\n")
	require.Contains(t, md, "| Order[\"b\"] | not in index: `when status == \"OPEN\"` is false |\n")

	md, _, ok = Hover(s, schemaPath, schemaText, at(t, schemaText, "orders_for_customer", 0, 3))
	require.True(t, ok)
	require.Contains(t, md, "**orders_for_customer**: Query on table, returns Order")
	require.Contains(t, md, "| `customer = \"alice\"` | Order[\"a\"] | 0.5 (1 items read) |")

	// A document edited since the last check: no hover (positions moved).
	_, _, ok = Hover(s, schemaPath, schemaText+" ", 10)
	require.False(t, ok)
}

// TestDefinition: references lead to their declarations.
func TestDefinition(t *testing.T) {
	s := snap(t, schemaText)
	decl := func(off int) string {
		r, ok := Definition(s, schemaPath, schemaText, off)
		require.True(t, ok, "definition at %d", off)
		line := strings.Count(schemaText[:r.Start.Byte], "\n") + 1
		return schemaText[r.Start.Byte:r.End.Byte] + "@" + strconv.Itoa(line)
	}
	require.Equal(t, `entity "Order"@10`, decl(at(t, schemaText, "entity.Order", 0, 8)))
	require.Equal(t, `table "app"@1`, decl(at(t, schemaText, "table.app", 0, 7)))
	require.Equal(t, `"Open"@4`, decl(at(t, schemaText, `index  = "Open"`, 0, 11)))
	require.Equal(t, `customer@13`, decl(at(t, schemaText, "${customer}", 0, 3)))
	_, ok := Definition(s, schemaPath, schemaText, at(t, schemaText, "partition_key", 0, 2))
	require.False(t, ok)
}

// TestCodeActions: TD110 pads the number; a warning on an entity can be
// accepted with a reason to write.
func TestCodeActions(t *testing.T) {
	s := snap(t, schemaText)
	var td110 *protocol.Diagnostic
	srv := New(Options{})
	_ = srv
	for _, d := range s.diags {
		if d.Subject != nil && strings.Contains(d.Summary, "Unpadded") {
			x := toDiagnostic(schemaText, d)
			td110 = &x
		}
	}
	require.NotNil(t, td110, "TD110 on ${seq}: %s", s.diags.Error())
	actions := CodeActions(s, "file:///s/app.tfdyn.hcl", schemaPath, schemaText, []protocol.Diagnostic{*td110})
	require.Len(t, actions, 2)
	require.Equal(t, `Pad seq to 10 digits: format("%010d", seq)`, actions[0].Title)
	edit := actions[0].Edit.Changes["file:///s/app.tfdyn.hcl"][0]
	require.Equal(t, `format("%010d", seq)`, edit.NewText)
	start, end := offset(schemaText, edit.Range.Start), offset(schemaText, edit.Range.End)
	fixed := schemaText[:start] + edit.NewText + schemaText[end:]
	require.Contains(t, fixed, `SK = "ORDER#${format("%010d", seq)}#${orderId}"`)
	after := snap(t, fixed)
	for _, d := range after.diags {
		require.NotContains(t, d.Summary, "Unpadded")
	}
	require.Equal(t, "Accept TD110 on entity.Order (write the reason)", actions[1].Title)
	require.Equal(t, "\naccept \"TD110\" {\n  target = entity.Order\n  reason = \"\"\n}\n", actions[1].Edit.Changes["file:///s/app.tfdyn.hcl"][0].NewText)
}

// TestPositions: UTF-16 columns and byte offsets agree, also around
// characters outside the BMP; offsets past a line's end stop at it.
func TestPositions(t *testing.T) {
	text := "a😀b\nxy\n"
	require.Equal(t, protocol.Position{Line: 0, Character: 3}, position(text, 5))
	require.Equal(t, 5, offset(text, protocol.Position{Line: 0, Character: 3}))
	require.Equal(t, 1, offset(text, protocol.Position{Line: 0, Character: 2}), "inside a surrogate pair: before the character")
	require.Equal(t, 6, offset(text, protocol.Position{Line: 0, Character: 99}))
	require.Equal(t, len(text), offset(text, protocol.Position{Line: 9, Character: 0}))
	got, err := applyChange(text, protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{
		Start: protocol.Position{Line: 0, Character: 1}, End: protocol.Position{Line: 1, Character: 1}}, Text: "Z"})
	require.NoError(t, err)
	require.Equal(t, "aZy\n", got)
	_, err = applyChange(text, protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{
		Start: protocol.Position{Line: 1, Character: 1}, End: protocol.Position{Line: 0, Character: 1}}, Text: "Z"})
	require.EqualError(t, err, "change range ends (0:1) before it starts (1:1)")
}

// TestCompleteWritePattern: in a write pattern, set and condition offer
// the written entity's attributes, input. the pattern's inputs, and the
// update block its arguments.
func TestCompleteWritePattern(t *testing.T) {
	b, err := os.ReadFile("../../examples/ecommerce/ecommerce.tfdyn.hcl")
	require.NoError(t, err)
	text := string(b)
	s := New(Options{}).load("/s", map[string]string{schemaPath: text})
	require.False(t, s.diags.HasErrors(), s.diags.Error())
	order := []string{"expiresAt", "orderDate", "orderId", "status", "total", "username", "version"}
	require.Equal(t, order, labels(Complete(s, text, at(t, text, "set       = { status", 0, len("set       = { ")))))
	require.Equal(t, order, labels(Complete(s, text, at(t, text, "condition = version", 0, len("condition = ")))))
	require.Equal(t, []string{"expected_version", "orderDate", "orderId", "status", "username"}, labels(Complete(s, text, at(t, text, "input.status }", 0, len("input.")))))
	require.Equal(t, []string{"add", "condition", "entity", "remove", "set"}, labels(Complete(s, text, at(t, text, "    entity    = entity.Order\n    set", 0, 4))))
}

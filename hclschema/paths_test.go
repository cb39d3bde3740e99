package hclschema_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"

	"github.com/tfdyn/tfdyn/hclschema"
)

func TestParsePath(t *testing.T) {
	for in, want := range map[string]string{
		"Detail.Payments":      "Detail.Payments",
		"Items[0].Sku":         "Items[0].Sku",
		"m[2][10]":             "m[2][10]",
		"State#Date":           `attr("State#Date")`,
		"Shift Note.Text":      `attr("Shift Note").Text`,
		"Detail.Shift Note[1]": `Detail["Shift Note"][1]`,
	} {
		p, err := hclschema.ParsePath(in)
		require.NoError(t, err, in)
		require.Equal(t, want, p.String(), in)
	}
	for in, want := range map[string]string{
		"":            "an empty path names no attribute",
		".x":          `the path ".x" does not start with an attribute name`,
		"a..b":        `the path "a..b" has an empty name after a dot`,
		"a[x]":        `the path "a[x]" has the list index "x"; an index is a whole number from 0`,
		"a[1":         `the path "a[1" has a "[" without "]"`,
		"a]":          `the path "a]" has a "]" without "["`,
		"a[0]b":       `the path "a[0]b" has "b" after a list index; write a dot before a name`,
		"a[-1]":       `the path "a[-1]" has the list index "-1"; an index is a whole number from 0`,
		"Detail.[0]x": `the path "Detail.[0]x" has an empty name after a dot`,
	} {
		_, err := hclschema.ParsePath(in)
		require.EqualError(t, err, want, in)
	}
}

func TestTypeAt(t *testing.T) {
	ty := cty.Object(map[string]cty.Type{"Payments": cty.List(cty.Object(map[string]cty.Type{"Amount": cty.Number})), "Tags": cty.Map(cty.String)})
	p := func(s string) hclschema.Path { x, err := hclschema.ParsePath(s); require.NoError(t, err); return x }
	got, err := hclschema.TypeAt(ty, p("Detail.Payments[3].Amount"))
	require.NoError(t, err)
	require.Equal(t, cty.Number, got)
	got, err = hclschema.TypeAt(ty, p("Detail.Tags.anything"))
	require.NoError(t, err)
	require.Equal(t, cty.String, got)
	_, err = hclschema.TypeAt(ty, p("Detail.Payment"))
	require.EqualError(t, err, `Detail is object, which has no attribute "Payment" (it has "Payments" or "Tags")`)
	_, err = hclschema.TypeAt(ty, p("Detail.Payments.Amount"))
	require.EqualError(t, err, `Detail.Payments is list of object: it has no attribute "Amount"`)
	_, err = hclschema.TypeAt(ty, p("Detail.Tags[0]"))
	require.EqualError(t, err, `Detail.Tags is map of string, not a list: it has no element [0]`)
}

const documentSrc = `
table "shop" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Invoice" {
  attributes = {
    invoiceId = string
    total     = number
    paid      = optional(number)
    createdAt = optional(string)
    Detail    = optional(object({ Payments = list(object({ Type = string, Amount = number })), Note = optional(string) }))
  }
  key {
    PK = "INVOICE#${invoiceId}"
    SK = "INVOICE"
  }
  example {
    invoiceId = "i1"
    total     = 130
    Detail    = { Payments = [{ Type = "GiftCard", Amount = 100 }], Note = "first" }
  }
}
write_pattern "pay" {
  inputs = { payment = object({ Type = string, Amount = number }), now = string }
  update {
    entity    = entity.Invoice
    set       = { Detail.Payments = list_append(Detail.Payments, [input.payment]), createdAt = if_not_exists(createdAt, input.now), paid = total - input.payment.Amount }
    remove    = ["Detail.Note"]
    condition = attribute_exists(Detail.Payments) && Detail.Payments[0].Type != "Refund"
  }
}
write_pattern "pay_unchecked" {
  inputs = { payment = object({ Type = string, Amount = number }) }
  update {
    entity = entity.Invoice
    set    = { "Detail.Payments[5]" = input.payment }
  }
}
access_pattern "payments" {
  entity     = entity.Invoice
  attributes = ["Detail.Payments[0]", total]
  key {
    PK = "INVOICE#${invoiceId}"
    SK = "INVOICE"
  }
}
`

// TestDocumentUpdates: the evaluator applies list_append, if_not_exists,
// SET a = b and a - b over the item before the update, a nested SET (past
// the end of a list: appended) and REMOVE, conditions on paths, and an
// update of a path the item lacks is an InvalidUpdateError.
func TestDocumentUpdates(t *testing.T) {
	s, diags := hclschema.LoadSource("doc.tfdyn.hcl", []byte(documentSrc))
	require.False(t, diags.HasErrors(), diags.Error())
	it, ok := s.Entity("Invoice").Examples[0].Item()
	require.True(t, ok)
	pay := s.WritePattern("pay").Writes[0]
	payment := cty.ObjectVal(map[string]cty.Value{"Type": cty.StringVal("Card"), "Amount": cty.NumberIntVal(30)})
	in := map[string]cty.Value{"invoiceId": cty.StringVal("i1"), "payment": payment, "now": cty.StringVal("2024-05-01")}
	require.True(t, pay.ConditionHolds(&it, in))
	next, keep, err := pay.Apply(&it, in)
	require.NoError(t, err)
	require.True(t, keep)
	ps := next.Attrs["Detail"].GetAttr("Payments").AsValueSlice()
	require.Len(t, ps, 2)
	require.Equal(t, "Card", ps[1].GetAttr("Type").AsString())
	require.True(t, next.Attrs["Detail"].GetAttr("Note").IsNull())
	require.Equal(t, "2024-05-01", next.Attrs["createdAt"].AsString())
	require.Equal(t, "100", next.Attrs["paid"].AsBigFloat().String())

	// if_not_exists keeps what is there.
	again, _, err := pay.Apply(&next, map[string]cty.Value{"invoiceId": cty.StringVal("i1"), "payment": payment, "now": cty.StringVal("2030-01-01")})
	require.NoError(t, err)
	require.Equal(t, "2024-05-01", again.Attrs["createdAt"].AsString())
	require.Len(t, again.Attrs["Detail"].GetAttr("Payments").AsValueSlice(), 3)

	// A condition on a path the item lacks fails; the update of a path
	// whose document is absent is refused as DynamoDB refuses it.
	bare, err := s.Entity("Invoice").Item(cty.ObjectVal(map[string]cty.Value{"invoiceId": cty.StringVal("i2"), "total": cty.NumberIntVal(5)}))
	require.NoError(t, err)
	require.False(t, pay.ConditionHolds(&bare, in))
	_, _, err = pay.Apply(&bare, in)
	var invalid *hclschema.InvalidUpdateError
	require.True(t, errors.As(err, &invalid), "%v", err)

	// A list index past the end appends.
	unchecked := s.WritePattern("pay_unchecked").Writes[0]
	next, _, err = unchecked.Apply(&it, in)
	require.NoError(t, err)
	require.Len(t, next.Attrs["Detail"].GetAttr("Payments").AsValueSlice(), 2)
	_, _, err = unchecked.Apply(&bare, in)
	require.True(t, errors.As(err, &invalid), "%v", err)

	// A projection of a part of a document.
	p := s.Pattern("payments")
	require.Equal(t, []string{"Detail.Payments[0]", "total"}, p.Attributes)
	proj := hclschema.ProjectPaths(it.Attrs, p.AttributePaths)
	require.Equal(t, []string{"Detail", "total"}, hclschema.Item{Attrs: proj}.AttrNames())
	require.Equal(t, `{"Payments":[{"Amount":100,"Type":"GiftCard"}]}`, jsonOf(t, proj["Detail"]))
}

func jsonOf(t *testing.T, v cty.Value) string {
	t.Helper()
	b, err := ctyjson.Marshal(v, v.Type())
	require.NoError(t, err)
	return string(b)
}

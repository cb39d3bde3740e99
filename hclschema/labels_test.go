package hclschema_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

const labelsSrc = `
table "shop" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "OrderItem" {
  attributes = { orderId = string, productId = string, Quantity = number, Price = number, gift = optional(bool) }
  key {
    PK = "ORDER#${orderId}"
    SK = "PRODUCT#${productId}"
  }
}
entity "WarehouseItem" {
  attributes = { productId = string, warehouseId = string, Quantity = number }
  key {
    PK = "PRODUCT#${productId}"
    SK = "WAREHOUSE#${warehouseId}"
  }
}
write_pattern "order_product" {
  transaction {
    put "line" {
      entity    = entity.OrderItem
      condition = attribute_not_exists(PK)
    }
    update "stock" {
      entity    = entity.WarehouseItem
      set       = { Quantity = Quantity - input.line.Quantity }
      condition = Quantity >= input.Price
    }
  }
}
`

// TestPerWriteInputs: a labelled write takes its item or key from its own
// object input (input.line, input.stock), typed from the attributes it
// needs (optional ones optional); another write reads it as
// input.line.Quantity, and a shared name that one labelled write needs
// stands for it (input.Price is input.line.Price).
func TestPerWriteInputs(t *testing.T) {
	s, diags := hclschema.LoadSource("labels.tfdyn.hcl", []byte(labelsSrc))
	require.False(t, diags.HasErrors(), diags.Error())
	w := s.WritePattern("order_product")
	var names []string
	for _, in := range w.Inputs {
		names = append(names, in.Name+" "+in.Type.FriendlyNameForConstraint())
	}
	require.Equal(t, []string{"line object", "stock object"}, names)
	require.True(t, w.Input("line").Type.AttributeOptional("gift"))
	require.Equal(t, []string{"line", "stock"}, []string{w.Writes[0].Label, w.Writes[1].Label})
	ref, ok := w.Alias("Price")
	require.True(t, ok)
	require.Equal(t, hclschema.InputRef{Label: "line", Attr: "Price"}, ref)

	line := cty.ObjectVal(map[string]cty.Value{"orderId": cty.StringVal("o1"), "productId": cty.StringVal("p1"),
		"Quantity": cty.NumberIntVal(3), "Price": cty.NumberIntVal(10), "gift": cty.NullVal(cty.Bool)})
	stock := cty.ObjectVal(map[string]cty.Value{"productId": cty.StringVal("p1"), "warehouseId": cty.StringVal("w1")})
	in, err := w.CheckInputs(map[string]cty.Value{"line": line, "stock": stock})
	require.NoError(t, err)
	put, err := w.Writes[0].TargetKey(in)
	require.NoError(t, err)
	require.Equal(t, "ORDER#o1", put[0].AsString())
	key, err := w.Writes[1].Key(in)
	require.NoError(t, err)
	require.Equal(t, "WAREHOUSE#w1", key[1].AsString())

	stored, err := s.Entity("WarehouseItem").Item(cty.ObjectVal(map[string]cty.Value{"productId": cty.StringVal("p1"), "warehouseId": cty.StringVal("w1"), "Quantity": cty.NumberIntVal(50)}))
	require.NoError(t, err)
	require.True(t, w.Writes[1].ConditionHolds(&stored, in))
	next, _, err := w.Writes[1].Apply(&stored, in)
	require.NoError(t, err)
	require.Equal(t, "47", next.Attrs["Quantity"].AsBigFloat().String())
	low := stored
	low.Attrs = map[string]cty.Value{}
	for k, v := range stored.Attrs {
		low.Attrs[k] = v
	}
	low.Attrs["Quantity"] = cty.NumberIntVal(5)
	require.False(t, w.Writes[1].ConditionHolds(&low, in))
}

// TestSharedNameInSetValue: a shared name that stands for a labelled
// write's input is typed as that input in an update's value too (set =
// { Quantity = Quantity - input.Price } loads, and applies the line's
// price).
func TestSharedNameInSetValue(t *testing.T) {
	src := strings.Replace(labelsSrc, "set       = { Quantity = Quantity - input.line.Quantity }", "set       = { Quantity = Quantity - input.Price }", 1)
	require.NotEqual(t, labelsSrc, src)
	s, diags := hclschema.LoadSource("labels.tfdyn.hcl", []byte(src))
	require.False(t, diags.HasErrors(), diags.Error())
	w := s.WritePattern("order_product")
	ref, ok := w.Alias("Price")
	require.True(t, ok)
	require.Equal(t, hclschema.InputRef{Label: "line", Attr: "Price"}, ref)
	stored := hclschema.Item{Entity: w.Writes[1].Entity, Attrs: map[string]cty.Value{
		"productId": cty.StringVal("p1"), "warehouseId": cty.StringVal("w1"), "Quantity": cty.NumberIntVal(10)}}
	in := map[string]cty.Value{
		"line":  cty.ObjectVal(map[string]cty.Value{"orderId": cty.StringVal("o1"), "productId": cty.StringVal("p1"), "Quantity": cty.NumberIntVal(2), "Price": cty.NumberIntVal(3), "gift": cty.NullVal(cty.Bool)}),
		"stock": cty.ObjectVal(map[string]cty.Value{"productId": cty.StringVal("p1"), "warehouseId": cty.StringVal("w1")}),
	}
	next, _, err := w.Writes[1].Apply(&stored, in)
	require.NoError(t, err)
	require.True(t, next.Attrs["Quantity"].Equals(cty.NumberIntVal(7)).True(), "%#v", next.Attrs["Quantity"])
}

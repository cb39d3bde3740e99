package cost

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// TestChangeUnits pins what one write of an item costs per index by hand
// on testdata/writes: Order is in GSI1 (ALL, sort key
// STATUS#${status}#${orderId}) and, while its status is OPEN, in GSI2
// (KEYS_ONLY); every order is under 1 KB. Customer is in no index.
func TestChangeUnits(t *testing.T) {
	s, diags := hclschema.Load("testdata/writes")
	require.False(t, diags.HasErrors(), diags.Error())
	order := func(status string, total int64) *hclschema.Item {
		it, err := s.Entity("Order").Item(cty.ObjectVal(map[string]cty.Value{"customer": cty.StringVal("alice"), "orderId": cty.StringVal("o-1"),
			"status": cty.StringVal(status), "total": cty.NumberIntVal(total), "version": cty.NumberIntVal(1)}))
		require.NoError(t, err)
		return &it
	}
	customer := func(name string) *hclschema.Item {
		it, err := s.Entity("Customer").Item(cty.ObjectVal(map[string]cty.Value{"username": cty.StringVal("al"), "email": cty.StringVal("al@x.io"),
			"name": cty.StringVal(name), "orders": cty.NullVal(cty.Number)}))
		require.NoError(t, err)
		return &it
	}
	long := customer(strings.Repeat("x", 3000)) // 3,000 bytes of name and its keys: 3 KB rounded up
	o, cu := s.Entity("Order"), s.Entity("Customer")
	for _, c := range []struct {
		name          string
		e             *hclschema.Entity
		before, after *hclschema.Item
		want          map[string]float64
	}{
		{"a new open order: the table and both indexes", o, nil, order("OPEN", 10), map[string]float64{"table": 1, "GSI1": 1, "GSI2": 1}},
		{"closing it: GSI1's sort key changes (delete + put), it leaves GSI2", o, order("OPEN", 10), order("CLOSED", 10), map[string]float64{"table": 1, "GSI1": 2, "GSI2": 1}},
		{"a new total: GSI1 (ALL) rewrites the entry, GSI2 (KEYS_ONLY) does not project it", o, order("OPEN", 10), order("OPEN", 20), map[string]float64{"table": 1, "GSI1": 1}},
		{"reopening: joins GSI2", o, order("CLOSED", 10), order("OPEN", 10), map[string]float64{"table": 1, "GSI1": 2, "GSI2": 1}},
		{"the same item again: the table only", o, order("OPEN", 10), order("OPEN", 10), map[string]float64{"table": 1}},
		{"deleting an open order: every entry", o, order("OPEN", 10), nil, map[string]float64{"table": 1, "GSI1": 1, "GSI2": 1}},
		{"a 3 KB customer", cu, nil, long, map[string]float64{"table": 3}},
		{"shrinking it: the larger of before and after", cu, long, customer("Al"), map[string]float64{"table": 3}},
		{"growing a small one: the larger", cu, customer("Al"), long, map[string]float64{"table": 3}},
		{"deleting the small one", cu, customer("Al"), nil, map[string]float64{"table": 1}},
		{"deleting an order that is not there: the minimum in the table", o, nil, nil, map[string]float64{"table": 1}},
	} {
		require.Equal(t, c.want, ChangeUnits(c.e, c.before, c.after), c.name)
	}
	require.Equal(t, map[string]float64{"table": 1, "GSI1": 1, "GSI2": 1}, ItemWrite(*order("OPEN", 10)), "ItemWrite is a new item's ChangeUnits")
}

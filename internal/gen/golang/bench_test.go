package golang_test

import (
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/examples/ecommerce/shopdb"
)

// orderItems are n items of examples/ecommerce's Order as DynamoDB returns
// them: attributes and key attributes, optional ones on every other item.
func orderItems(t testing.TB, n int) []map[string]types.AttributeValue {
	out := make([]map[string]types.AttributeValue, n)
	for i := range out {
		o := shopdb.Order{Username: fmt.Sprintf("user-%d", i%50), OrderID: fmt.Sprintf("o-%06d", i), OrderDate: "2024-05-01",
			Status: "PLACED", Total: float64(i) + 0.5}
		if i%2 == 0 {
			v := float64(i % 7)
			o.Version = &v
		}
		item, err := shopdb.MarshalOrder(o)
		require.NoError(t, err)
		out[i] = item
	}
	return out
}

func unmarshalGenerated(items []map[string]types.AttributeValue) ([]shopdb.Order, error) {
	out := make([]shopdb.Order, len(items))
	for i, it := range items {
		o, err := shopdb.UnmarshalOrder(it)
		if err != nil {
			return nil, err
		}
		out[i] = o
	}
	return out, nil
}

// TestGeneratedDecodeMatchesAttributeValue: the generated decoder and the
// SDK's reflection decoder read the same structs from the same items (the
// struct tags agree with the generated code).
func TestGeneratedDecodeMatchesAttributeValue(t *testing.T) {
	items := orderItems(t, 200)
	got, err := unmarshalGenerated(items)
	require.NoError(t, err)
	var want []shopdb.Order
	require.NoError(t, attributevalue.UnmarshalListOfMaps(items, &want))
	require.Equal(t, want, got)
}

// TestGeneratedDecodeAllocations: decoding 1,000 items allocates at least
// 3x less with the generated code than with attributevalue (allocation
// counts are deterministic; speed is BenchmarkDecodeOrders').
func TestGeneratedDecodeAllocations(t *testing.T) {
	items := orderItems(t, 1000)
	gen := testing.AllocsPerRun(5, func() { _, _ = unmarshalGenerated(items) })
	refl := testing.AllocsPerRun(5, func() {
		var out []shopdb.Order
		_ = attributevalue.UnmarshalListOfMaps(items, &out)
	})
	t.Logf("allocations per 1,000 items: generated %.0f, attributevalue %.0f", gen, refl)
	require.GreaterOrEqual(t, refl, 3*gen)
}

// BenchmarkDecodeOrders decodes 1,000 Order items with the generated
// UnmarshalOrder and with attributevalue.UnmarshalListOfMaps into the same
// struct (README: figures).
func BenchmarkDecodeOrders(b *testing.B) {
	items := orderItems(b, 1000)
	b.Run("generated", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := unmarshalGenerated(items); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("attributevalue", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var out []shopdb.Order
			if err := attributevalue.UnmarshalListOfMaps(items, &out); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkMarshalOrder builds the item of an Order, key templates and
// index entries included.
func BenchmarkMarshalOrder(b *testing.B) {
	v := 3.0
	o := shopdb.Order{Username: "alice", OrderID: "o-1", OrderDate: "2024-05-01", Status: "PLACED", Total: 42.5, Version: &v}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := shopdb.MarshalOrder(o); err != nil {
			b.Fatal(err)
		}
	}
}

package golang_test

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/examples/ecommerce/shopdb"
)

// TestNumbersReadExactly: a schema number is a float64 in the generated
// code, read exactly or not at all. Every spelling of a value the float64
// holds reads as that value; a stored number it would round (DynamoDB
// keeps 38 significant digits) is an *AttributeError naming the entity and
// attribute, never a neighbouring value.
func TestNumbersReadExactly(t *testing.T) {
	order := func(total string) map[string]types.AttributeValue {
		item, err := shopdb.MarshalOrder(shopdb.Order{Username: "alice", OrderID: "o-1", OrderDate: "2024-05-01", Status: "PLACED", Total: 1})
		require.NoError(t, err)
		item["total"] = &types.AttributeValueMemberN{Value: total}
		return item
	}
	for text, want := range map[string]float64{
		"42": 42, "-42": -42, "0": 0, "42.5": 42.5, "42.50": 42.5, "0.1": 0.1, "1e3": 1000, "1E-3": 0.001,
		"9007199254740992": 1 << 53, "123456789012345": 123456789012345, "0.000000000000001": 1e-15,
		"1e125": 1e125, "-1e-130": -1e-130,
	} {
		o, err := shopdb.UnmarshalOrder(order(text))
		require.NoError(t, err, text)
		require.Equal(t, want, o.Total, text)
	}
	for text, msg := range map[string]string{
		"9007199254740993":                       "9007199254740993 does not fit a float64 exactly (15 significant digits, integers up to 2^53): read it with the SDK",
		"0.10000000000000000001":                 "0.10000000000000000001 does not fit a float64 exactly (15 significant digits, integers up to 2^53): read it with the SDK",
		"12345678901234567890123456789012345678": "12345678901234567890123456789012345678 does not fit a float64 exactly (15 significant digits, integers up to 2^53): read it with the SDK",
		"1e400":                                  "1e400 does not fit a float64 exactly (15 significant digits, integers up to 2^53): read it with the SDK",
		"4x":                                     `"4x" is not a number`,
	} {
		_, err := shopdb.UnmarshalOrder(order(text))
		var ae *shopdb.AttributeError
		require.True(t, errors.As(err, &ae), "%s: %v", text, err)
		require.Equal(t, "Order", ae.Entity, text)
		require.Equal(t, "total", ae.Attribute, text)
		require.EqualError(t, ae.Err, msg, text)
	}
	// What MarshalOrder writes reads back as the same float64.
	for _, f := range []float64{0.1, 1.0 / 3, 2.5e-7, 123456.789, -1e21, 1 << 53} {
		item, err := shopdb.MarshalOrder(shopdb.Order{Username: "alice", OrderID: "o-1", OrderDate: "2024-05-01", Status: "PLACED", Total: f})
		require.NoError(t, err)
		o, err := shopdb.UnmarshalOrder(item)
		require.NoError(t, err, "%v as %v", f, item["total"])
		require.Equal(t, f, o.Total)
	}
}

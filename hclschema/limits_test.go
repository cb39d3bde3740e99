package hclschema

import (
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"
)

func TestValueSize(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    cty.Value
		want int
	}{
		{"string bytes, UTF-8", cty.StringVal("héllo"), 6},
		{"number of 1 digit", cty.NumberIntVal(7), 2},
		{"number 123.45: 5 digits", cty.MustParseNumberVal("123.45"), 4},
		{"trailing zeros trimmed", cty.NumberIntVal(1000000), 2},
		{"bool", cty.True, 1},
		{"null", cty.NullVal(cty.String), 1},
		{"list: 3 + (1+1) + (1+2)", cty.ListVal([]cty.Value{cty.StringVal("a"), cty.StringVal("bc")}), 8},
		{"empty map", cty.MapValEmpty(cty.String), 3},
		{"object with a null member left out: 3 + (1 + 1 + 1)", cty.ObjectVal(map[string]cty.Value{"a": cty.StringVal("x"), "b": cty.NullVal(cty.String)}), 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, ValueSize(tc.v))
		})
	}
	it := Item{Attrs: map[string]cty.Value{"PK": cty.StringVal("USER#1"), "age": cty.NumberIntVal(42)}}
	require.Equal(t, 2+6+3+2, ItemSize(it))
}

func TestNumberDigits(t *testing.T) {
	for _, tc := range []struct {
		in         string
		digits, ex int
	}{
		{"0", 1, 0}, {"1", 1, 0}, {"100", 1, 2}, {"0.001", 1, -3}, {"123.45", 5, 2}, {"-42", 2, 1}, {"1e400", 1, 400},
	} {
		f, _, err := big.ParseFloat(tc.in, 10, 512, big.ToNearestEven)
		require.NoError(t, err)
		d, e := NumberDigits(f)
		require.Equal(t, [2]int{tc.digits, tc.ex}, [2]int{d, e}, tc.in)
	}
}

func TestLimitProblem(t *testing.T) {
	s, diags := LoadSource("limits.tfdyn.hcl", []byte(`
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByEmail" {
    partition_key = "email"
  }
}
entity "User" {
  attributes = { id = string, email = optional(string), n = optional(number) }
  key {
    PK = "USER#${id}"
    SK = "PROFILE"
  }
  index "ByEmail" {}
}
`))
	require.False(t, diags.HasErrors(), diags.Error())
	e := s.Entity("User")
	item := func(id string, email, n cty.Value) Item {
		it, err := e.Item(cty.ObjectVal(map[string]cty.Value{"id": cty.StringVal(id), "email": email, "n": n}))
		require.NoError(t, err)
		return it
	}
	noEmail, noN := cty.NullVal(cty.String), cty.NullVal(cty.Number)
	require.Equal(t, "", item("alice", cty.StringVal("a@example.com"), cty.NumberIntVal(1)).LimitProblem())
	require.Equal(t, "", item(strings.Repeat("x", 2043), noEmail, noN).LimitProblem(), "PK of 2048 bytes")
	require.Equal(t, "PK (partition key of the table) is 2049 bytes; DynamoDB allows 1 to 2048",
		item(strings.Repeat("x", 2044), noEmail, noN).LimitProblem())
	require.Equal(t, "email (partition key of the GSI ByEmail) is 0 bytes; DynamoDB allows 1 to 2048",
		item("alice", cty.StringVal(""), noN).LimitProblem())
	require.Equal(t, "n holds a number that is above the largest magnitude DynamoDB stores, 9.9999999999999999999999999999999999999E+125",
		item("alice", noEmail, cty.MustParseNumberVal("1e400")).LimitProblem())
}

// TestNumberSize pins DynamoDB's number size (base-100 pairs aligned at the
// decimal point, zero 1 byte, negative 1 more), each figure measured on
// DynamoDB Local 3.3.1 with PutItem at the 1 KB boundary.
func TestNumberSize(t *testing.T) {
	for in, want := range map[string]int{
		"0": 1, "1": 2, "10": 2, "100": 2, "1000": 2, "101": 3, "1234": 3, "12345": 4, "12340": 4,
		"1767225600": 5, "1767225613": 6, "12.5": 3, "1.5": 3, "123.45": 4, "0.001": 2, "1.5e3": 2,
		"-5": 3, "-12.5": 4, "-1000": 3, "-0.5": 3, "-0.0015": 3, "-123456789": 7,
		"123456789012345678901234567890": 16, "-1234567890123456789012345678901234567": 21,
	} {
		f, _, err := big.ParseFloat(in, 10, 512, big.ToNearestEven)
		require.NoError(t, err)
		require.Equal(t, want, NumberSize(f), in)
	}
}

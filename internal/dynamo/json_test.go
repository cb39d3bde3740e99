package dynamo

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
)

// TestJSONRoundTrip: every DynamoDB JSON type reads and writes back the
// same, map members sorted.
func TestJSONRoundTrip(t *testing.T) {
	in := `{"M":{"z":{"NULL":true},"b":{"B":"AQI="},"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"e"},{"BOOL":false}]},"n":{"N":" 1.50 "},"ns":{"NS":["2","1e3"]},"ss":{"SS":["q","<p>"]}}}`
	av, err := UnmarshalJSON([]byte(in))
	require.NoError(t, err)
	m := av.(*types.AttributeValueMemberM).Value
	require.Equal(t, []byte{1, 2}, m["b"].(*types.AttributeValueMemberB).Value)
	require.Equal(t, "1.50", m["n"].(*types.AttributeValueMemberN).Value)
	out, err := MarshalJSON(av)
	require.NoError(t, err)
	require.Equal(t, `{"M":{"b":{"B":"AQI="},"bs":{"BS":["AQ=="]},"l":{"L":[{"S":"e"},{"BOOL":false}]},"n":{"N":"1.50"},"ns":{"NS":["2","1e3"]},"ss":{"SS":["q","<p>"]},"z":{"NULL":true}}}`, string(out))
}

// TestJSONErrors: what is not DynamoDB JSON is a JSONError at the byte of
// the offending token.
func TestJSONErrors(t *testing.T) {
	for _, c := range []struct {
		in, summary string
		offset      int
	}{
		{`{"STR": "x"}`, "Unknown DynamoDB type", 1},
		{`{"N": "1e"}`, "Not a number", 6},
		{`{"S": "x", "N": "1"}`, "Not DynamoDB JSON", 11},
		{`{"S": 1}`, "Wrong type", 6},
		{`{"B": "***"}`, "Not base64", 6},
		{`{"L": [{"S": "a"}, {"X": 1}]}`, "Unknown DynamoDB type", 20},
		{`"x"`, "Not DynamoDB JSON", 0},
		{`{"S": "x"} 1`, "Not DynamoDB JSON", 11},
		{`{"S": "x"`, "Not JSON", 9},
	} {
		_, err := UnmarshalJSON([]byte(c.in))
		var je *JSONError
		require.True(t, errors.As(err, &je), "%s: %v", c.in, err)
		require.Equal(t, c.summary, je.Summary, c.in)
		require.Equal(t, c.offset, je.Offset, c.in)
	}
	deep := ""
	for i := 0; i < 40; i++ {
		deep += `{"L": [`
	}
	_, err := UnmarshalJSON([]byte(deep))
	var je *JSONError
	require.True(t, errors.As(err, &je))
	require.Equal(t, "Value nests too deep", je.Summary)
}

// FuzzUnmarshalJSON reads arbitrary text as a DynamoDB JSON value: nothing
// panics, an error is a JSONError inside the text, and a value read writes
// and reads back to the same text.
func FuzzUnmarshalJSON(f *testing.F) {
	f.Add([]byte(`{"M":{"a":{"L":[{"N":"1"},{"NULL":true},{"BS":["AQ=="]}]},"b":{"SS":["x"]}}}`))
	f.Add([]byte(`{"N": "1e999999999"}`))
	f.Add([]byte(`{"S": "x", "N": "1"}`))
	f.Fuzz(func(t *testing.T, text []byte) {
		av, err := UnmarshalJSON(text)
		if err != nil {
			var je *JSONError
			if !errors.As(err, &je) || je.Offset < 0 || je.Offset > len(text) {
				t.Fatalf("error %v is not a JSONError inside the text", err)
			}
			return
		}
		a, err := MarshalJSON(av)
		if err != nil {
			t.Fatal(err)
		}
		av2, err := UnmarshalJSON(a)
		if err != nil {
			t.Fatalf("written value does not read: %v: %s", err, a)
		}
		b, _ := MarshalJSON(av2)
		if string(a) != string(b) {
			t.Fatalf("write, read, write differs: %s / %s", a, b)
		}
	})
}

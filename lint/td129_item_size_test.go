package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// bodyItem is an entity with a body of n bytes in its one example.
func bodyItem(n int) string {
	return `
table "app" {
  partition_key = "PK"
}
entity "Doc" {
  attributes = { id = string, body = string }
  key {
    PK = "DOC#${id}"
  }
  example {
    id   = "d1"
    body = "` + strings.Repeat("b", n) + `"
  }
}
`
}

func TestItemSize(t *testing.T) {
	// The item: PK (2 + 6) + id (2 + 2) + body (4 + n) = n + 16 bytes.
	runRuleCases(t, ruleItemSize, []ruleCase{
		{name: "500 KB example", src: bodyItem(500 * 1024), want: []string{"TD129 error 10:3-10:10 `example`"}},
		{name: "one byte over 400 KB", src: bodyItem(400*1024 - 15), want: []string{"TD129 error 10:3-10:10 `example`"}},
		{name: "exactly 400 KB", src: bodyItem(400*1024 - 16)},
	})
	require.Contains(t, detailOf(t, ruleItemSize, bodyItem(500*1024)),
		fmt.Sprintf("makes an item of %d bytes", 500*1024+16))
	require.Contains(t, detailOf(t, ruleItemSize, bodyItem(500*1024)),
		fmt.Sprintf("The largest attribute is \"body\" (%d bytes)", 500*1024+4))
}

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
			require.Equal(t, tc.want, valueSize(tc.v))
		})
	}
	it := hclschema.Item{Attrs: map[string]cty.Value{"PK": cty.StringVal("USER#1"), "age": cty.NumberIntVal(42)}}
	require.Equal(t, 2+6+3+2, itemSize(it))
}

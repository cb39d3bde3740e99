package workbench

import (
	"bytes"
	"testing"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// FuzzParse reads arbitrary bytes as a Workbench model: nothing panics or
// hangs, every diagnostic has a code and a range, and a model that parses
// is written and parses again to the same JSON.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"DataModel": [{"TableName": "t", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
"TableData": [{"PK": {"S": "a"}, "l": {"L": [{"M": {"x": {"NS": ["1"]}}}]}, "b": {"BS": ["AQ=="]}}],
"tfdyn": {"Label": "t", "Entities": [], "AccessPatterns": [{"Name": "p", "Entities": ["E"], "Type": "Query", "Key": [], "Examples": [{"x": {"S": "y"}}]}]}}]}`))
	f.Add([]byte(`{"DataModel": [{"TableName": "t", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "B"}}}]`))
	f.Add([]byte(`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[`))
	f.Fuzz(func(t *testing.T, src []byte) {
		m, diags := Parse("m.json", src)
		for _, d := range diags {
			if diag.CodeOf(d) == "" || d.Subject == nil {
				t.Fatalf("diagnostic without a code or range: %s", d.Error())
			}
		}
		if diags.HasErrors() {
			return
		}
		var a bytes.Buffer
		if err := Write(&a, m); err != nil {
			t.Fatal(err)
		}
		m2, diags := Parse("m2.json", a.Bytes())
		if diags.HasErrors() {
			t.Fatalf("written model does not parse: %s\n%s", diags.Error(), a.String())
		}
		var b bytes.Buffer
		if err := Write(&b, m2); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Fatalf("write, parse, write differs:\n%s\n%s", a.String(), b.String())
		}
	})
}

package doc

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tfdyn/tfdyn/hclschema"
)

const costSchema = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Doc" {
  attributes = { id = string }
  key {
    PK = "DOC#${id}"
    SK = "DOC"
  }
%s
}
access_pattern "doc_by_id" {
  description = "A doc"
  entity      = entity.Doc
  key {
    PK = "DOC#${id}"
    SK = "DOC"
  }
}
`

// TestCostSection: the section appears with a workload (10 KB items, 10
// writes a second: 10 WCU a write, 100 WCU/s) and not without one.
func TestCostSection(t *testing.T) {
	render := func(workload string) string {
		s, diags := hclschema.LoadSource("app.tfdyn.hcl", []byte(strings.Replace(costSchema, "%s", workload, 1)))
		if diags.HasErrors() {
			t.Fatal(diags.Error())
		}
		var b bytes.Buffer
		if err := Markdown(&b, s); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if out := render(""); strings.Contains(out, "Capacity and cost") {
		t.Errorf("a schema without a workload got a cost section:\n%s", out)
	}
	out := render("  workload {\n    items     = 1000\n    item_size = 10240\n    writes    = 10\n  }")
	for _, want := range []string{
		"### Capacity and cost\n",
		"| Doc | 1000 | 10240 B | 10 / 10 | 10 (table 10) | 100 |\n",
		"| `doc_by_id` | eventual | 0 / 0 | 1 / 1 | 1.5 | 0 | cardinality |\n",
		"| Writes | $164.25 | $47.45 |\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
}

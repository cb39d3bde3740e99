package lint

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tfdyn/tfdyn/hclschema"
)

// FuzzParseAndLint loads arbitrary schema text and lints the (possibly
// partial) model: neither step may panic.
func FuzzParseAndLint(f *testing.F) {
	var files []string
	for _, pattern := range []string{
		"../../testdata/*.tfdyn.hcl",
		"../../testdata/*/*.tfdyn.hcl",
		"../../testdata/*/*/*.tfdyn.hcl",
		"../../examples/*/*.tfdyn.hcl",
	} {
		m, _ := filepath.Glob(pattern)
		files = append(files, m...)
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, src := range []string{
		multiAttrTable, userOrderSchema, orderItemExamples, projectionSchema, gsi1Schema, orderTotalSchema, emailIndexSchema,
		versions, orders, customers, orderSchema, halfSetSchema, sparseSchema, hotCounterSchema, chunks(11, 400000),
		orderItemSchema + `
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
    SK = between("ORDER#", "ORDERZ")
  }
}
`,
	} {
		f.Add([]byte(src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		s, _ := hclschema.LoadSource("fuzz.tfdyn.hcl", src)
		Run(s)
	})
}

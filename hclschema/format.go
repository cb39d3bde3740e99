package hclschema

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// Format returns src in canonical HCL style (hclwrite.Format), after the
// input limits of CheckSource and a parse: text over the limits or with
// syntax errors is returned as diagnostics (TD012, TD001) and not
// formatted, so deep nesting cannot overflow the parser's stack.
func Format(filename string, src []byte) ([]byte, hcl.Diagnostics) {
	if ds := CheckSource(filename, src); ds.HasErrors() {
		return nil, ds
	}
	if _, ds := hclsyntax.ParseConfig(src, filename, hcl.InitialPos); ds.HasErrors() {
		return nil, diag.WithCode(ds, CodeSyntax)
	}
	return hclwrite.Format(src), nil
}

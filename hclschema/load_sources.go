package hclschema

import (
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// LoadSources parses several schema files held in memory (filename to
// source) as one schema, with the same input limits as Load: what tfdyn
// import checks before it writes the files. Files are read in name order.
func LoadSources(srcs map[string][]byte) (*Schema, hcl.Diagnostics) {
	names := make([]string, 0, len(srcs))
	for n := range srcs {
		names = append(names, n)
	}
	sort.Strings(names)
	parser := hclparse.NewParser()
	var diags hcl.Diagnostics
	var parsed []*hcl.File
	for _, n := range names {
		if ds := CheckSource(n, srcs[n]); ds.HasErrors() {
			diags = append(diags, ds...)
			continue
		}
		file, ds := parser.ParseHCL(srcs[n], n)
		diags = append(diags, diag.WithCode(ds, CodeSyntax)...)
		if file != nil {
			parsed = append(parsed, file)
		}
	}
	if diags.HasErrors() {
		return &Schema{Files: parser.Files()}, diags
	}
	s, ds := Decode(parsed...)
	s.Files = parser.Files()
	return s, append(diags, ds...)
}

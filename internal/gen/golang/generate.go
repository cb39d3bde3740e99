package golang

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// Generate builds the API model of s and prints it as the Go package
// opts.Package, each file with its ownership header. Diagnostics are GN
// errors at the schema's positions; files is nil when there is one.
func Generate(s *hclschema.Schema, opts Options) (map[string][]byte, hcl.Diagnostics) {
	return gen.Generate(s, opts.Schema, []string{"--lang", "--package"}, []string{"go", opts.Package}, func(api *gen.API) (map[string][]byte, hcl.Diagnostics) {
		return Print(api, opts)
	})
}

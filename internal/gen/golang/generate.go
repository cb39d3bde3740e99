package golang

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// Generate builds the API model of s and prints it as the Go package
// opts.Package, each file with its ownership header. Diagnostics are GN
// errors at the schema's positions; files is nil when there is one.
func Generate(s *hclschema.Schema, opts Options) (map[string][]byte, hcl.Diagnostics) {
	api, diags := gen.Build(s)
	if diags.HasErrors() {
		return nil, diags
	}
	if opts.Contract == nil {
		c, err := api.Contract(s)
		if err != nil {
			rng := hcl.Range{}
			if len(s.Tables) > 0 {
				rng = s.Tables[0].DeclRange
			}
			diags = append(diags, diag.Errorf(gen.CodeExpression, &rng, "Contract not computable", "tfdyn gen cannot compute the contract test of the schema: %s.", err))
			return nil, diags
		}
		opts.Contract = c
	}
	bodies, pdiags := Print(api, opts)
	diags = append(diags, pdiags...)
	if diags.HasErrors() {
		return nil, diags
	}
	return gen.WithHeaders(bodies, opts.Schema, []string{"--lang", "--package"}, []string{"go", opts.Package}), diags
}

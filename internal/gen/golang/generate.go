package golang

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// Generate builds the API model of s and prints it as the Go package
// opts.Package, each file with its ownership header. Diagnostics are GN
// errors at the schema's positions; files is nil when there is one.
func Generate(s *hclschema.Schema, opts Options) (map[string][]byte, hcl.Diagnostics) {
	return gen.Generate(s, opts.Schema, []string{"--lang", "--package"}, []string{"go", opts.Package}, func(api *gen.API) (map[string][]byte, hcl.Diagnostics) {
		if opts.Contract == nil {
			c, err := api.Contract(s)
			if err != nil {
				rng := hcl.Range{}
				if len(s.Tables) > 0 {
					rng = s.Tables[0].DeclRange
				}
				return nil, hcl.Diagnostics{diag.Errorf(gen.CodeExpression, &rng, "Contract not computable", "tfdyn gen cannot compute the contract test of the schema: %s.", err)}
			}
			opts.Contract = c
		}
		return Print(api, opts)
	})
}

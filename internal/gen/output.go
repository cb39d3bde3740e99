package gen

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/emit"
)

// Generate builds the API model of s, prints it with a back end's print
// and puts the ownership header on every file (schema identity, options).
// Diagnostics are GN errors at the schema's positions; files is nil when
// there is one.
func Generate(s *hclschema.Schema, schema string, optionNames, optionValues []string, print func(*API) (map[string][]byte, hcl.Diagnostics)) (map[string][]byte, hcl.Diagnostics) {
	api, diags := Build(s)
	if diags.HasErrors() {
		return nil, diags
	}
	bodies, pdiags := print(api)
	diags = append(diags, pdiags...)
	if diags.HasErrors() {
		return nil, diags
	}
	return WithHeaders(bodies, schema, optionNames, optionValues), diags
}

// WithHeaders puts the ownership header on every body: the generated-code
// line of tfdyn gen, the schema identity, the options line and the content
// hash (emit's header in its source-file style), so that emit.Write owns
// the files: it refuses files tfdyn did not generate or that another schema
// generated, removes its own leftovers, writes all or nothing, and says per
// file why --check fails.
func WithHeaders(bodies map[string][]byte, schema string, optionNames, optionValues []string) map[string][]byte {
	options := emit.FlagLine(optionNames, optionValues)
	out := make(map[string][]byte, len(bodies))
	for n, body := range bodies {
		out[n] = append([]byte(emit.RenderHeader(emit.StyleSlashes, schema, options, body)), body...)
	}
	return out
}

package gen

import (
	"github.com/tfdyn/tfdyn/internal/emit"
)

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

package hclschema

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// splitExamples separates the `example` blocks from an entity body, since
// their label is optional (hcl.BodySchema fixes the number of labels). It
// returns the body without them and the example blocks, each with at most
// one label; a block with more labels is reported and dropped. A body that
// is not native syntax (never the case for *.tfdyn.hcl files) is returned
// as it is, and its example blocks are reported as unsupported.
func (d *decoder) splitExamples(body hcl.Body) (hcl.Body, []*hcl.Block) {
	syn, ok := body.(*hclsyntax.Body)
	if !ok {
		return body, nil
	}
	rest := *syn
	rest.Blocks = nil
	var out []*hcl.Block
	for _, blk := range syn.Blocks {
		if blk.Type != "example" {
			rest.Blocks = append(rest.Blocks, blk)
			continue
		}
		hb := blk.AsHCLBlock()
		if len(hb.Labels) > 1 {
			d.errorf(CodeSyntax, hcl.RangeBetween(hb.LabelRanges[1], hb.LabelRanges[len(hb.LabelRanges)-1]), "Extraneous label for example",
				"An example block has at most one label, its name: example %q { ... }.", hb.Labels[0])
			continue
		}
		out = append(out, hb)
	}
	return &rest, out
}

// validExampleLabel reports whether s can label an example: letters,
// digits, "_" and "-" (a label such as "v10" or "alice-o1").
func validExampleLabel(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
		default:
			return false
		}
	}
	return true
}

// markBrokenExample records an example label whose block failed to load
// (already reported), so that references to it are not reported again.
func (d *decoder) markBrokenExample(e *Entity, label string) {
	if d.brokenExamples == nil {
		d.brokenExamples = map[*Entity]map[string]bool{}
	}
	if d.brokenExamples[e] == nil {
		d.brokenExamples[e] = map[string]bool{}
	}
	d.brokenExamples[e][label] = true
}

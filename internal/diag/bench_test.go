package diag_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"

	"github.com/tfdyn/tfdyn/internal/diag"
)

// manyWarnings is a 2,000-block file with one warning on each block's
// attribute: the shape of a large schema that lint warns about everywhere.
func manyWarnings(b *testing.B) (map[string]*hcl.File, hcl.Diagnostics) {
	var src strings.Builder
	var diags hcl.Diagnostics
	const name = "big.tfdyn.hcl"
	line := 1
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&src, "entity \"E%d\" {\n", i)
		attr := fmt.Sprintf("  note = \"ENTITY#%d\"\n", i)
		start := src.Len() + 2
		rng := hcl.Range{Filename: name,
			Start: hcl.Pos{Line: line + 1, Column: 3, Byte: start},
			End:   hcl.Pos{Line: line + 1, Column: 7, Byte: start + 4}}
		src.WriteString(attr)
		src.WriteString("}\n\n")
		line += 4
		diags = append(diags, diag.Warnf("TD110", &rng, "Unpadded number", "Entity %d sorts its numbers as strings.", i))
	}
	p := hclparse.NewParser()
	if _, ds := p.ParseHCL([]byte(src.String()), name); ds.HasErrors() {
		b.Fatal(ds)
	}
	return p.Files(), diags
}

// BenchmarkWriteText2000Warnings prints 2,000 warnings of one file as text;
// compare with BenchmarkWriteJSON2000Warnings: both are linear. (hcl's own
// text writer, which rescans the file for every diagnostic, took 70 s per
// operation on this input; WriteText takes about 40 ms, JSON 8 ms.)
func BenchmarkWriteText2000Warnings(b *testing.B) {
	files, diags := manyWarnings(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := diag.WriteText(io.Discard, files, diags, 100, false); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteJSON2000Warnings prints the same warnings as JSON.
func BenchmarkWriteJSON2000Warnings(b *testing.B) {
	_, diags := manyWarnings(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := diag.WriteJSON(io.Discard, diags); err != nil {
			b.Fatal(err)
		}
	}
}

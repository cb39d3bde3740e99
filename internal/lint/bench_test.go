package lint

import (
	"testing"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/schemagen"
)

// largeSchema is schemagen.Large: one generator for the benchmark and the
// interrupt tests.
func largeSchema(entities, patterns int) []byte { return schemagen.Large(entities, patterns) }

func BenchmarkLintLarge(b *testing.B) {
	src := largeSchema(500, 2000)
	b.Run("load", func(b *testing.B) {
		for b.Loop() {
			if _, ds := hclschema.LoadSource("large.tfdyn.hcl", src); ds.HasErrors() {
				b.Fatal(ds.Error())
			}
		}
	})
	s, ds := hclschema.LoadSource("large.tfdyn.hcl", src)
	if ds.HasErrors() {
		b.Fatal(ds.Error())
	}
	b.Run("lint", func(b *testing.B) {
		for b.Loop() {
			Run(s)
		}
	})
}

func TestLargeSchemaLoads(t *testing.T) {
	s, ds := hclschema.LoadSource("large.tfdyn.hcl", largeSchema(25, 100))
	if ds.HasErrors() {
		t.Fatal(ds.Error())
	}
	if len(s.Entities) != 25 || len(s.Patterns) != 100 {
		t.Fatalf("generated %d entities and %d patterns", len(s.Entities), len(s.Patterns))
	}
	counts := map[string]int{}
	for _, d := range Run(s) {
		counts[string(diag.CodeOf(d))]++
	}
	t.Logf("findings by code: %v", counts)
}

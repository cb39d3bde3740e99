package lint

import (
	"fmt"
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

// BenchmarkLintScaling runs lint alone on schemas of 500, 2,000 and 8,000
// access patterns (a quarter as many entities): lint must grow linearly
// with the schema, each 4x step about 4x the time and allocations (the
// whole commands: BenchmarkScaling in internal/cli, make bench).
func BenchmarkLintScaling(b *testing.B) {
	for _, patterns := range []int{500, 2000, 8000} {
		s, ds := hclschema.LoadSources(schemagen.LargeFiles(patterns/4, patterns, hclschema.MaxFileSize))
		if ds.HasErrors() {
			b.Fatal(ds.Error())
		}
		b.Run(fmt.Sprintf("patterns=%d", patterns), func(b *testing.B) {
			for b.Loop() {
				Run(s)
			}
		})
	}
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

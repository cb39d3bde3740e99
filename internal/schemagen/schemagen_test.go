package schemagen

import (
	"testing"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/lint"
)

func TestLargeIsValid(t *testing.T) {
	s, ds := hclschema.LoadSource("large.tfdyn.hcl", Large(25, 100))
	ds = append(ds, lint.Run(s)...)
	if ds.HasErrors() {
		t.Fatal(ds.Error())
	}
	if len(s.Entities) != 25 || len(s.Patterns) != 100 {
		t.Fatalf("generated %d entities and %d patterns, want 25 and 100", len(s.Entities), len(s.Patterns))
	}
}

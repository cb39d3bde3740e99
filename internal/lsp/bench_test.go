package lsp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tfdyn/tfdyn/internal/schemagen"
)

// BenchmarkDiagnostics measures the diagnostics latency of tfdyn lsp for
// the largest generated schema (500 entities, 2,000 access patterns, one
// open document): what a keystroke costs after the debounce, from the
// edited text to the published diagnostics (load, lint, conversion to LSP
// positions, publication).
func BenchmarkDiagnostics(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, "large.tfdyn.hcl")
	src := schemagen.Large(500, 2000)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		b.Fatal(err)
	}
	s := New(Options{})
	published := 0
	s.notify = func(string, any) { published++ }
	s.docs[path] = &document{uri: uriOf(path), path: path, version: 1, text: string(src)}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		s.check(dir)
	}
	if published == 0 {
		b.Fatal("nothing published")
	}
	if snap := s.schemas[dir]; snap == nil || len(snap.schema.Patterns) != 2000 {
		b.Fatal("the schema did not load whole")
	}
}

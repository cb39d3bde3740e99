package cost

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestExamplesGolden pins `tfdyn cost examples/X` (text and JSON) for every
// example: each declares a workload.
func TestExamplesGolden(t *testing.T) {
	for _, name := range []string{"ecommerce", "github", "tournaments"} {
		t.Run(name, func(t *testing.T) {
			r := loadEstimate(t, filepath.Join("..", "..", "examples", name))
			var text, js bytes.Buffer
			if err := r.WriteText(&text); err != nil {
				t.Fatal(err)
			}
			if err := r.WriteJSON(&js); err != nil {
				t.Fatal(err)
			}
			for file, got := range map[string][]byte{name + ".txt": text.Bytes(), name + ".json": js.Bytes()} {
				path := filepath.Join("testdata", "golden", file)
				if *update {
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, got, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run go test ./internal/cost -update)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s differs from the estimate (go test ./internal/cost -update, then review the diff):\n%s", path, got)
				}
			}
		})
	}
}

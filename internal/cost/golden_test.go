package cost

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestExamplesGolden pins `tfdyn cost DIR` (text and JSON) for every example
// (each declares a workload) and for the published designs re-modelled in
// testdata/published (document paths, constant attributes and labelled
// transaction writes in item sizes and write costs), the latter golden as
// published-<name>.
func TestExamplesGolden(t *testing.T) {
	dirs := map[string]string{}
	for _, name := range []string{"ecommerce", "github", "tournaments"} {
		dirs[name] = filepath.Join("..", "..", "examples", name)
	}
	published, err := filepath.Glob(filepath.Join("..", "..", "testdata", "published", "*"))
	if err != nil || len(published) == 0 {
		t.Fatalf("no published design under ../../testdata/published (%v)", err)
	}
	for _, dir := range published {
		dirs["published-"+filepath.Base(dir)] = dir
	}
	for name, dir := range dirs {
		t.Run(name, func(t *testing.T) {
			r := loadEstimate(t, dir)
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

package doc_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/doc"
)

var update = flag.Bool("update", false, "rewrite the committed DESIGN.md of every example and published design")

func mustLoad(t *testing.T, paths ...string) *hclschema.Schema {
	t.Helper()
	s, diags := hclschema.Load(paths...)
	if diags.HasErrors() {
		for _, d := range diags {
			t.Errorf("[%s] %s", diag.CodeOf(d), d.Error())
		}
		t.FailNow()
	}
	return s
}

func loadSource(t *testing.T, src string) *hclschema.Schema {
	t.Helper()
	s, diags := hclschema.LoadSource("test.tfdyn.hcl", []byte(src))
	if diags.HasErrors() {
		for _, d := range diags {
			t.Errorf("[%s] %s", diag.CodeOf(d), d.Error())
		}
		t.FailNow()
	}
	return s
}

func markdown(t *testing.T, s *hclschema.Schema) string {
	t.Helper()
	var buf bytes.Buffer
	if err := doc.Markdown(&buf, s); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestDocGolden generates the design document of every example and of every
// published design re-modelled in testdata/published, and compares it with
// the DESIGN.md committed next to the schema (refresh with -update).
func TestDocGolden(t *testing.T) {
	var dirs []string
	for _, parent := range []string{"examples", filepath.Join("testdata", "published")} {
		found, err := filepath.Glob(filepath.Join("..", "..", parent, "*"))
		if err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, found...)
	}
	n := 0
	for _, dir := range dirs {
		if files, _ := filepath.Glob(filepath.Join(dir, "*"+hclschema.FileSuffix)); len(files) == 0 {
			continue
		}
		n++
		t.Run(filepath.Base(filepath.Dir(dir))+"/"+filepath.Base(dir), func(t *testing.T) {
			got := markdown(t, mustLoad(t, dir))
			if again := markdown(t, mustLoad(t, dir)); again != got {
				t.Fatal("two runs produced different documents")
			}
			golden := filepath.Join(dir, "DESIGN.md")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./internal/doc -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s is stale; run go test ./internal/doc -update and review the diff.\n%s", golden, firstDiff(string(want), got))
			}
		})
	}
	if n == 0 {
		t.Fatal("no schema found under ../../examples or ../../testdata/published")
	}
}

// firstDiff describes the first line that differs between want and got.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n  committed: " + w + "\n  generated: " + g
		}
	}
	return ""
}

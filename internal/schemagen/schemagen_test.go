package schemagen

import (
	"fmt"
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

func TestLargeFilesSplitsWithinTheLimit(t *testing.T) {
	files := LargeFiles(100, 400, 64<<10)
	var whole []byte
	for i := 1; i <= len(files); i++ {
		src, ok := files[fmt.Sprintf("large-%02d.tfdyn.hcl", i)]
		if !ok {
			t.Fatalf("file %d of %d missing", i, len(files))
		}
		if len(src) > 64<<10 {
			t.Fatalf("file %d has %d bytes, over the limit", i, len(src))
		}
		whole = append(whole, src...)
	}
	if len(files) < 2 {
		t.Fatalf("%d file(s): the schema was not split", len(files))
	}
	if string(whole) != string(Large(100, 400)) {
		t.Fatal("the files do not add up to Large")
	}
}

func TestLargeIsFormatted(t *testing.T) {
	src := Large(50, 200)
	out, ds := hclschema.Format("large.tfdyn.hcl", src)
	if ds.HasErrors() {
		t.Fatal(ds.Error())
	}
	if string(out) != string(src) {
		t.Fatal("Large is not in tfdyn fmt's style: fmt --check would rewrite it")
	}
}

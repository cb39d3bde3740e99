package adopt

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/emit"
)

// seedFiles adds the files matching pattern to the corpus.
func seedFiles(f *testing.F, pattern string) {
	names, err := filepath.Glob(pattern)
	if err != nil || len(names) == 0 {
		f.Fatalf("no seed files %s: %v", pattern, err)
	}
	for _, n := range names {
		src, err := os.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
}

// codes fails when a diagnostic has no code.
func codes(t *testing.T, diags hcl.Diagnostics) {
	for _, d := range diags {
		if diag.CodeOf(d) == "" {
			t.Fatalf("diagnostic without a code: %s", d.Error())
		}
	}
}

// FuzzTF runs arbitrary Terraform text through tfdyn import's .tf reader and
// renders what it reads: nothing may panic, every diagnostic has a code.
func FuzzTF(f *testing.F) {
	seedFiles(f, "testdata/*/main.tf")
	seedFiles(f, "testdata/refuse/*/main.tf")
	f.Fuzz(func(t *testing.T, src []byte) {
		m, diags := ParseTF(map[string][]byte{"main.tf": src})
		codes(t, diags)
		if diags.HasErrors() {
			return
		}
		for _, addr := range []string{"", "aws_dynamodb_table.orders"} {
			b, ds := m.Find(addr, ".")
			codes(t, ds)
			if b == nil {
				continue
			}
			tb, ds := m.FromTF(b)
			codes(t, ds)
			Schema(tb, Label(tb.Spec.Name), Infer(tb, nil))
			_, _ = TF(tb, emit.Names{Local: resourceName(Label(tb.Spec.Name))}, len(tb.GSIResources) > 0)
		}
	})
}

// FuzzState runs arbitrary JSON through tfdyn import's state reader (the
// attribute values are read with type assertions on decoded JSON).
func FuzzState(f *testing.F) {
	seedFiles(f, "testdata/*/state.json")
	f.Add([]byte(`{"format_version":"1.0","values":{"root_module":{"resources":[{"address":"aws_dynamodb_table.x","mode":"managed","type":"aws_dynamodb_table","name":"x","values":{"name":5,"attribute":[1,{"name":null}],"global_secondary_index":[{"key_schema":"x"}],"ttl":{},"tags":{"a":1}}}]}}}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		s, diags := ParseState("state.json", src)
		codes(t, diags)
		if s == nil {
			return
		}
		tb, ds := FromState(s, "state.json", "")
		codes(t, ds)
		if tb != nil {
			Schema(tb, Label(tb.Spec.Name), Infer(tb, nil))
			_, _ = TF(tb, emit.Names{Local: resourceName(Label(tb.Spec.Name))}, len(tb.GSIResources) > 0)
		}
	})
}

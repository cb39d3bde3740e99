package emit_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/emit"
)

// FuzzReadTarget reads arbitrary Terraform (HCL or JSON) as a module emit
// writes into (the HCL also as its lock file), then fits a schema into it: no panic, every diagnostic has a
// code, and version constraints from the input (go-version) never panic
// the fit.
func FuzzReadTarget(f *testing.F) {
	for _, name := range []string{"main.tf", "variables.tf", "dynamodb_outputs.tf"} {
		src, err := os.ReadFile(filepath.Join("testdata", "target", "root", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src, false)
	}
	f.Add([]byte(`{"terraform": [{"required_providers": [{"aws": {"source": "hashicorp/aws", "version": "~> 5.0"}}]}]}`), true)
	f.Add([]byte("terraform {\n  required_providers {\n    aws = \">= 6.37, != 6.40\"\n  }\n}\n"), false)
	f.Add([]byte("provider \"registry.terraform.io/hashicorp/aws\" {\n  version = \"5.100.0\"\n}\n"), false)
	s, diags := hclschema.Load("../../examples/ecommerce")
	if diags.HasErrors() {
		f.Fatal(diags)
	}
	f.Fuzz(func(t *testing.T, src []byte, json bool) {
		dir := t.TempDir()
		name := "main.tf"
		if json {
			name = "main.tf.json"
		}
		// The same bytes as a module file and as the dependency lock file.
		for _, n := range []string{name, ".terraform.lock.hcl"} {
			if err := os.WriteFile(filepath.Join(dir, n), src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, opts := range []emit.Options{{}, {ProviderMajor: 5, Prefix: "x_"}, {Layout: emit.LayoutModuleCall, ModuleSource: "./m"}} {
			tg, diags := emit.ReadTarget(dir, opts)
			_, fd := emit.Fit(tg, s, opts)
			for _, d := range append(diags, fd...) {
				if diag.CodeOf(d) == "" {
					t.Fatalf("diagnostic without a code: %s", d.Error())
				}
			}
		}
	})
}

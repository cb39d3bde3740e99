package fuzz

import (
	"bytes"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/doc"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/gen/golang"
	"github.com/tfdyn/tfdyn/internal/gen/typescript"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/tstest"
)

// seed adds every schema of examples/ and testdata/ to the corpus.
func seed(f *testing.F) {
	var files []string
	for _, pattern := range []string{
		"../../examples/*/*.tfdyn.hcl",
		"../../testdata/*.tfdyn.hcl",
		"../../testdata/*/*.tfdyn.hcl",
		"../../testdata/*/*/*.tfdyn.hcl",
		"../gen/testdata/*/*.tfdyn.hcl",
	} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			f.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 50 {
		f.Fatalf("found %d seed schemas, want at least 50", len(files))
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
}

// FuzzSchema runs arbitrary schema text through what validate, doc and
// emit do: load, lint and, for a schema without errors, the Markdown
// documentation and every emit layout for providers 5 and 6. Nothing may
// panic, every diagnostic has a code, and every emitted .tf file parses.
func FuzzSchema(f *testing.F) {
	seed(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		s, diags := hclschema.LoadSource("fuzz.tfdyn.hcl", src)
		diags = append(diags, lint.Run(s)...)
		for _, d := range diags {
			if diag.CodeOf(d) == "" {
				t.Fatalf("diagnostic without a code: %s", d.Error())
			}
		}
		if diags.HasErrors() {
			return
		}
		var buf bytes.Buffer
		if err := doc.Markdown(&buf, s); err != nil {
			t.Fatalf("doc.Markdown: %v", err)
		}
		for _, layout := range []emit.Layout{emit.LayoutResources, emit.LayoutModule, emit.LayoutModuleCall} {
			for _, major := range []int{5, 6} {
				files, err := emit.Emit(s, emit.Options{Layout: layout, ProviderMajor: major, ModuleSource: "./modules/dynamodb-table"})
				if err != nil {
					continue // a refusal (provider 5 and a multi-attribute GSI)
				}
				for name, content := range files {
					if filepath.Ext(name) != ".tf" {
						continue
					}
					if _, ds := hclsyntax.ParseConfig(content, name, hcl.InitialPos); ds.HasErrors() {
						t.Fatalf("emit %s provider %d: %s does not parse: %s\n%s", layout, major, name, ds.Error(), content)
					}
				}
			}
		}
	})
}

// FuzzFormat formats arbitrary text as tfdyn fmt does: text over the
// limits or with syntax errors is refused, any other text formats to text
// that parses and formats to itself.
func FuzzFormat(f *testing.F) {
	seed(f)
	f.Add([]byte("a={\nb=1\ncc=2}\n"))
	f.Add([]byte("x = [\n1,\n2\n]\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		out, diags := hclschema.Format("fuzz.tfdyn.hcl", src)
		if diags.HasErrors() {
			if out != nil {
				t.Fatal("output with errors")
			}
			return
		}
		again, ds := hclschema.Format("fuzz.tfdyn.hcl", out)
		if ds.HasErrors() {
			t.Fatalf("formatted text does not parse: %s\ninput:\n%q\noutput:\n%q", ds.Error(), src, out)
		}
		if !bytes.Equal(again, out) {
			t.Fatalf("format is not idempotent\ninput:\n%q\nonce:\n%q\ntwice:\n%q", src, out, again)
		}
	})
}

// FuzzGenTS: tfdyn gen ts on any schema that loads never panics, refuses
// only with coded GN diagnostics at a schema position, and otherwise yields
// TypeScript modules without a syntax error (TypeScript 5.9's parser, in a
// node process), each with gen's header, importing only modules it writes
// or the SDK.
func FuzzGenTS(f *testing.F) {
	seed(f)
	checker := tstest.NewSyntaxChecker(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		s, diags := hclschema.LoadSource("fuzz.tfdyn.hcl", src)
		if diags.HasErrors() {
			return
		}
		files, gdiags := typescript.Generate(s, typescript.Options{Schema: ".."})
		if gdiags.HasErrors() {
			checkRefusals(t, gdiags)
			return
		}
		for name, content := range files {
			if !bytes.HasPrefix(content, []byte(emit.SourceHeader)) {
				t.Fatalf("%s lacks gen's header", name)
			}
			if errs := checker.Check(t, name, content); len(errs) > 0 {
				t.Fatalf("%s has syntax errors: %v\n%s", name, errs, content)
			}
			for _, m := range importFrom.FindAllSubmatch(content, -1) {
				spec := string(m[1])
				if strings.HasPrefix(spec, "@aws-sdk/") {
					continue
				}
				target := path.Join(path.Dir(name), strings.TrimSuffix(spec, ".js")+".ts")
				if _, ok := files[target]; !ok {
					t.Fatalf("%s imports %s, which gen does not write", name, spec)
				}
			}
		}
	})
}

// checkRefusals fails the test for a refusal of gen without a GN code or
// a position.
func checkRefusals(t *testing.T, diags hcl.Diagnostics) {
	t.Helper()
	for _, d := range diags {
		if !strings.HasPrefix(string(diag.CodeOf(d)), "GN") || d.Subject == nil {
			t.Fatalf("refusal without a GN code or a position: %s", d.Error())
		}
	}
}

// importFrom finds the module specifiers of import and export statements.
var importFrom = regexp.MustCompile(`(?m)^(?:import|export)\b[^;]*? from "([^"]+)";$`)

// FuzzGenGo: tfdyn gen go on any schema that loads never panics, refuses
// only with coded GN diagnostics at a schema position, and otherwise yields
// gofmt'd Go that parses.
func FuzzGenGo(f *testing.F) {
	seed(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		s, diags := hclschema.LoadSource("fuzz.tfdyn.hcl", src)
		if diags.HasErrors() {
			return
		}
		files, gdiags := golang.Generate(s, golang.Options{Package: "fuzzdb", Schema: ".."})
		if gdiags.HasErrors() {
			checkRefusals(t, gdiags)
			return
		}
		for name, content := range files {
			if _, err := parser.ParseFile(token.NewFileSet(), name, content, parser.ParseComments); err != nil {
				t.Fatalf("%s does not parse: %v\n%s", name, err, content)
			}
			formatted, err := format.Source(content)
			if err != nil || !bytes.Equal(formatted, content) {
				t.Fatalf("%s is not gofmt'd (%v)", name, err)
			}
		}
	})
}

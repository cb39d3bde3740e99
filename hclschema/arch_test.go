package hclschema_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// languageAllowed lists the files outside hclschema that may use hclsyntax
// or build an hcl.EvalContext, with the reason: none of them reads the
// tfdyn language (templates, conditions, filters), which only hclschema
// decodes and evaluates.
var languageAllowed = map[string]string{
	"internal/emit/emit.go":             "lexes Terraform snippets it writes into hclwrite tokens",
	"internal/emit/policy.go":           "writes comment tokens of the application policy into hclwrite",
	"internal/cli/import.go":            "counts the GSI blocks of the Terraform hand-off file it wrote",
	"internal/corpus/roundtrip_test.go": "reads the addresses of the Terraform hand-off blocks",
	"internal/adopt/tf.go":              "reads the user's Terraform files (aws_dynamodb_table blocks, variable defaults)",
	"internal/adopt/infer.go":           "checks that proposed names are HCL identifiers",
	"internal/adopt/write.go":           "writes comments and the moved/import block of the starting schema",
	"modules/modules_test.go":           "reads the Terraform modules under test",
	"internal/fuzz/fuzz_test.go":        "checks that emitted Terraform parses",
	"internal/tfprovider/trim.go":       "reads the resource types of the Terraform files verify emitted",
}

const hclsyntaxPath = "github.com/hashicorp/hcl/v2/hclsyntax"

// TestLanguageStaysInHclschema enforces that hclschema owns the language:
// outside it (and the allow-list above), no Go file of the module imports
// hclsyntax or builds an hcl.EvalContext (a composite literal or new()).
func TestLanguageStaysInHclschema(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found: %v", err)
	}
	var bad []string
	seen := map[string]bool{}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			name := d.Name()
			if rel == "hclschema" || name == "testdata" || (strings.HasPrefix(name, ".") && rel != ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		var uses []string
		hclName := ""
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			switch p {
			case hclsyntaxPath:
				uses = append(uses, "imports hclsyntax")
			case "github.com/hashicorp/hcl/v2":
				hclName = "hcl"
				if imp.Name != nil {
					hclName = imp.Name.Name
				}
			}
		}
		isEvalContext := func(x ast.Expr) bool {
			sel, ok := x.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "EvalContext" {
				return false
			}
			id, ok := sel.X.(*ast.Ident)
			return ok && hclName != "" && id.Name == hclName
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CompositeLit:
				if x.Type != nil && isEvalContext(x.Type) {
					uses = append(uses, "builds an hcl.EvalContext at "+fset.Position(x.Pos()).String())
				}
			case *ast.CallExpr:
				if id, ok := x.Fun.(*ast.Ident); ok && id.Name == "new" && len(x.Args) == 1 && isEvalContext(x.Args[0]) {
					uses = append(uses, "builds an hcl.EvalContext at "+fset.Position(x.Pos()).String())
				}
			}
			return true
		})
		if len(uses) == 0 {
			return nil
		}
		seen[rel] = true
		if _, ok := languageAllowed[rel]; !ok {
			bad = append(bad, rel+": "+strings.Join(uses, ", "))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Errorf("%s; decode and evaluate the language in hclschema (Template, Cond, Bind, Filter), or add the file to languageAllowed with the reason", b)
	}
	for rel, reason := range languageAllowed {
		if reason != "" && !seen[rel] {
			t.Errorf("%s is allowed (%s) but no longer uses hclsyntax or an hcl.EvalContext: remove it from languageAllowed", rel, reason)
		}
	}
}

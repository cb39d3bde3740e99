package corpus

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// ProviderModule is the AWS provider's Go module at the version whose
// acceptance configurations form the corpus (the version make setup builds
// provider 6 from).
const ProviderModule = "github.com/hashicorp/terraform-provider-aws@v1.60.1-0.20260602190131-5f2286d6d836"

// Files are the test files of the provider's DynamoDB package that hold
// configurations of aws_dynamodb_table (and the resources read with it).
var Files = []string{
	"internal/service/dynamodb/table_test.go",
	"internal/service/dynamodb/global_secondary_index_test.go",
	"internal/service/dynamodb/resource_policy_test.go",
	"internal/service/dynamodb/table_replica_test.go",
}

// ModuleDir returns the directory of ProviderModule, downloading it through
// the Go module proxy (go mod download) when the module cache lacks it.
func ModuleDir() (string, error) {
	out, err := exec.Command("go", "mod", "download", "-json", ProviderModule).Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); jerr != nil {
		if err != nil {
			return "", fmt.Errorf("corpus: go mod download %s: %w", ProviderModule, err)
		}
		return "", fmt.Errorf("corpus: go mod download %s: %w", ProviderModule, jerr)
	}
	if info.Error != "" {
		return "", fmt.Errorf("corpus: go mod download %s: %s", ProviderModule, info.Error)
	}
	return info.Dir, nil
}

// Case is one configuration of the corpus.
type Case struct {
	// Name is the configuration function, e.g. testAccTableConfig_basic.
	Name string
	// Source is the Terraform source, "" when it could not be extracted.
	Source string
	// Skip says why Source is empty.
	Skip string
}

// Extract reads the configuration functions of the files (relative to the
// module directory dir) and renders each as Terraform: the templates of
// its fmt.Sprintf calls (acctest.ConfigCompose's provider parts left out),
// formatted with a value per parameter: the configuration's name gives
// "tf-corpus-<function>", regions real region names, booleans true,
// numbers what their names ask for (warm throughput at its minimum and
// above, caps and capacities small). Cases are sorted by name.
func Extract(dir string, files []string) ([]Case, error) {
	var out []Case
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, filepath.Join(dir, f), nil, 0)
		if err != nil {
			return nil, fmt.Errorf("corpus: %w", err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "testAcc") || !strings.Contains(fn.Name.Name, "Config") {
				continue
			}
			out = append(out, extractFunc(fn))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// extractFunc renders one configuration function.
func extractFunc(fn *ast.FuncDecl) Case {
	c := Case{Name: fn.Name.Name}
	params := map[string]any{}
	i := 0
	for _, field := range fn.Type.Params.List {
		typ := typeName(field.Type)
		for _, n := range field.Names {
			v, ok := paramValue(fn.Name.Name, n.Name, typ, i)
			if !ok {
				c.Skip = fmt.Sprintf("parameter %s of type %s", n.Name, typ)
				return c
			}
			params[n.Name] = v
			i++
		}
	}
	var parts []string
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || c.Skip != "" {
			return c.Skip == ""
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Sprintf" || len(call.Args) == 0 {
			return true
		}
		lit, ok := call.Args[0].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		tpl, err := strconv.Unquote(lit.Value)
		if err != nil {
			c.Skip = "template: " + err.Error()
			return false
		}
		var args []any
		for _, a := range call.Args[1:] {
			v, ok := argValue(a, params)
			if !ok {
				c.Skip = "an argument that is not a parameter or a literal"
				return false
			}
			args = append(args, v)
		}
		text := fmt.Sprintf(tpl, args...)
		if strings.Contains(text, "%!") {
			c.Skip = "the template does not format with its arguments"
			return false
		}
		parts = append(parts, strings.TrimSpace(text)+"\n")
		return false
	})
	if c.Skip != "" {
		return c
	}
	if len(parts) == 0 {
		c.Skip = "no fmt.Sprintf template"
		return c
	}
	c.Source = strings.Join(parts, "\n")
	return c
}

func typeName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.SelectorExpr:
		return typeName(t.X) + "." + t.Sel.Name
	case *ast.ArrayType:
		return "[]" + typeName(t.Elt)
	case *ast.StarExpr:
		return "*" + typeName(t.X)
	}
	return fmt.Sprintf("%T", e)
}

var regions = []string{"us-west-2", "us-east-2", "eu-west-1"}

// paramValue chooses the value of parameter name of type typ (the i-th).
func paramValue(fn, name, typ string, i int) (any, bool) {
	lower := strings.ToLower(name)
	switch typ {
	case "string":
		switch {
		case name == "rName" || strings.HasSuffix(lower, "tablename"):
			// One name per configuration: the round trip applies them all
			// in one account.
			return "tf-corpus-" + strings.ToLower(strings.TrimPrefix(strings.TrimPrefix(fn, "testAcc"), "TableConfig_")), true
		case strings.Contains(lower, "region"):
			return regions[i%len(regions)], true
		case strings.Contains(lower, "key") && strings.Contains(lower, "replica"):
			return fmt.Sprintf("arn:aws:kms:%s:111122223333:key/corpus-%d", regions[i%len(regions)], i), true
		case lower == "key" || strings.HasSuffix(lower, "key"):
			return "key" + strconv.Itoa(i), true
		case strings.Contains(lower, "value"):
			return "value" + strconv.Itoa(i), true
		case strings.Contains(lower, "class"):
			return "STANDARD_INFREQUENT_ACCESS", true
		case strings.Contains(lower, "mode") || strings.Contains(lower, "billing"):
			return "PAY_PER_REQUEST", true
		case strings.Contains(lower, "type"):
			return "S", true
		}
		return "corpus" + strconv.Itoa(i), true
	case "bool":
		return true, true
	case "int", "int32", "int64":
		switch {
		case strings.Contains(lower, "warm") && strings.Contains(lower, "read"):
			return 13000, true
		case strings.Contains(lower, "warm") && strings.Contains(lower, "write"):
			return 5000, true
		case strings.Contains(lower, "period") || strings.Contains(lower, "days"):
			return 7, true
		case strings.Contains(lower, "max"):
			return 100, true
		}
		return 5, true
	}
	return nil, false
}

// argValue evaluates an argument of fmt.Sprintf: a parameter or a literal.
func argValue(e ast.Expr, params map[string]any) (any, bool) {
	switch a := e.(type) {
	case *ast.Ident:
		if v, ok := params[a.Name]; ok {
			return v, true
		}
		switch a.Name {
		case "true":
			return true, true
		case "false":
			return false, true
		}
	case *ast.BasicLit:
		switch a.Kind {
		case token.STRING:
			s, err := strconv.Unquote(a.Value)
			return s, err == nil
		case token.INT:
			n, err := strconv.Atoi(a.Value)
			return n, err == nil
		}
	}
	return nil, false
}

// Write writes the source of c as main.tf of dir (created).
func Write(dir string, c Case) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "main.tf"), []byte(c.Source), 0o644)
}

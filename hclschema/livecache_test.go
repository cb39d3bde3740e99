package hclschema_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// liveImports are imports of a test file that suggest it runs live tools.
var liveImports = map[string]bool{
	"os/exec":                         true,
	modulePath + "/internal/ddblocal": true,
	modulePath + "/internal/ddblocal/ddblocaltest": true,
	modulePath + "/internal/tfenv":                 true,
	modulePath + "/internal/tftest":                true,
	modulePath + "/internal/tstest":                true,
	"github.com/rogpeppe/go-internal/testscript":   true,
}

// liveMarks are the calls that make a package's tests live (tftest.Live):
// go test never answers them from its cache under make test.
var liveMarks = []string{"tftest.Live(", "tftest.Env(", "ddblocaltest.Start(", "tstest.Dir(", "tstest.Link(", "tstest.StartLines(", "tstest.NewSyntaxChecker(", "tstest.Compilers["}

// cachedWithTools lists the packages whose tests use one of liveImports and
// still may be cached, with the reason.
var cachedWithTools = map[string]string{
	"internal/fsafe":      "runs mount, true and sleep: system programs whose behaviour no file of the module changes",
	"internal/schemadiff": "runs git on repositories the test writes from files it read itself",
	"internal/findings":   "reads the SARIF schema in the test process, where go test sees the file",
}

// TestLivePackagesSkipTheCache: make test keeps go test's cache on, so a
// package whose tests run live tools (terraform, DynamoDB Local, Java, npm,
// go, a program that reads files the test did not open) must mark them
// with tftest.Live, directly or through tftest.Env or ddblocaltest.Start,
// or say in cachedWithTools why a cached result stays true.
func TestLivePackagesSkipTheCache(t *testing.T) {
	root, err := filepath.Abs("..")
	require.NoError(t, err)
	type pkg struct {
		live   []string
		marked bool
	}
	pkgs := map[string]*pkg{}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || (strings.HasPrefix(n, ".") && path != root) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, parser.ImportsOnly)
		if err != nil {
			return err
		}
		p := pkgs[rel]
		if p == nil {
			p = &pkg{}
			pkgs[rel] = p
		}
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); liveImports[path] {
				p.live = append(p.live, path)
			}
		}
		for _, m := range liveMarks {
			if strings.Contains(string(src), m) {
				p.marked = true
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.Contains(t, pkgs, "internal/verify")
	var bad []string
	for name, p := range pkgs {
		if len(p.live) == 0 || p.marked {
			continue
		}
		if _, ok := cachedWithTools[name]; ok {
			continue
		}
		bad = append(bad, name+" ("+strings.Join(p.live, ", ")+")")
	}
	sort.Strings(bad)
	require.Empty(t, bad, "these packages' tests import what runs live tools but never call tftest.Live: mark the tests that do, or add the package to cachedWithTools with the reason its cached result stays true")
	for name := range cachedWithTools {
		require.Contains(t, pkgs, name, "cachedWithTools names a package without tests")
	}
}

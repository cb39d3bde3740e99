package golang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/tfdyn/tfdyn/internal/gen"
)

// runtimeDecl is one top-level declaration of the runtime.
type runtimeDecl struct {
	names []string
	uses  map[string]bool
	pkgs  map[string]bool
	text  string
}

var runtimeDecls, runtimeImports = parseRuntime()

// parseRuntime splits the runtime into its declarations, with the
// identifiers and packages each uses.
func parseRuntime() ([]runtimeDecl, []string) {
	src := "package tfdyn\n\n" + runtimeSource
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "tfdyn.go", src, parser.ParseComments)
	if err != nil {
		panic("gen go: the runtime does not parse: " + err.Error())
	}
	var imports []string
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		imports = append(imports, p)
	}
	var out []runtimeDecl
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			continue
		}
		rd := runtimeDecl{uses: map[string]bool{}, pkgs: map[string]bool{}}
		start := d.Pos()
		switch x := d.(type) {
		case *ast.FuncDecl:
			rd.names = []string{x.Name.Name}
			if x.Doc != nil {
				start = x.Doc.Pos()
			}
		case *ast.GenDecl:
			if x.Doc != nil {
				start = x.Doc.Pos()
			}
			for _, sp := range x.Specs {
				switch s := sp.(type) {
				case *ast.TypeSpec:
					rd.names = append(rd.names, s.Name.Name)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						rd.names = append(rd.names, n.Name)
					}
				}
			}
		}
		ast.Inspect(d, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.SelectorExpr:
				if id, ok := x.X.(*ast.Ident); ok {
					rd.pkgs[id.Name] = true
				}
			case *ast.Ident:
				rd.uses[x.Name] = true
			}
			return true
		})
		rd.text = src[fset.Position(start).Offset:fset.Position(d.End()).Offset]
		out = append(out, rd)
	}
	return out, imports
}

var tfdynIdent = regexp.MustCompile(`\btfdyn[A-Za-z0-9_]*\b|\berrTfdyn[A-Za-z0-9_]*\b`)

// runtimeFor returns the runtime's declarations that the other files use,
// transitively, with the imports they need: the generated package holds
// no unused code.
func runtimeFor(files map[string][]byte) string {
	need := map[string]bool{}
	for _, src := range files {
		for _, m := range tfdynIdent.FindAll(src, -1) {
			need[string(m)] = true
		}
	}
	decls := make([]gen.Decl, len(runtimeDecls))
	for i, d := range runtimeDecls {
		decls[i] = gen.Decl{Names: d.names, Uses: d.uses}
	}
	keep := gen.Keep(decls, need)
	pkgs := map[string]bool{}
	var body []string
	for i, d := range runtimeDecls {
		if keep[i] {
			body = append(body, d.text)
			for p := range d.pkgs {
				pkgs[p] = true
			}
		}
	}
	var sb strings.Builder
	var used []string
	for _, im := range runtimeImports {
		if pkgs[path.Base(im)] {
			used = append(used, im)
		}
	}
	if len(used) > 0 {
		sb.WriteString("import (\n")
		for _, im := range used {
			sb.WriteString("\t" + strconv.Quote(im) + "\n")
		}
		sb.WriteString(")\n\n")
	}
	sb.WriteString(strings.Join(body, "\n\n"))
	sb.WriteString("\n")
	return sb.String()
}

package hclschema_test

import (
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tftest"
)

// TestPublicAPINamesOnlyPublicTypes: hclschema is the module's one public
// package, so its exported API (functions, variables, constants, the
// fields and methods of its exported types) may name only types that a
// program outside the module can name too: none from an internal package.
// It reads the compiled package (go list -export), as a user's compiler
// does.
func TestPublicAPINamesOnlyPublicTypes(t *testing.T) {
	tftest.Live()
	cmd := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}}={{.Export}}", "./hclschema")
	cmd.Dir = ".."
	out, err := cmd.Output()
	require.NoError(t, err, "go list -export")
	exports := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, file, _ := strings.Cut(line, "=")
		exports[path] = file
	}
	imp := importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		return os.Open(exports[path])
	})
	pkg, err := imp.Import(modulePath + "/hclschema")
	require.NoError(t, err)
	bad := internalTypesInAPI(pkg)
	require.Empty(t, bad, "hclschema's exported API names types of internal packages: use public types (string, hcl, cty) instead")
}

// internalTypesInAPI lists "Name: type" for every exported name of pkg
// whose API mentions a named type of an internal package.
func internalTypesInAPI(pkg *types.Package) []string {
	var bad []string
	seen := map[types.Type]bool{}
	var visit func(where string, t types.Type)
	visit = func(where string, t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		defer delete(seen, t)
		switch t := t.(type) {
		case *types.Named:
			if p := t.Obj().Pkg(); p != nil && isInternal(p.Path()) {
				bad = append(bad, where+": "+t.String())
				return
			}
			for i := 0; i < t.TypeArgs().Len(); i++ {
				visit(where, t.TypeArgs().At(i))
			}
		case *types.Alias:
			if p := t.Obj().Pkg(); p != nil && isInternal(p.Path()) {
				bad = append(bad, where+": "+t.String())
				return
			}
			visit(where, types.Unalias(t))
		case *types.Pointer:
			visit(where, t.Elem())
		case *types.Slice:
			visit(where, t.Elem())
		case *types.Array:
			visit(where, t.Elem())
		case *types.Map:
			visit(where, t.Key())
			visit(where, t.Elem())
		case *types.Chan:
			visit(where, t.Elem())
		case *types.Signature:
			for i := 0; i < t.Params().Len(); i++ {
				visit(where, t.Params().At(i).Type())
			}
			for i := 0; i < t.Results().Len(); i++ {
				visit(where, t.Results().At(i).Type())
			}
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				if f := t.Field(i); f.Exported() || f.Embedded() {
					visit(where+"."+f.Name(), f.Type())
				}
			}
		case *types.Interface:
			for i := 0; i < t.NumMethods(); i++ {
				if m := t.Method(i); m.Exported() {
					visit(where+"."+m.Name(), m.Type())
				}
			}
		}
	}
	scope := pkg.Scope()
	names := scope.Names()
	sort.Strings(names)
	for _, name := range names {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		visit(name, obj.Type())
		if tn, ok := obj.(*types.TypeName); ok {
			visit(name, tn.Type().Underlying())
			for _, typ := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
				ms := types.NewMethodSet(typ)
				for i := 0; i < ms.Len(); i++ {
					if m := ms.At(i).Obj(); m.Exported() {
						visit(name+"."+m.Name(), m.Type())
					}
				}
			}
		}
	}
	return slices.Compact(bad)
}

func isInternal(path string) bool {
	return path == "internal" || strings.HasPrefix(path, "internal/") || strings.Contains(path, "/internal/") || strings.HasSuffix(path, "/internal")
}

// TestInternalTypesInAPIFindsThem: the check above reports an internal type
// in a constant, a function and a struct field, and passes public ones.
func TestInternalTypesInAPIFindsThem(t *testing.T) {
	internal := types.NewPackage("example.com/m/internal/diag", "diag")
	code := types.NewNamed(types.NewTypeName(token.NoPos, internal, "Code", nil), types.Typ[types.String], nil)
	pkg := types.NewPackage("example.com/m/api", "api")
	scope := pkg.Scope()
	scope.Insert(types.NewConst(token.NoPos, pkg, "CodeSyntax", code, nil))
	scope.Insert(types.NewConst(token.NoPos, pkg, "CodeFine", types.Typ[types.UntypedString], nil))
	params := types.NewTuple(types.NewVar(token.NoPos, pkg, "c", types.NewSlice(code)))
	scope.Insert(types.NewFunc(token.NoPos, pkg, "Eval", types.NewSignatureType(nil, nil, nil, params, nil, false)))
	st := types.NewStruct([]*types.Var{
		types.NewField(token.NoPos, pkg, "Code", types.NewPointer(code), false),
		types.NewField(token.NoPos, pkg, "hidden", code, false),
		types.NewField(token.NoPos, pkg, "Name", types.Typ[types.String], false),
	}, nil)
	scope.Insert(types.NewTypeName(token.NoPos, pkg, "Diag", st))
	require.Equal(t, []string{
		"CodeSyntax: example.com/m/internal/diag.Code",
		"Diag.Code: example.com/m/internal/diag.Code",
		"Eval: example.com/m/internal/diag.Code",
	}, internalTypesInAPI(pkg))
}

package typescript

import (
	"os"
	"path"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tstest"
)

// strictOptions are the compiler options the generated code must pass:
// --strict with exactOptionalPropertyTypes and noUncheckedIndexedAccess,
// and every other check a demanding package turns on.
const strictOptions = `"strict": true,
    "exactOptionalPropertyTypes": true,
    "noUncheckedIndexedAccess": true,
    "noUnusedLocals": true,
    "noUnusedParameters": true,
    "noImplicitReturns": true,
    "noImplicitOverride": true,
    "noPropertyAccessFromIndexSignature": true,
    "noFallthroughCasesInSwitch": true,
    "allowUnreachableCode": false,
    "verbatimModuleSyntax": true,
    "isolatedModules": true,
    "forceConsistentCasingInFileNames": true`

// generateTS generates the modules of schema into dir (its ownership
// headers relative to dir) and returns the files written.
func generateTS(t testing.TB, schema, dir string) map[string][]byte {
	t.Helper()
	s, diags := hclschema.Load(schema)
	require.False(t, diags.HasErrors(), "%s", diags)
	identity, err := emit.SchemaIdentity(schema, dir)
	require.NoError(t, err)
	files, diags := Generate(s, Options{Schema: identity})
	require.False(t, diags.HasErrors(), "%s", diags)
	return files
}

// writeTS writes files under dir.
func writeTS(t testing.TB, dir string, files map[string][]byte) {
	t.Helper()
	for n, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(n))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, b, 0o644))
	}
}

// compileTS generates schema's modules into a new ES module package with
// the toolchain's node_modules, compiles them with TypeScript 7 under the
// strict options into out/, and returns the package's directory.
func compileTS(t testing.TB, schema string) string {
	t.Helper()
	dir := t.TempDir()
	writeTS(t, filepath.Join(dir, "src"), generateTS(t, schema, filepath.Join(dir, "src")))
	tsPackage(t, dir, "module", `"target": "es2022", "lib": ["es2022"], "types": ["node"], "module": "nodenext", "moduleResolution": "nodenext", "rootDir": "src", "outDir": "out"`, "src")
	out, ok := tstest.Compilers[0].Run(t, dir, "-p", ".")
	require.True(t, ok, "tsc on the code generated from %s:\n%s", schema, out)
	return dir
}

// tsPackage makes dir a package of type pkgType ("module", "commonjs")
// with the toolchain's node_modules and a tsconfig.json of the strict
// options, options (more compiler options) and include.
func tsPackage(t testing.TB, dir, pkgType, options, include string) {
	t.Helper()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name": "app", "private": true, "type": "`+pkgType+`"}`+"\n"), 0o644))
	tsconfig := "{\n  \"compilerOptions\": {\n    " + strictOptions + ",\n    " + options + "\n  }"
	if include != "" {
		tsconfig += ",\n  \"include\": [" + str(include) + "]"
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tsconfig.json"), []byte(tsconfig+"\n}\n"), 0o644))
	tstest.Link(t, dir)
}

// schemaName is a short name of a schema directory for subtests.
func schemaName(schema string) string { return path.Base(schema) }

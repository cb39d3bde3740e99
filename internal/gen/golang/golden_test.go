package golang_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/gen/golang"
)

var update = flag.Bool("update", false, "regenerate the committed generated packages")

// generated lists the generated packages committed in the repository: the
// examples' data-access packages (docs and fixtures at once), the
// key-equivalence package and the client package (every read and write
// form, run live by its contract test). They build with the module, so go vet ./...
// checks them, and the tests of this package import them.
var generated = []struct{ schema, dir, pkg string }{
	{"../../../examples/ecommerce", "../../../examples/ecommerce/shopdb", "shopdb"},
	{"../../../examples/github", "../../../examples/github/githubdb", "githubdb"},
	{"../../../examples/tournaments", "../../../examples/tournaments/tournamentsdb", "tournamentsdb"},
	{"testdata/keys", "internal/keysdb", "keysdb"},
	{"testdata/app", "internal/appdb", "appdb"},
	// Limits that end inside runs of equal scores: the contract accepts
	// any choice the limit allows.
	{"../../verify/testdata/limit-ties", "internal/leaguedb", "leaguedb"},
	{"../testdata/ties", "internal/tiesdb", "tiesdb"},
	// A query builder of a key a template writes; an update that takes
	// the item out of every index it rewrites.
	{"../testdata/sparse", "internal/sparsedb", "sparsedb"},
	{"../testdata/saas", "internal/saasdb", "saasdb"},
	// The published designs of issue 30: per-write inputs of a
	// transaction (input.line.Quantity), an object input appended to a
	// list in a document, a projection of a part of a document, constant
	// computed attributes, a unique normalised e-mail, quoted key
	// attribute names, optimistic locking on a version number.
	{"../../../testdata/published/online_shop", "internal/onlineshopdb", "onlineshopdb"},
	{"../../../testdata/published/equipment_versions", "internal/equipmentdb", "equipmentdb"},
	{"../../../testdata/published/device_state_log", "internal/devicelogdb", "devicelogdb"},
	// Issue 30's write forms the published designs do not use (labelled
	// deletes and sparse updates, object, list and set inputs, paths
	// with list indexes, if_not_exists, SET a = b, nested projections).
	{"../testdata/docs30", "internal/docs30db", "docs30db"},
}

func generate(t testing.TB, schema, dir, pkg string) map[string][]byte {
	t.Helper()
	s, diags := hclschema.Load(schema)
	require.False(t, diags.HasErrors(), "%s", diags)
	identity, err := emit.SchemaIdentity(schema, dir)
	require.NoError(t, err)
	files, diags := golang.Generate(s, golang.Options{Package: pkg, Schema: identity})
	require.False(t, diags.HasErrors(), "%s", diags)
	return files
}

// TestGeneratedPackagesCurrent fails when a committed generated package is
// not what tfdyn gen go writes now (gen --check's answer); go test -update
// regenerates them.
func TestGeneratedPackagesCurrent(t *testing.T) {
	for _, g := range generated {
		t.Run(filepath.Base(g.dir), func(t *testing.T) {
			files := generate(t, g.schema, g.dir, g.pkg)
			if *update {
				require.NoError(t, os.MkdirAll(g.dir, 0o755))
				_, err := emit.Write(g.dir, files, false)
				require.NoError(t, err)
			}
			_, err := emit.Write(g.dir, files, true)
			require.NoError(t, err, "run go test ./internal/gen/golang -update")
		})
	}
}

// TestGenerateDeterministic: two runs give the same bytes.
func TestGenerateDeterministic(t *testing.T) {
	for _, g := range generated {
		a := generate(t, g.schema, g.dir, g.pkg)
		b := generate(t, g.schema, g.dir, g.pkg)
		require.Equal(t, a, b, g.schema)
	}
}

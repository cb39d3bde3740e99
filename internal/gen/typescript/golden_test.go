package typescript

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/emit"
)

var update = flag.Bool("update", false, "regenerate the committed generated modules")

// generated lists the generated modules committed in the repository: the
// examples' data-access layers (docs and fixtures at once).
var generated = []struct{ schema, dir string }{
	{"../../../examples/ecommerce", "../../../examples/ecommerce/ts"},
	{"../../../examples/github", "../../../examples/github/ts"},
	{"../../../examples/tournaments", "../../../examples/tournaments/ts"},
	// The published designs of issue 30 (per-write inputs, documents,
	// computed attributes, quoted names).
	{"../../../testdata/published/online_shop", "testdata/published/online_shop"},
	{"../../../testdata/published/equipment_versions", "testdata/published/equipment_versions"},
	{"../../../testdata/published/device_state_log", "testdata/published/device_state_log"},
	{"../testdata/docs30", "testdata/docs30"},
}

// TestGeneratedModulesCurrent fails when committed generated modules are
// not what tfdyn gen ts writes now (gen --check's answer); go test -update
// regenerates them.
func TestGeneratedModulesCurrent(t *testing.T) {
	for _, g := range generated {
		name := filepath.Base(g.dir)
		if name == "ts" {
			name = filepath.Base(filepath.Dir(g.dir))
		}
		t.Run(name, func(t *testing.T) {
			files := generateTS(t, g.schema, g.dir)
			if *update {
				require.NoError(t, os.MkdirAll(g.dir, 0o755))
				_, err := emit.Write(g.dir, files, false)
				require.NoError(t, err)
			}
			_, err := emit.Write(g.dir, files, true)
			require.NoError(t, err, "run go test ./internal/gen/typescript -update")
		})
	}
}

// TestGenerateDeterministic: two runs give the same bytes.
func TestGenerateDeterministic(t *testing.T) {
	for _, schema := range keySchemas {
		a := generateTS(t, schema, "out")
		b := generateTS(t, schema, "out")
		require.Equal(t, a, b, schema)
	}
}

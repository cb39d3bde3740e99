package typescript

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tstest"
)

// tsBlock is a fenced TypeScript block of a Markdown file.
var tsBlock = regexp.MustCompile("(?s)```ts\n(.*?)```")

// TestExampleHandlers compiles the TypeScript the documentation shows
// against the generated modules, under the strict options: the handler of
// each example's README (next to its modules, ./ts) and the worked example
// of docs/gen.md (./db, the ecommerce modules), so that what the docs show
// compiles.
func TestExampleHandlers(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles packages")
	}
	cases := []struct{ name, doc, schema, sub string }{
		{"ecommerce", "../../../examples/ecommerce/README.md", "../../../examples/ecommerce", "ts"},
		{"github", "../../../examples/github/README.md", "../../../examples/github", "ts"},
		{"tournaments", "../../../examples/tournaments/README.md", "../../../examples/tournaments", "ts"},
		{"docs-gen", "../../../docs/gen.md", "../../../examples/ecommerce", "db"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			md, err := os.ReadFile(c.doc)
			require.NoError(t, err)
			blocks := tsBlock.FindAllSubmatch(md, -1)
			require.NotEmpty(t, blocks, "%s shows no TypeScript", c.doc)
			dir := t.TempDir()
			out := filepath.Join(dir, c.sub)
			writeTS(t, out, generateTS(t, c.schema, out))
			// The first block is the handler (or worked example).
			require.NoError(t, os.WriteFile(filepath.Join(dir, "handler.ts"), blocks[0][1], 0o644))
			tsPackage(t, dir, "module", `"target": "es2022", "lib": ["es2022"], "types": ["node"], "module": "nodenext", "moduleResolution": "nodenext", "noUnusedLocals": false, "noEmit": true`, "")
			msg, ok := tstest.Compilers[0].Run(t, dir, "-p", ".")
			require.True(t, ok, "the TypeScript of %s does not compile:\n%s\n%s", c.doc, msg, blocks[0][1])
		})
	}
}

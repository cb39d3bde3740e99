package gen_test

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCodesDocumented: every GN code the generators declare has its page
// under docs/gen-codes and its row in the README's table, and no other.
func TestCodesDocumented(t *testing.T) {
	declared := map[string]bool{}
	src, err := os.ReadFile("codes.go")
	require.NoError(t, err)
	for _, m := range regexp.MustCompile(`diag\.Code = "(GN\d{3})"`).FindAllSubmatch(src, -1) {
		declared[string(m[1])] = true
	}
	require.NotEmpty(t, declared)
	readme, err := os.ReadFile("../../docs/gen-codes/README.md")
	require.NoError(t, err)
	rows := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\| \[(GN\d{3})\]\(GN\d{3}\.md\) \|`).FindAllSubmatch(readme, -1) {
		rows[string(m[1])] = true
	}
	require.Equal(t, declared, rows, "rows of docs/gen-codes/README.md")
	pages, err := filepath.Glob("../../docs/gen-codes/GN*.md")
	require.NoError(t, err)
	onDisk := map[string]bool{}
	for _, p := range pages {
		onDisk[filepath.Base(p)[:5]] = true
	}
	require.Equal(t, declared, onDisk, "pages under docs/gen-codes")
}

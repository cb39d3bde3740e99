package emit_test

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCodesDocumented: every diagnostic code the package declares has its
// row in docs/emit.md's table of codes, and the table names no other.
func TestCodesDocumented(t *testing.T) {
	srcs, err := filepath.Glob("*.go")
	require.NoError(t, err)
	declared := map[string]bool{}
	decl := regexp.MustCompile(`diag\.Code = "(EM\d{3})"`)
	for _, p := range srcs {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		for _, m := range decl.FindAllSubmatch(b, -1) {
			declared[string(m[1])] = true
		}
	}
	require.NotEmpty(t, declared)
	doc, err := os.ReadFile("../../docs/emit.md")
	require.NoError(t, err)
	documented := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\| (EM\d{3}) \|`).FindAllSubmatch(doc, -1) {
		documented[string(m[1])] = true
	}
	require.Equal(t, declared, documented)
}

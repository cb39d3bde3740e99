package verify_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/verify"
)

// TestCheckDocs checks that every verify check has its documentation page,
// whose title is "# CODE name", and a row in docs/verify-checks/README.md,
// and that the README lists no code the registry does not have.
func TestCheckDocs(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "docs", "verify-checks", "README.md"))
	require.NoError(t, err)
	codes := map[string]bool{}
	for _, k := range verify.CheckKinds() {
		require.False(t, codes[k.Code], "duplicate code %s", k.Code)
		codes[k.Code] = true
		require.Regexp(t, `^VF[1-5][0-9][0-9]$`, k.Code)
		page, err := os.ReadFile(filepath.Join("..", "..", k.DocPath()))
		require.NoError(t, err, k.Code)
		require.True(t, strings.HasPrefix(string(page), "# "+k.Code+" "+k.Name+"\n"), "%s: title of %s", k.Code, k.DocPath())
		require.Contains(t, string(page), "Family: "+k.Family+" · Severity: "+k.Severity, k.Code)
		require.Contains(t, string(readme), "| ["+k.Code+"]("+k.Code+".md) | "+k.Name+" | "+k.Family+" | "+k.Severity+" | "+k.Title+" |", k.Code)
		got, ok := verify.CheckKindByCode(k.Code)
		require.True(t, ok)
		require.Equal(t, k, got)
	}
	for _, m := range regexp.MustCompile(`\[(VF\d+)\]`).FindAllStringSubmatch(string(readme), -1) {
		require.True(t, codes[m[1]], "README lists %s, which is no check", m[1])
	}
	pages, err := filepath.Glob(filepath.Join("..", "..", "docs", "verify-checks", "VF*.md"))
	require.NoError(t, err)
	require.Len(t, pages, len(codes), "a page per code and no other")
	_, ok := verify.CheckKindByCode("VF999")
	require.False(t, ok)
}

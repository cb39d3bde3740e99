package plancheck_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/plancheck"
)

// TestRuleDocs checks that every rule has its documentation page, whose
// title is "# CODE name", and a row in docs/plan-rules/README.md.
func TestRuleDocs(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "docs", "plan-rules", "README.md"))
	require.NoError(t, err)
	for _, r := range plancheck.Rules() {
		page, err := os.ReadFile(filepath.Join("..", "..", r.DocPath()))
		require.NoError(t, err, r.Code)
		require.True(t, strings.HasPrefix(string(page), "# "+r.Code+" "+r.Name+"\n"), "%s: title of %s", r.Code, r.DocPath())
		require.Contains(t, string(page), "Family: "+string(r.Family)+" · Severity: "+string(r.Severity), r.Code)
		require.Contains(t, string(readme), "| ["+r.Code+"]("+r.Code+".md) | "+r.Name+" | "+string(r.Family)+" | "+string(r.Severity)+" |", r.Code)
	}
}

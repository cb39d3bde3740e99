package oracle_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// TestCandidatesGiveTheOraclesAnswers runs every access pattern of every
// example schema with every input set twice: over all example items of
// its table and over Table.ExampleCandidates (its partition's items, what
// lint and doc pass). The results, their order and what the limit keeps
// must be the same.
func TestCandidatesGiveTheOraclesAnswers(t *testing.T) {
	dirs, err := filepath.Glob("../../examples/*")
	require.NoError(t, err)
	runs := 0
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		if files, _ := hclschema.FindFiles(dir); len(files) == 0 {
			continue
		}
		s, diags := hclschema.Load(dir)
		require.False(t, diags.HasErrors(), diags.Error())
		for _, p := range s.Patterns {
			if p.Table == nil || p.Index == nil {
				continue
			}
			all := p.Table.ExampleItems()
			for _, set := range hclschema.InputSets(p) {
				b, err := hclschema.Bind(p, set.Values)
				if err != nil {
					continue
				}
				cand := p.Table.ExampleCandidates(b)
				require.LessOrEqual(t, len(cand), len(all))
				want, got := oracle.Run(b, all), oracle.Run(b, cand)
				require.Equal(t, keysOf(want.Items), keysOf(got.Items), "%s %s %v", dir, p.Name, set.Values)
				require.Equal(t, want.Read, got.Read, "%s %s", dir, p.Name)
				k1, m1, ok1 := oracle.LimitViolation(b, all)
				k2, m2, ok2 := oracle.LimitViolation(b, cand)
				require.Equal(t, ok1, ok2, "%s %s", dir, p.Name)
				require.Equal(t, k1.PrimaryKeyText()+m1.PrimaryKeyText(), k2.PrimaryKeyText()+m2.PrimaryKeyText(), "%s %s", dir, p.Name)
				runs++
			}
		}
	}
	require.Greater(t, runs, 50)
}

func keysOf(its []hclschema.Item) []string {
	out := make([]string, len(its))
	for i, it := range its {
		out[i] = it.PrimaryKeyText()
	}
	return out
}

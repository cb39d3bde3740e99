package lint

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

func TestRulesMetadata(t *testing.T) {
	index, err := os.ReadFile("../../docs/rules/README.md")
	require.NoError(t, err)
	names := map[string]bool{}
	prev := diag.Code("")
	kebab := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	for _, r := range Rules() {
		code := r.Code()
		require.Regexp(t, `^TD1\d\d$`, string(code))
		require.Greater(t, code, prev, "rules are ordered by code, without duplicates")
		prev = code
		require.Regexp(t, kebab, r.Name())
		require.False(t, names[r.Name()], "duplicate rule name %q", r.Name())
		names[r.Name()] = true
		require.Contains(t, []hcl.DiagnosticSeverity{hcl.DiagError, hcl.DiagWarning}, r.Severity())
		require.Equal(t, "docs/rules/"+string(code)+".md", r.Link())

		page, err := os.ReadFile(filepath.Join("..", "..", r.Link()))
		require.NoError(t, err, "doc page for %s", code)
		text := string(page)
		require.True(t, strings.HasPrefix(text, "# "+string(code)+" "+r.Name()+"\n"), "%s: page title", code)
		for _, section := range []string{"## Example", "## Why", "## How to fix"} {
			require.Contains(t, text, "\n"+section+"\n", "%s: section %s", code, section)
		}
		require.Contains(t, string(index), "["+string(code)+"]("+string(code)+".md) | "+r.Name()+" |", "README indexes %s", code)

		// One test file per rule.
		matches, _ := filepath.Glob(strings.ToLower(string(code)) + "_*_test.go")
		require.Len(t, matches, 1, "test file for %s", code)
	}
	for _, c := range []diag.Code{hclschema.CodeSyntax, hclschema.CodeInvalidValue, hclschema.CodeDuplicate, hclschema.CodeUnknownReference,
		hclschema.CodeInvalidType, hclschema.CodeUnknownVariable, hclschema.CodeMissingKey, hclschema.CodeInvalidKeyAssignment,
		hclschema.CodeInvalidCondition, hclschema.CodeInvalidExample, hclschema.CodeInvalidTemplate, hclschema.CodeNoFiles} {
		require.Contains(t, string(index), "| "+string(c)+" |", "README lists loader code %s", c)
	}
}

func schemaFiles(t testing.TB) []string {
	var files []string
	for _, pattern := range []string{"../../testdata/*/*.tfdyn.hcl", "../../examples/*/*.tfdyn.hcl"} {
		m, err := filepath.Glob(pattern)
		require.NoError(t, err)
		files = append(files, m...)
	}
	return files
}

func TestRunIsDeterministicAndSorted(t *testing.T) {
	for _, name := range schemaFiles(t) {
		src, err := os.ReadFile(name)
		require.NoError(t, err)
		render := func() []string {
			s, _ := hclschema.LoadSource(name, src)
			var out []string
			for _, d := range Run(s) {
				out = append(out, finding(s, d)+" "+d.Detail)
			}
			return out
		}
		first := render()
		require.Equal(t, first, render(), name)
		s, _ := hclschema.LoadSource(name, src)
		diags := Run(s)
		for i := 1; i < len(diags); i++ {
			a, b := diags[i-1].Subject, diags[i].Subject
			require.LessOrEqual(t, a.Start.Byte, b.Start.Byte, "%s: findings sorted by position", name)
		}
	}
}

func TestRunOnPartialModels(t *testing.T) {
	require.Nil(t, Run(nil))
	for _, src := range []string{
		``,
		`table "app" {}`,
		`table "app" { partition_key = ["a", "b"] }`,
		`entity "X" { attributes = { a = string } }`,
		`table "a" { partition_key = "PK" }
table "b" { partition_key = "PK" }
entity "X" { attributes = { a = string } }
access_pattern "p" {
  entity = entity.X
  key { PK = a }
}`,
		`table "app" {
  partition_key = "PK"
  global_secondary_index "G" { partition_key = [] }
  local_secondary_index "L" { sort_key = [] }
}
entity "X" {
  attributes = { a = string }
  key { PK = "X#${nope}" }
  index "G" { when = a }
}
access_pattern "p" {
  entity = entity.X
  index  = "G"
  key {
    PK = begins_with()
  }
}`,
	} {
		s, ds := hclschema.LoadSource("partial.tfdyn.hcl", []byte(src))
		require.True(t, ds.HasErrors() || src == "", "the loader rejects %q", src)
		require.NotPanics(t, func() { Run(s) })
	}
}

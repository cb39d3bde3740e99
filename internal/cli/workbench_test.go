package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/schemadiff"
	"github.com/tfdyn/tfdyn/internal/tfenv"
)

// roundTrip exports the schema in dir with doc --format workbench and
// imports the model into a new directory, which it returns with the model.
func roundTrip(t *testing.T, dir string) (string, []byte) {
	t.Helper()
	code, model, stderr := runCLI("doc", "--format", "workbench", dir)
	require.Equal(t, 0, code, stderr)
	again, model2, _ := runCLI("doc", "--format", "workbench", dir)
	require.Equal(t, 0, again)
	require.Equal(t, model, model2, "two exports differ")
	tmp := t.TempDir()
	path := filepath.Join(tmp, "model.json")
	require.NoError(t, os.WriteFile(path, []byte(model), 0o644))
	out := filepath.Join(tmp, "schema")
	code, stdout, stderr := runCLI("import", "--from-workbench", path, "-o", out)
	require.Equal(t, 0, code, "import: %s%s", stdout, stderr)
	return out, []byte(model)
}

// loadClean loads the schema in dir; it has no errors, lint included.
func loadClean(t *testing.T, dir string) (*hclschema.Schema, []string) {
	t.Helper()
	s, diags := hclschema.Load(dir)
	require.False(t, diags.HasErrors(), diags.Error())
	diags = append(diags, lint.Run(s)...)
	require.False(t, diags.HasErrors(), diags.Error())
	var warnings []string
	for _, d := range diags {
		warnings = append(warnings, string(diag.CodeOf(d)))
	}
	sort.Strings(warnings)
	return s, warnings
}

// examples are the example schema directories.
func exampleDirs(t *testing.T) []string {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join(repoRoot(t), "examples", "*"))
	require.NoError(t, err)
	var out []string
	for _, d := range dirs {
		if files, _ := filepath.Glob(filepath.Join(d, "*"+hclschema.FileSuffix)); len(files) > 0 {
			out = append(out, d)
		}
	}
	require.GreaterOrEqual(t, len(out), 3)
	return out
}

// TestWorkbenchRoundTrip: every example, exported with doc --format
// workbench and imported with import --from-workbench, is the same
// schema: tfdyn diff finds no change (tables and settings, indexes,
// entities and their templates and sparse conditions, patterns), the
// examples and pattern descriptions are the same, lint finds the same
// warnings; the export is deterministic.
//
// The table spec test schema (every table setting set) is checked too.
func TestWorkbenchRoundTrip(t *testing.T) {
	dirs := append(exampleDirs(t), filepath.Join(repoRoot(t), "internal", "tablespectest", "testdata"))
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			out, _ := roundTrip(t, dir)
			base, bw := loadClean(t, dir)
			head, hw := loadClean(t, out)
			r := schemadiff.Diff(base, head)
			for _, c := range r.Changes {
				t.Errorf("%s %s: %s", c.Code, c.Address, c.Summary)
			}
			require.Equal(t, bw, hw, "lint warnings")
			require.Len(t, head.Entities, len(base.Entities))
			for _, be := range base.Entities {
				he := head.Entity(be.Name)
				require.NotNil(t, he, be.Name)
				require.Len(t, he.Examples, len(be.Examples), be.Name)
				for i, ex := range be.Examples {
					require.Equal(t, ex.Label, he.Examples[i].Label)
					require.True(t, ex.Values.Equals(he.Examples[i].Values).True(), "%s: %#v != %#v", ex.Name(), ex.Values, he.Examples[i].Values)
				}
			}
			for _, bp := range base.Patterns {
				hp := head.Pattern(bp.Name)
				require.Equal(t, bp.Description, hp.Description)
				require.Equal(t, bp.Cardinality, hp.Cardinality)
				require.Len(t, hp.Examples, len(bp.Examples), bp.Name)
			}
			require.Equal(t, len(base.Accepts()), len(head.Accepts()))
		})
	}
}

// publicCase is one published NoSQL Workbench model and what importing it
// gives (testdata/workbench-public.json).
type publicCase struct {
	// Repo, Commit and Path say where the model is published.
	Repo   string `json:"repo"`
	Commit string `json:"commit"`
	Path   string `json:"path"`
	// Tables, Entities and Patterns count what the written schema holds.
	Tables   int `json:"tables"`
	Entities int `json:"entities"`
	Patterns int `json:"patterns"`
	// Warnings are the lint codes the written schema gets, sorted.
	Warnings []string `json:"warnings"`
	// Refusal, when set, is the diagnostic import refuses the model with:
	// "IM004 18:20".
	Refusal string `json:"refusal,omitempty"`
}

// TestWorkbenchPublicModels imports published NoSQL Workbench models
// (public design-pattern repositories) and checks the outcome listed for
// each in testdata/workbench-public.json: the schema validates with the
// listed warnings, and exporting it again re-imports to the same schema.
//
// The models are not in this repository (public material is read, not
// copied) and no package registry serves them: the test reads them from
// $TFDYN_WORKBENCH_MODELS (default $TFDYN_CACHE/workbench-models), laid
// out as <owner>+<repo>@<commit>/<path>, and skips when they are absent
// (docs/workbench.md says how to fetch them).
func TestWorkbenchPublicModels(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "workbench-public.json"))
	require.NoError(t, err)
	var cases []publicCase
	require.NoError(t, json.Unmarshal(b, &cases))
	require.GreaterOrEqual(t, len(cases), 3)
	root := os.Getenv("TFDYN_WORKBENCH_MODELS")
	if root == "" {
		root = filepath.Join(tfenv.CacheDir(), "workbench-models")
	}
	for _, c := range cases {
		name := strings.ReplaceAll(c.Repo, "/", "+") + "@" + c.Commit[:12] + "/" + c.Path
		t.Run(filepath.Base(c.Path), func(t *testing.T) {
			path := filepath.Join(root, strings.ReplaceAll(c.Repo, "/", "+")+"@"+c.Commit, filepath.FromSlash(c.Path))
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s is not in %s (see docs/workbench.md)", name, root)
			}
			out := filepath.Join(t.TempDir(), "schema")
			code, stdout, stderr := runCLI("import", "--from-workbench", path, "-o", out, "--format", "json")
			if c.Refusal != "" {
				require.Equal(t, 1, code, stdout+stderr)
				var d struct{ Diagnostics []diag.JSONDiagnostic }
				require.NoError(t, json.Unmarshal([]byte(stdout), &d))
				require.NotEmpty(t, d.Diagnostics)
				first := d.Diagnostics[0]
				require.Equal(t, c.Refusal, first.Code+" "+itoa(first.Range.Start.Line)+":"+itoa(first.Range.Start.Column))
				require.NoDirExists(t, out)
				return
			}
			require.Equal(t, 0, code, stdout+stderr)
			s, warnings := loadClean(t, out)
			require.Len(t, s.Tables, c.Tables)
			require.Len(t, s.Entities, c.Entities)
			require.Len(t, s.Patterns, c.Patterns)
			if warnings == nil {
				warnings = []string{}
			}
			require.Equal(t, c.Warnings, warnings)
			again, _ := roundTrip(t, out)
			s2, _ := loadClean(t, again)
			for _, ch := range schemadiff.Diff(s, s2).Changes {
				t.Errorf("round trip: %s %s: %s", ch.Code, ch.Address, ch.Summary)
			}
		})
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

package doc_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/doc"
	"github.com/tfdyn/tfdyn/internal/schemagen"
	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// mermaidResult is one line of tools/mermaid/check.mjs.
type mermaidResult struct {
	File  string `json:"file"`
	Line  int    `json:"line"`
	Type  string `json:"type"`
	Error string `json:"error"`
}

// mermaidCheck runs Mermaid's own parser (tools/mermaid/check.mjs, which
// make setup installs with its lock file into $TFDYN_CACHE/mermaid) on
// files and returns its results and exit code. Without the install the
// test fails (it is skipped under -short).
func mermaidCheck(t *testing.T, files ...string) ([]mermaidResult, int) {
	t.Helper()
	tftest.Live() // node reads the cache's install: go test must not cache the result
	dir := filepath.Join(tfenv.CacheDir(), "mermaid")
	problem := ""
	node, err := exec.LookPath("node")
	if err != nil {
		problem = "node is not on PATH"
	}
	for _, f := range []string{"check.mjs", "package-lock.json"} {
		want, err := os.ReadFile(filepath.Join("..", "..", "tools", "mermaid", f))
		require.NoError(t, err)
		got, err := os.ReadFile(filepath.Join(dir, f))
		if problem == "" && (err != nil || !bytes.Equal(got, want)) {
			problem = dir + "/" + f + " is missing or differs from tools/mermaid/" + f
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "mermaid", "package.json")); problem == "" && err != nil {
		problem = "Mermaid is not installed in " + dir
	}
	if problem != "" {
		if testing.Short() {
			t.Skip(problem + " (run make setup)")
		}
		t.Fatal(problem + ": run make setup")
	}
	cmd := exec.Command(node, append([]string{filepath.Join(dir, "check.mjs")}, files...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	code := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatalf("node check.mjs: %v", err)
	}
	if code == 2 {
		t.Fatalf("check.mjs: usage or read error: %s", stderr.String())
	}
	var res []mermaidResult
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var r mermaidResult
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r), "check.mjs line %q", sc.Text())
		res = append(res, r)
	}
	return res, code
}

// fences returns the line (1-based) of every ```mermaid fence of md.
func fences(md string) []int {
	var out []int
	for i, l := range strings.Split(md, "\n") {
		if l == "```mermaid" {
			out = append(out, i+1)
		}
	}
	return out
}

// TestMermaidParses: every Mermaid block of the examples' committed
// DESIGN.md files (which TestDocGolden keeps equal to tfdyn doc's output)
// and of the documents of the language's test schemas and a generated
// schema parses with Mermaid's own parser, as the diagram type the
// document means (each table's ER view, the first block, then flowcharts).
func TestMermaidParses(t *testing.T) {
	var files []string
	examples, err := filepath.Glob(filepath.Join("..", "..", "examples", "*", "DESIGN.md"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(examples), 3)
	files = append(files, examples...)
	tmp := t.TempDir()
	for name, path := range map[string]string{
		"full":  filepath.Join("..", "tablespectest", "testdata"),
		"smoke": filepath.Join("..", "..", "testdata", "smoke"),
	} {
		out := filepath.Join(tmp, name+".md")
		require.NoError(t, os.WriteFile(out, []byte(markdown(t, mustLoad(t, path))), 0o644))
		files = append(files, out)
	}
	s, diags := hclschema.LoadSource("large.tfdyn.hcl", schemagen.Large(40, 120))
	require.False(t, diags.HasErrors(), diags.Error())
	large := filepath.Join(tmp, "large.md")
	require.NoError(t, os.WriteFile(large, []byte(markdown(t, s)), 0o644))
	files = append(files, large)

	res, code := mermaidCheck(t, files...)
	want := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		lines := fences(string(b))
		require.NotEmpty(t, lines, "%s has no Mermaid block", f)
		want += len(lines)
		var got []int
		for _, r := range res {
			if r.File == f {
				got = append(got, r.Line)
				require.Empty(t, r.Error, "%s:%d: Mermaid cannot parse the block", f, r.Line)
			}
		}
		require.Equal(t, lines, got, "%s: the blocks check.mjs parsed", f)
	}
	require.Len(t, res, want)
	require.Equal(t, 0, code)
	for i, r := range res {
		b, err := os.ReadFile(r.File)
		require.NoError(t, err)
		lines := strings.Split(string(b), "\n")
		// r.Line is the 1-based line of the fence: lines[r.Line] is the
		// block's first line.
		er := strings.HasPrefix(lines[r.Line], "erDiagram")
		if i == 0 || res[i-1].File != r.File {
			require.True(t, er, "%s: the first block is the entity relationship view", r.File)
		}
		if er {
			require.Equal(t, "er", r.Type, "%s:%d: a table's entity relationship view", r.File, r.Line)
		} else {
			require.Equal(t, "flowchart-v2", r.Type, "%s:%d", r.File, r.Line)
		}
	}
}

// TestMermaidCheckFails: a broken diagram fails the check, at its line,
// with Mermaid's parse error; the good block next to it passes.
func TestMermaidCheckFails(t *testing.T) {
	f := filepath.Join(t.TempDir(), "bad.md")
	md := "# x\n\n```mermaid\nflowchart LR\n  a --> b\n```\n\ntext\n\n```mermaid\nerDiagram\n  User {\n    string PK PK\n  }\n```\n"
	require.NoError(t, os.WriteFile(f, []byte(md), 0o644))
	res, code := mermaidCheck(t, f)
	require.Equal(t, 1, code)
	require.Len(t, res, 2)
	require.Equal(t, 3, res[0].Line)
	require.Empty(t, res[0].Error)
	require.Equal(t, 10, res[1].Line)
	require.Contains(t, res[1].Error, "Parse error on line 3")
}

// TestMermaidNames: attribute names that are key words of Mermaid's ER
// grammar, quotes and hashes in templates and enum types still draw (the
// schema's document parses), and the JSON graph keeps the names as
// written.
func TestMermaidNames(t *testing.T) {
	src := `
table "t" {
  partition_key = "pk"
  sort_key      = "SK"
}
entity "Odd-Name" {
  table = table.t
  attributes = {
    pk     = string
    uk     = optional(string)
    state  = enum("A\"B", "<c>")
    nested = map(object({ a = string, b = optional(list(number)) }))
  }
  computed = { EntityType = "odd" }
  key {
    SK = "#${pk}&${format("%03d", 7)}"
  }
  example {
    pk     = "x"
    state  = "<c>"
    nested = {}
  }
  example {
    pk     = "y"
    state  = "<c>"
    nested = {}
  }
}
access_pattern "by_pk" {
  description = "by pk"
  entity      = entity.Odd-Name
  key {
    pk = pk
    SK = "#${pk}&${format("%03d", 7)}"
  }
}
`
	s, diags := hclschema.LoadSource("odd.tfdyn.hcl", []byte(src))
	require.False(t, diags.HasErrors(), diags.Error())
	md := markdown(t, s)
	require.Contains(t, md, "    string pk_ PK \"attribute pk\"\n")
	require.Contains(t, md, "    string uk_ \"attribute uk, optional\"\n")
	require.Contains(t, md, "    map nested\n")
	require.Contains(t, md, "    string EntityType \"computed\"\n")
	require.Contains(t, md, `c1_1["Odd-Name<br/>SK = #35;${pk}#amp;${format(#quot;%03d#quot;, 7)}"]`)
	f := filepath.Join(t.TempDir(), "odd.md")
	require.NoError(t, os.WriteFile(f, []byte(md), 0o644))
	res, code := mermaidCheck(t, f)
	require.Equal(t, 0, code, "%+v", res)
	require.Len(t, res, 3)

	var buf bytes.Buffer
	require.NoError(t, doc.JSON(&buf, s))
	var d doc.Document
	require.NoError(t, json.Unmarshal(buf.Bytes(), &d))
	g := d.Tables[0].Graph
	require.Equal(t, []doc.GraphAttribute{
		{Name: "pk", Type: "string", PrimaryKey: true},
		{Name: "uk", Type: "string", Optional: true},
		{Name: "state", Type: `enum("A\"B", "<c>")`},
		{Name: "nested", Type: "map(object({a=string,b=optional(list(number))}))"},
		{Name: "EntityType", Type: "string", Computed: `"odd"`},
	}, g.Entities[0].Attributes)
	require.Equal(t, []doc.Collection{{ID: "table#1", Index: "table", Partition: []string{"pk (attribute)"},
		Members: []doc.Member{{Entity: "Odd-Name", Sort: []string{`SK = #${pk}&${format("%03d", 7)}`}}}}}, g.Collections)
	require.Equal(t, []doc.PatternPath{{Pattern: "by_pk", Operation: "GetItem", Index: "table", Collections: []string{"table#1"},
		Entities: []string{"Odd-Name"}}}, g.Paths)
}

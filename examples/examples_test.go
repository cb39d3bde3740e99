// Package examples holds the example schemas (one directory each); its test
// loads every example and checks that each access pattern finds items.
package examples

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// The examples have no golden files of their own (package doc checks their
// DESIGN.md); -update is accepted so that go test ./... -update works.
var _ = flag.Bool("update", false, "accepted for go test ./... -update; no golden files here")

// dirs returns the example directories (those holding a schema file).
func dirs(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if files, _ := filepath.Glob(filepath.Join(e.Name(), "*"+hclschema.FileSuffix)); len(files) > 0 {
			out = append(out, e.Name())
		}
	}
	if len(out) < 3 {
		t.Fatalf("found %d example directories, want at least 3", len(out))
	}
	return out
}

func load(t *testing.T, dir string) *hclschema.Schema {
	t.Helper()
	s, diags := hclschema.Load(dir)
	for _, d := range diags {
		t.Errorf("%s: [%s] %s", d.Subject, diag.CodeOf(d), d.Error())
	}
	if diags.HasErrors() {
		t.FailNow()
	}
	return s
}

// TestExamplesLoad checks that every example loads cleanly and is complete:
// each entity has two or more example items, each access pattern a description.
func TestExamplesLoad(t *testing.T) {
	for _, dir := range dirs(t) {
		t.Run(dir, func(t *testing.T) {
			s := load(t, dir)
			if len(s.Entities) == 0 || len(s.Patterns) == 0 {
				t.Fatalf("%s declares %d entities and %d access patterns", dir, len(s.Entities), len(s.Patterns))
			}
			for _, e := range s.Entities {
				if len(e.Examples) < 2 {
					t.Errorf("entity %s has %d example items, want 2 or more", e.Name, len(e.Examples))
				}
			}
			for _, p := range s.Patterns {
				if strings.TrimSpace(p.Description) == "" {
					t.Errorf("access pattern %s has no description", p.Name)
				}
			}
			if _, err := os.Stat(filepath.Join(dir, "README.md")); err != nil {
				t.Errorf("missing README.md: %v", err)
			}
		})
	}
}

// TestExamplesDeclareExpectations checks that every access pattern of every
// example declares, for at least one input set, the items it returns (lint
// TD136 then holds the design to them).
func TestExamplesDeclareExpectations(t *testing.T) {
	for _, dir := range dirs(t) {
		t.Run(dir, func(t *testing.T) {
			for _, p := range load(t, dir).Patterns {
				declared := false
				for _, x := range p.Examples {
					declared = declared || x.HasReturns
				}
				if !declared {
					t.Errorf("access pattern %s declares returns for no input set", p.Name)
				}
			}
		})
	}
}

// deliberateWarnings are the lint codes an example may report: each example
// shows one filter on purpose.
var deliberateWarnings = map[diag.Code]bool{lint.CodeFilter: true}

// TestExamplesLint checks that lint reports no error on any example and no
// warning beyond the deliberate ones.
func TestExamplesLint(t *testing.T) {
	for _, dir := range dirs(t) {
		t.Run(dir, func(t *testing.T) {
			for _, d := range lint.Run(load(t, dir)) {
				if d.Severity == hcl.DiagError || !deliberateWarnings[diag.CodeOf(d)] {
					t.Errorf("%s: [%s] %s: %s", d.Subject, diag.CodeOf(d), d.Summary, d.Detail)
				}
			}
		})
	}
}

// TestExamplesPatternsFindItems runs every access pattern through the oracle
// over all example items of its table: for input sets taken from the
// pattern's own examples (each must find an item) and from the example items
// of its entities (at least one must find an item), and checks that a
// pattern never returns an entity it does not declare.
func TestExamplesPatternsFindItems(t *testing.T) {
	for _, dir := range dirs(t) {
		t.Run(dir, func(t *testing.T) {
			s := load(t, dir)
			for _, p := range s.Patterns {
				t.Run(p.Name, func(t *testing.T) {
					items := tableItems(t, p.Table)
					found := false
					for _, in := range p.Examples {
						n := run(t, p, in.Inputs, items)
						if n == 0 {
							t.Errorf("the example input set %s finds no item", inputString(in.Inputs))
						}
						found = found || n > 0
					}
					for _, in := range derivedInputs(p) {
						found = run(t, p, in, items) > 0 || found
					}
					if !found {
						t.Errorf("no input set taken from the examples finds an item")
					}
				})
			}
		})
	}
}

func tableItems(t *testing.T, tbl *hclschema.Table) []hclschema.Item {
	t.Helper()
	var items []hclschema.Item
	for _, e := range tbl.Entities {
		for _, ex := range e.Examples {
			it, err := e.Item(ex.Values)
			if err != nil {
				t.Fatalf("example of %s at %s: %v", e.Name, ex.DeclRange, err)
			}
			items = append(items, it)
		}
	}
	return items
}

// derivedInputs returns the input sets hclschema takes from the example
// items of the pattern's entities.
func derivedInputs(p *hclschema.AccessPattern) []map[string]cty.Value {
	var out []map[string]cty.Value
	for _, set := range hclschema.InputSets(p) {
		if set.Example != nil {
			out = append(out, set.Values)
		}
	}
	return out
}

// run returns how many items the pattern finds for the inputs and fails the
// test when one of them belongs to an undeclared entity.
func run(t *testing.T, p *hclschema.AccessPattern, in map[string]cty.Value, items []hclschema.Item) int {
	t.Helper()
	b, err := hclschema.Bind(p, in)
	if err != nil {
		t.Fatal(err)
	}
	// Run without the limit: a page boundary must not hide an undeclared entity.
	limit := p.Limit
	p.Limit = 0
	res := oracle.Run(b, items)
	p.Limit = limit
	if bad := oracle.Undeclared(p, res.Items); len(bad) > 0 {
		var names []string
		for _, it := range bad {
			names = append(names, it.Entity.Name+" "+keyString(it))
		}
		sort.Strings(names)
		t.Errorf("inputs %s return items of undeclared entities: %s", inputString(in), strings.Join(names, ", "))
	}
	return len(res.Items)
}

func keyString(it hclschema.Item) string {
	var parts []string
	for _, v := range it.PrimaryKey() {
		parts = append(parts, valueString(v))
	}
	return strings.Join(parts, "/")
}

func inputString(in map[string]cty.Value) string {
	names := make([]string, 0, len(in))
	for n := range in {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n + "=" + valueString(in[n])
	}
	return "{" + strings.Join(parts, " ") + "}"
}

func valueString(v cty.Value) string {
	switch {
	case v.IsNull():
		return "null"
	case v.Type() == cty.String:
		return v.AsString()
	case v.Type() == cty.Number:
		return v.AsBigFloat().Text('g', -1)
	}
	return v.GoString()
}

// TestReadmesShowApplicationCode: each example's README shows the
// application code of its generated package as its app_example_test.go
// compiles it (the lines between app:begin and app:end).
func TestReadmesShowApplicationCode(t *testing.T) {
	for name, pkg := range map[string]string{"ecommerce": "shopdb", "github": "githubdb", "tournaments": "tournamentsdb"} {
		src, err := os.ReadFile(filepath.Join(name, pkg, "app_example_test.go"))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		_, rest, ok := strings.Cut(string(src), "\t// app:begin\n")
		body, _, ok2 := strings.Cut(rest, "\t// app:end\n")
		if !ok || !ok2 {
			t.Fatalf("%s/%s/app_example_test.go: no app:begin ... app:end block", name, pkg)
		}
		var lines []string
		for _, l := range strings.SplitAfter(body, "\n") {
			lines = append(lines, strings.TrimPrefix(l, "\t"))
		}
		block := "```go\n" + strings.Join(lines, "") + "```\n"
		readme, err := os.ReadFile(filepath.Join(name, "README.md"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(readme), block) {
			t.Errorf("%s/README.md does not show the application code of %s/app_example_test.go:\n%s", name, pkg, block)
		}
	}
}

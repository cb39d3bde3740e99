package hclschema_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// versionSchema is a table with one entity of labelled and unlabelled
// examples (lines 1-26), for the expectation tests.
const versionSchema = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Version" {
  attributes = {
    doc     = string
    version = number
  }
  key {
    PK = "DOC#${doc}"
    SK = "v${version}"
  }
  example "v1" {
    doc     = "readme"
    version = 1
  }
  example {
    doc     = "readme"
    version = 2
  }
  example "v10" {
    doc     = "readme"
    version = 10
  }
}
`

// located renders a diagnostic as "CODE line:col-line:col `text` Summary".
func located(src string, d *hcl.Diagnostic) string {
	if d.Subject == nil {
		return fmt.Sprintf("%s (no subject) %s", diag.CodeOf(d), d.Summary)
	}
	r := d.Subject
	return fmt.Sprintf("%s %d:%d-%d:%d `%s` %s", diag.CodeOf(d), r.Start.Line, r.Start.Column, r.End.Line, r.End.Column,
		src[r.Start.Byte:r.End.Byte], d.Summary)
}

func TestLoadExampleLabels(t *testing.T) {
	s := mustLoad(t, versionSchema)
	e := s.Entity("Version")
	require.Len(t, e.Examples, 3)
	var names []string
	for _, ex := range e.Examples {
		names = append(names, ex.Name())
		require.Same(t, e, ex.Entity)
	}
	require.Equal(t, []string{`Version["v1"]`, "Version#2", `Version["v10"]`}, names)
	require.Equal(t, "v10", e.Examples[2].Label)
	require.Equal(t, 22, e.Examples[2].LabelRange.Start.Line)
	require.Equal(t, 11, e.Examples[2].LabelRange.Start.Column)
	require.Same(t, e.Examples[0], e.Example("v1"))
	require.Nil(t, e.Example(""), "an unlabelled example has no label to find it by")
}

func TestLoadExpectations(t *testing.T) {
	src := versionSchema + `access_pattern "latest" {
  entity      = entity.Version
  cardinality = "one"
  key {
    PK = "DOC#${doc}"
  }
  order = "desc"
  limit = 1
  example {
    doc     = "readme"
    returns = [entity.Version.example["v10"]]
  }
  example {
    doc           = "none"
    returns_count = 0
  }
  example {
    doc     = "readme"
    returns = []
  }
  example {
    doc = "readme"
  }
}
`
	s := mustLoad(t, src)
	p := s.Pattern("latest")
	require.Equal(t, hclschema.CardinalityOne, p.Cardinality)
	require.Equal(t, "29:17-29:22", rangeText(p.CardinalityRange))
	require.Len(t, p.Examples, 4)

	x := p.Examples[0]
	require.True(t, x.HasReturns)
	require.False(t, x.HasCount)
	require.Len(t, x.Returns, 1)
	require.Same(t, s.Entity("Version").Example("v10"), x.Returns[0].Example)
	require.Equal(t, "37:15-37:46", rangeText(x.ReturnsRange))
	require.Equal(t, "37:16-37:45", rangeText(x.Returns[0].Range))
	require.Equal(t, "readme", x.Inputs["doc"].AsString())
	require.NotContains(t, x.Inputs, "returns")

	x = p.Examples[1]
	require.True(t, x.HasCount)
	require.Equal(t, int64(0), x.ReturnsCount)
	require.Equal(t, "41:21-41:22", rangeText(x.ExpectationRange()))

	x = p.Examples[2]
	require.True(t, x.HasReturns)
	require.Empty(t, x.Returns)

	x = p.Examples[3]
	require.False(t, x.HasExpectation())
	require.Equal(t, 4, x.Position)

	require.Equal(t, hclschema.CardinalityMany, mustLoad(t, versionSchema+`access_pattern "all" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
}
`).Pattern("all").Cardinality)
}

func rangeText(r hcl.Range) string {
	return fmt.Sprintf("%d:%d-%d:%d", r.Start.Line, r.Start.Column, r.End.Line, r.End.Column)
}

// TestLoadExpectationErrors checks that every malformed label, expectation
// and example reference is a diagnostic with a code on the tightest range
// (never a panic), and that nothing else is reported.
func TestLoadExpectationErrors(t *testing.T) {
	pattern := func(example string) string {
		return versionSchema + `access_pattern "p" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
  example {
    doc = "readme"
` + example + `
  }
}
`
	}
	cases := []struct {
		name string
		src  string
		want []string
	}{
		{"duplicate example label", versionSchema + `entity "Other" {
  attributes = { doc = string }
  key {
    PK = "O#${doc}"
    SK = "O"
  }
  example "a" {
    doc = "x"
  }
  example "a" {
    doc = "y"
  }
}
`, []string{"TD003 36:11-36:14 `\"a\"` Duplicate example label"}},
		{"two labels", versionSchema + `entity "Other" {
  attributes = { doc = string }
  key {
    PK = "O#${doc}"
    SK = "O"
  }
  example "a" "b" {
    doc = "x"
  }
}
`, []string{"TD001 33:15-33:18 `\"b\"` Extraneous label for example"}},
		{"invalid label", versionSchema + `entity "Other" {
  attributes = { doc = string }
  key {
    PK = "O#${doc}"
    SK = "O"
  }
  example "a b" {
    doc = "x"
  }
}
`, []string{"TD002 33:11-33:16 `\"a b\"` Invalid example label"}},
		{"string element", pattern(`    returns = ["v1"]`),
			[]string{"TD002 34:16-34:20 `\"v1\"` Invalid example reference"}},
		{"not a list", pattern(`    returns = entity.Version.example["v1"]`),
			[]string{"TD002 34:15-34:43 `entity.Version.example[\"v1\"]` Invalid returns"}},
		{"wrong root", pattern(`    returns = [example.Version["v1"]]`),
			[]string{"TD002 34:16-34:23 `example` Invalid example reference"}},
		{"entity only", pattern(`    returns = [entity.Version]`),
			[]string{"TD002 34:16-34:30 `entity.Version` Invalid example reference"}},
		{"root only", pattern(`    returns = [entity]`),
			[]string{"TD002 34:16-34:22 `entity` Invalid example reference"}},
		{"index as entity", pattern(`    returns = [entity["Version"].example["v1"]]`),
			[]string{"TD002 34:22-34:33 `[\"Version\"]` Invalid example reference"}},
		{"misspelled example step", pattern(`    returns = [entity.Version.examples["v1"]]`),
			[]string{"TD002 34:30-34:39 `.examples` Invalid example reference"}},
		{"no label", pattern(`    returns = [entity.Version.example]`),
			[]string{"TD002 34:16-34:38 `entity.Version.example` Invalid example reference"}},
		{"number label", pattern(`    returns = [entity.Version.example[0]]`),
			[]string{"TD002 34:38-34:41 `[0]` Invalid example reference"}},
		{"name label", pattern(`    returns = [entity.Version.example.v1]`),
			[]string{"TD002 34:38-34:41 `.v1` Invalid example reference"}},
		{"extra step", pattern(`    returns = [entity.Version.example["v1"].doc]`),
			[]string{"TD002 34:44-34:48 `.doc` Invalid example reference"}},
		{"function call", pattern(`    returns = [lower("v1")]`),
			[]string{"TD002 34:16-34:27 `lower(\"v1\")` Invalid example reference"}},
		{"splat", pattern(`    returns = [entity.Version.example[*]]`),
			[]string{"TD002 34:16-34:41 `entity.Version.example[*]` Invalid example reference"}},
		{"unknown entity", pattern(`    returns = [entity.Versoin.example["v1"]]`),
			[]string{"TD004 34:16-34:44 `entity.Versoin.example[\"v1\"]` Unknown entity"}},
		{"unknown label", pattern(`    returns = [entity.Version.example["v2"]]`),
			[]string{"TD004 34:38-34:44 `[\"v2\"]` Unknown example"}},
		{"duplicate element", pattern(`    returns = [entity.Version.example["v1"], entity.Version.example["v1"]]`),
			[]string{"TD003 34:46-34:74 `entity.Version.example[\"v1\"]` Duplicate expected item"}},
		{"both returns and count", pattern("    returns = []\n    returns_count = 1"),
			[]string{"TD002 35:5-35:18 `returns_count` Both returns and returns_count"}},
		{"negative count", pattern(`    returns_count = -1`),
			[]string{"TD002 34:21-34:23 `-1` Invalid value for returns_count"}},
		{"count not a number", pattern(`    returns_count = "many"`),
			[]string{"TD002 34:21-34:27 `\"many\"` Invalid value for returns_count"}},
		{"misspelled returns", pattern(`    return = []`),
			[]string{"TD010 34:5-34:11 `return` Unknown input in example"}},
		{"example of another table", strings.Replace(versionSchema, "attributes = {", "table = table.t\n  attributes = {", 1) + `table "u" {
  partition_key = "PK"
}
entity "Other" {
  table      = table.u
  attributes = { id = string }
  key {
    PK = "O#${id}"
  }
  example "o1" {
    id = "1"
  }
}
access_pattern "p" {
  entity = entity.Version
  key {
    PK = "DOC#${doc}"
  }
  example {
    doc     = "readme"
    returns = [entity.Other.example["o1"]]
  }
}
`, []string{"TD002 48:16-48:42 `entity.Other.example[\"o1\"]` Example of another table"}},
		{"bad cardinality", versionSchema + `access_pattern "p" {
  entity      = entity.Version
  cardinality = "single"
  key {
    PK = "DOC#${doc}"
  }
}
`, []string{"TD002 29:17-29:25 `\"single\"` Unsupported value for cardinality"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, diags := hclschema.LoadSource("test.tfdyn.hcl", []byte(tc.src))
			got := []string{}
			for _, d := range diags {
				got = append(got, located(tc.src, d))
				require.NotEmpty(t, d.Detail)
			}
			require.Equal(t, tc.want, got)
		})
	}
}

// TestLoadExpectationOfBrokenExample: a reference to an example that failed
// to load is not reported again.
func TestLoadExpectationOfBrokenExample(t *testing.T) {
	src := `table "t" {
  partition_key = "PK"
}
entity "User" {
  attributes = { name = string, age = number }
  key {
    PK = "USER#${name}"
  }
  example "alice" {
    name = "alice"
    age  = "old"
  }
}
access_pattern "p" {
  entity = entity.User
  key {
    PK = "USER#${name}"
  }
  example {
    name    = "alice"
    returns = [entity.User.example["alice"]]
  }
}
`
	_, diags := hclschema.LoadSource("test.tfdyn.hcl", []byte(src))
	got := []string{}
	for _, d := range diags {
		got = append(got, located(src, d))
	}
	require.Equal(t, []string{"TD010 11:12-11:17 `\"old\"` Wrong type in example"}, got)
}

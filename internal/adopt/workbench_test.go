package adopt

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/lint"
	"github.com/tfdyn/tfdyn/internal/workbench"
)

// importModel parses and converts a model held in memory.
func importModel(t *testing.T, src string) ([]WorkbenchTable, []string) {
	t.Helper()
	m, diags := workbench.Parse("model.json", []byte(src))
	if !diags.HasErrors() {
		var tables []WorkbenchTable
		tables, diags = FromWorkbench(m, "model.json")
		if !diags.HasErrors() {
			return tables, nil
		}
	}
	var got []string
	for _, d := range diags {
		got = append(got, string(diag.CodeOf(d))+" "+d.Subject.String()+" "+d.Summary)
	}
	return nil, got
}

// TestWorkbenchLibraryGolden: a hand-written model with two facets holding
// items (prefixes become key templates, an unsupported M attribute is left
// out and said so, an optional SS attribute), a facet without items (its
// attributes typed from the model), items no facet holds (grouped by
// prefix), an INCLUDE GSI and provisioned capacity: the written schema is
// testdata/workbench/library.tfdyn.hcl (refresh with -update), and it loads
// with exactly the listed lint warnings.
func TestWorkbenchLibraryGolden(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "workbench", "library.json"))
	require.NoError(t, err)
	tables, refused := importModel(t, string(src))
	require.Nil(t, refused)
	require.Len(t, tables, 1)
	require.False(t, tables[0].Declared)
	got := WorkbenchSchema(tables[0], "library.json")
	golden := filepath.Join("testdata", "workbench", "library.tfdyn.hcl")
	if *update {
		require.NoError(t, os.WriteFile(golden, got, 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	require.Equal(t, string(want), string(got))

	s, diags := hclschema.LoadSource("library.tfdyn.hcl", got)
	require.False(t, diags.HasErrors(), diags.Error())
	diags = append(diags, lint.Run(s)...)
	var codes []string
	for _, d := range diags {
		codes = append(codes, string(diag.CodeOf(d))+" "+d.Subject.String())
	}
	require.Equal(t, []string{
		"TD116 library.tfdyn.hcl:14,3-32",
		"TD121 library.tfdyn.hcl:91,1-15",
	}, codes)
	require.Equal(t, []string{"Book", "LoanRecord", "Shelf", "Profile"}, []string{s.Entities[0].Name, s.Entities[1].Name, s.Entities[2].Name, s.Entities[3].Name})
}

// TestWorkbenchRefusals: what a schema cannot express is an IM004 error at
// the model's field, naming the fix.
func TestWorkbenchRefusals(t *testing.T) {
	table := func(body string) string {
		return `{"ModelName": "m", "DataModel": [{"TableName": "tbl",
"KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}}` + body + `}]}`
	}
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"binary key", `{"DataModel": [{"TableName": "tbl",
"KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "B"}}}]}`,
			[]string{"IM004 model.json:2,35-80 Binary key attribute"}},
		{"key name not an identifier", `{"DataModel": [{"TableName": "tbl",
"KeyAttributes": {"PartitionKey": {"AttributeName": "A#B", "AttributeType": "S"}}}]}`,
			[]string{"IM004 model.json:2,35-81 Key attribute name is not an identifier"}},
		{"two types", table(`,
"GlobalSecondaryIndexes": [{"IndexName": "G", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "N"}}}]`),
			[]string{"IM004 model.json:3,81-126 Attribute with two types"}},
		{"index keys typed by the index", table(`,
"GlobalSecondaryIndexes": [{"IndexName": "G", "KeyAttributes": {"PartitionKey": {"AttributeName": "X", "AttributeType": "S"}, "SortKey": {"AttributeName": "Y", "AttributeType": "S"}}}]`),
			nil},
		{"provisioned without capacity", table(`, "BillingMode": "PROVISIONED"`),
			[]string{"IM004 model.json:1,34-2,112 Provisioned table without capacity"}},
		{"duplicate label", `{"DataModel": [{"TableName": "tbl", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}}},
{"TableName": "tbl", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}}}]}`,
			[]string{"IM004 model.json:2,15-20 Duplicate table label"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, got := importModel(t, c.src)
			require.Equal(t, c.want, got)
		})
	}
}

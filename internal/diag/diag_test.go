package diag_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/diag"
)

func TestWriteTextPrefixesPositionAndCode(t *testing.T) {
	p := hclparse.NewParser()
	_, ds := p.ParseHCL([]byte("table \"app\" {\n  name = tabel.x\n}\n"), "app.tfdyn.hcl")
	require.False(t, ds.HasErrors())
	rng := hcl.Range{Filename: "app.tfdyn.hcl", Start: hcl.Pos{Line: 2, Column: 10, Byte: 23}, End: hcl.Pos{Line: 2, Column: 17, Byte: 30}}
	d := diag.Errorf("TD004", &rng, "Unknown table", "No table named %q is declared.%s", "tabel", diag.DidYouMean("tabel", []string{"table", "other"}))
	var out bytes.Buffer
	require.NoError(t, diag.WriteText(&out, p.Files(), hcl.Diagnostics{d}, 0, false))
	require.Contains(t, out.String(), "Error: app.tfdyn.hcl:2:10: [TD004] Unknown table")
	require.Contains(t, out.String(), `No table named "tabel" is declared. Did you mean "table"?`)
	require.Contains(t, out.String(), "2:   name = tabel.x")
	require.Equal(t, "Unknown table", d.Summary, "printing must not change the diagnostic")
}

func TestJSONAndSort(t *testing.T) {
	a := hcl.Range{Filename: "b.hcl", Start: hcl.Pos{Line: 1, Column: 1, Byte: 0}}
	b := hcl.Range{Filename: "a.hcl", Start: hcl.Pos{Line: 9, Column: 3, Byte: 80}, End: hcl.Pos{Line: 9, Column: 5, Byte: 82}}
	diags := hcl.Diagnostics{diag.Warnf("TD113", &a, "Hot partition", "Detail."), diag.Errorf("TD101", &b, "Scan", "Detail.")}
	diag.Sort(diags)
	require.Equal(t, diag.Code("TD101"), diag.CodeOf(diags[0]))
	var out bytes.Buffer
	require.NoError(t, diag.WriteJSON(&out, diags))
	var doc struct {
		Diagnostics []diag.JSONDiagnostic `json:"diagnostics"`
		Errors      int                   `json:"errors"`
		Warnings    int                   `json:"warnings"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &doc))
	require.Equal(t, 1, doc.Errors)
	require.Equal(t, 1, doc.Warnings)
	require.Equal(t, "TD101", doc.Diagnostics[0].Code)
	require.Equal(t, "error", doc.Diagnostics[0].Severity)
	require.Equal(t, 9, doc.Diagnostics[0].Range.Start.Line)
	require.Equal(t, 3, doc.Diagnostics[0].Range.Start.Column)
}

func TestWithCodeKeepsExistingCodes(t *testing.T) {
	coded := diag.Errorf("TD004", nil, "x", "y")
	plain := &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Unsupported argument"}
	diag.WithCode(hcl.Diagnostics{coded, plain}, "TD001")
	require.Equal(t, diag.Code("TD004"), diag.CodeOf(coded))
	require.Equal(t, diag.Code("TD001"), diag.CodeOf(plain))
}

func TestSuggest(t *testing.T) {
	require.Equal(t, "begins_with", diag.Suggest("begin_with", []string{"between", "begins_with"}))
	require.Equal(t, "", diag.Suggest("zzzz", []string{"between", "begins_with"}))
}

package hclschema_test

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
)

// TestCodeOf reads a load diagnostic's code through the public API only.
func TestCodeOf(t *testing.T) {
	_, diags := hclschema.Load("../testdata/invalid/reference_unknown_table.tfdyn.hcl")
	require.Len(t, diags, 1, diags.Error())
	d := diags[0]
	require.Equal(t, "TD004", hclschema.CodeOf(d))
	require.Equal(t, string(hclschema.CodeUnknownReference), hclschema.CodeOf(d))
	require.Equal(t, "Unknown table", d.Summary)
	require.Equal(t, 7, d.Subject.Start.Line)
	require.Equal(t, 16, d.Subject.Start.Column)
	require.Equal(t, "", hclschema.CodeOf(&hcl.Diagnostic{Summary: "not from tfdyn"}))
}

package doc

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/cost"
)

// TestJSONCarriesCost: doc --format json of examples/ecommerce holds the
// patterns as the Markdown shows them and, under "cost", the estimate of
// tfdyn cost --format json, figure for figure.
func TestJSONCarriesCost(t *testing.T) {
	s, diags := hclschema.Load("../../examples/ecommerce")
	require.False(t, diags.HasErrors(), diags.Error())
	var buf bytes.Buffer
	require.NoError(t, JSON(&buf, s))
	var d struct {
		Document
		Cost json.RawMessage `json:"cost"`
	}
	require.NoError(t, json.Unmarshal(buf.Bytes(), &d))
	require.Equal(t, []string{"ecommerce.tfdyn.hcl"}, d.Files)
	require.Len(t, d.Tables, 1)
	tb := d.Tables[0]
	require.Equal(t, []string{"GSI1", "GSI2"}, tb.Indexes)
	require.Len(t, tb.AccessPatterns, len(s.Patterns))
	for i, p := range s.Patterns {
		ap := tb.AccessPatterns[i]
		require.Equal(t, p.Name, ap.Name)
		require.Equal(t, KeyCondition(s, p), ap.KeyCondition)
		require.Equal(t, string(p.Operation()), ap.Operation)
	}
	require.Equal(t, WritePatternDocument{Name: "update_order_status", Description: "Change an order's status unless someone changed the order since it was read",
		Operations: []string{"UpdateItem"}, Entities: []string{"Order"}, Conditions: []string{"version == input.expected_version"}}, tb.WritePatterns[2])
	var want bytes.Buffer
	require.NoError(t, cost.Estimate(s, nil).WriteJSON(&want))
	require.JSONEq(t, want.String(), string(d.Cost))
}

// TestJSONWithoutWorkload: no workload, no "cost" key.
func TestJSONWithoutWorkload(t *testing.T) {
	s, diags := hclschema.LoadSource("app.tfdyn.hcl", []byte(strings.Replace(costSchema, "%s", "", 1)))
	require.False(t, diags.HasErrors(), diags.Error())
	var buf bytes.Buffer
	require.NoError(t, JSON(&buf, s))
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(buf.Bytes(), &m))
	require.NotContains(t, m, "cost")
	require.Contains(t, buf.String(), `"key_condition": "PK = \"DOC#${id}\" AND SK = \"DOC\""`)
}

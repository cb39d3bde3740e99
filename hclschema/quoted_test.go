package hclschema_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
)

// TestQuotedAttributeNames loads the quoted forms (key = {...} on an
// entity, an index block and a pattern, values = {...} in an example,
// attr("...") in a when, a filter and a write condition, a quoted set):
// the names are the attributes themselves everywhere.
func TestQuotedAttributeNames(t *testing.T) {
	s, diags := hclschema.Load("testdata/quoted.tfdyn.hcl")
	require.False(t, diags.HasErrors(), diags.Error())
	e := s.Entity("Log")
	require.Equal(t, `"${State}#${Date}"`, e.Key.Template("State#Date").Expr.Text)
	ei := e.IndexBlock("ByOperator")
	require.Equal(t, []string{"Note Text"}, ei.When.Names())
	require.Equal(t, `"${Operator}#${Date}"`, ei.Template("Op#Date").Expr.Text)
	it, ok := e.Examples[0].Item()
	require.True(t, ok)
	require.Equal(t, "hot", it.Attrs["Note Text"].AsString())
	require.Equal(t, "WARNING1#2020-04-24T14:40:00", it.Attrs["State#Date"].AsString())
	require.Equal(t, "Liz#2020-04-24T14:40:00", it.Attrs["Op#Date"].AsString())

	p := s.Pattern("state_logs")
	require.Equal(t, []string{"DeviceID", "State#Date"}, []string{p.Conditions[0].Attr, p.Conditions[1].Attr})
	require.Equal(t, hclschema.OpBeginsWith, p.Conditions[1].Op)
	// The key condition names a quoted attribute as an expression reads it,
	// never as State#Date, which reads as an expression itself.
	require.Equal(t, `DeviceID = DeviceID AND begins_with(attr("State#Date"), "${state}#")`, p.KeyConditionText())
	require.Equal(t, hclschema.CondExists, p.Filter.Kind)
	require.Equal(t, "Note Text", p.Filter.Attr)
	require.Equal(t, []string{"Note Text", "State#Date"}, p.Attributes)

	w := s.WritePattern("note")
	require.Equal(t, "Note Text", w.Writes[0].Set[0].Attr)
	require.Equal(t, hclschema.CondExists, w.Writes[0].Condition.Kind)
	require.Equal(t, "State#Date", w.Writes[0].Condition.Attr)

	require.Equal(t, `attr("State#Date")`, hclschema.AttrRef("State#Date"))
	require.Equal(t, "DeviceID", hclschema.AttrRef("DeviceID"))
	tpl, ds := hclschema.ParseTemplate(`"${attr("A B")}-x"`, "t.hcl")
	require.False(t, ds.HasErrors())
	require.Equal(t, []string{"A B"}, tpl.Names())
}

package gen_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/gen"
)

// names are the name values of items, in order.
func names(items []*gen.ContractItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Entity.Name.Key()+":"+it.Values["name"].AsString())
	}
	return out
}

// TestContractLimitEndingInEqualSortKeys: a read whose limit ends inside a
// run of equal index sort keys expects the items before the run in Want
// and, in Cut, the run's candidates (both entities', the filter applied)
// with the bounds oracle.Cut gives; a read the limit does not cut has no
// Cut.
func TestContractLimitEndingInEqualSortKeys(t *testing.T) {
	s, diags := hclschema.Load("testdata/ties")
	require.False(t, diags.HasErrors(), diags.Error())
	api, diags := gen.Build(s)
	require.False(t, diags.HasErrors(), diags.Error())
	c, err := api.Contract(s)
	require.NoError(t, err)
	type cut struct {
		want, open  []string
		least, most int
	}
	got := map[string]*cut{}
	for _, st := range c.Steps {
		if st.Read == nil || st.Read.Pattern.Name == "" {
			continue
		}
		k := st.Name
		got[k] = &cut{want: names(st.Want)}
		if st.Cut != nil {
			got[k].open, got[k].least, got[k].most = names(st.Cut.Candidates), st.Cut.Least, st.Cut.Most
		} else {
			got[k].least, got[k].most = -1, -1
		}
	}
	require.Equal(t, &cut{want: []string{"player:ann"}, open: []string{"coach:eve", "player:bob", "player:cid", "player:dan"}, least: 2, most: 2}, got["read/top_three_people/1"])
	require.Equal(t, &cut{want: []string{"player:gus", "player:hal"}, least: -1, most: -1}, got["read/top_three_people/6"])
	require.Equal(t, &cut{want: []string{"player:ann"}, open: []string{"coach:eve", "player:cid", "player:dan"}, least: 1, most: 2}, got["read/top_active/1"])
}

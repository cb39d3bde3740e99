package hclschema_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

const factsSrc = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "ByStatus" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "Order" {
  attributes = { customer = string, id = string, status = string }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${id}"
  }
  index "ByStatus" {
    when   = status != "DONE"
    GSI1PK = "STATUS#${status}"
    GSI1SK = id
  }
  example "a1" {
    customer = "ann"
    id       = "1"
    status   = "OPEN"
  }
  example "a2" {
    customer = "ann"
    id       = "2"
    status   = "DONE"
  }
  example "b1" {
    customer = "bob"
    id       = "3"
    status   = "OPEN"
  }
}
access_pattern "orders" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
  }
}
access_pattern "open" {
  entity = entity.Order
  index  = "ByStatus"
  key {
    GSI1PK = "STATUS#${status}"
  }
}
`

func TestExampleItemsAreComputedAtLoad(t *testing.T) {
	s := loadAnswers(t, factsSrc)
	tb, e := s.Tables[0], s.Entity("Order")
	var names []string
	for _, it := range tb.ExampleItems() {
		names = append(names, tb.ExampleOf(it).Name())
	}
	require.Equal(t, []string{`Order["a1"]`, `Order["a2"]`, `Order["b1"]`}, names)
	for _, ex := range e.Examples {
		it, ok := ex.Item()
		require.True(t, ok)
		want, err := e.Item(ex.Values)
		require.NoError(t, err)
		require.Equal(t, want.Attrs, it.Attrs, ex.Name())
	}
	require.Equal(t, `PK = "CUSTOMER#ann", SK = "ORDER#2"`, tb.ExampleItems()[1].PrimaryKeyText())
	other, err := e.Item(cty.ObjectVal(map[string]cty.Value{"customer": cty.StringVal("zoe"), "id": cty.StringVal("9"), "status": cty.StringVal("OPEN")}))
	require.NoError(t, err)
	require.Nil(t, tb.ExampleOf(other), "an item with no example's key has no example")
}

func TestExampleCandidatesAreThePartitionsItems(t *testing.T) {
	s := loadAnswers(t, factsSrc)
	tb := s.Tables[0]
	keys := func(its []hclschema.Item) []string {
		var out []string
		for _, it := range its {
			out = append(out, it.PrimaryKeyText())
		}
		return out
	}
	b, err := hclschema.Bind(s.Pattern("orders"), map[string]cty.Value{"customer": cty.StringVal("ann")})
	require.NoError(t, err)
	require.Equal(t, []string{`PK = "CUSTOMER#ann", SK = "ORDER#1"`, `PK = "CUSTOMER#ann", SK = "ORDER#2"`}, keys(tb.ExampleCandidates(b)))
	// The sparse index holds the open orders only, grouped by status.
	b, err = hclschema.Bind(s.Pattern("open"), map[string]cty.Value{"status": cty.StringVal("OPEN")})
	require.NoError(t, err)
	require.Equal(t, []string{`PK = "CUSTOMER#ann", SK = "ORDER#1"`, `PK = "CUSTOMER#bob", SK = "ORDER#3"`}, keys(tb.ExampleCandidates(b)))
	b, err = hclschema.Bind(s.Pattern("open"), map[string]cty.Value{"status": cty.StringVal("DONE")})
	require.NoError(t, err)
	require.Empty(t, tb.ExampleCandidates(b))
}

func TestInputSetsAreComputedOnce(t *testing.T) {
	s := loadAnswers(t, factsSrc)
	p := s.Pattern("orders")
	a, b := hclschema.InputSets(p), hclschema.InputSets(p)
	require.Len(t, a, 3)
	require.Same(t, &a[0], &b[0], "the second call shares the first one's sets")
}

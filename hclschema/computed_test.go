package hclschema_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

const computedSrc = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "Vip" {
    partition_key = "VipPK"
    sort_key      = "VipSK"
  }
}
entity "Customer" {
  attributes = { id = string, email = string, nick = optional(string), spent = number }
  computed = {
    EntityType = "customer"
    EmailLower = lower(email)
    "Nick Up"  = upper(nick)
    Vip        = spent >= 1000
  }
  key {
    PK = "CUSTOMER#${id}"
    SK = "PROFILE"
  }
  index "Vip" {
    when  = Vip && EntityType == "customer"
    VipPK = "VIP"
    VipSK = id
  }
  example "ann" {
    id    = "ann"
    email = "Ann@Example.com"
    spent = 1500
  }
}
entity "Order" {
  attributes = { id = string, customer = string }
  computed   = { EntityType = "order" }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${id}"
  }
}
access_pattern "customers" {
  entity = entity.Customer
  key    { PK = "CUSTOMER#${id}" }
  filter = EntityType == "customer" && EmailLower != null
}
write_pattern "spend" {
  update {
    entity    = entity.Customer
    add       = { spent = input.amount }
    condition = EntityType == "customer"
  }
  inputs = { amount = number }
}
`

// TestComputedAttributes: a computed attribute is written on every item
// (constants, templates, absent when it reads a null attribute), read by
// a sparse condition, a filter and a write condition, and identifies the
// entity's items when they are recognised.
func TestComputedAttributes(t *testing.T) {
	s, diags := hclschema.LoadSource("computed.tfdyn.hcl", []byte(computedSrc))
	require.False(t, diags.HasErrors(), diags.Error())
	c := s.Entity("Customer")
	require.Equal(t, []string{"EntityType", "EmailLower", "Nick Up", "Vip"}, []string{c.Computed[0].Attr, c.Computed[1].Attr, c.Computed[2].Attr, c.Computed[3].Attr})
	require.Equal(t, cty.Bool, c.Computed[3].Type)
	v, ok := c.Computed[0].Constant()
	require.True(t, ok)
	require.Equal(t, "customer", v.AsString())
	_, ok = c.Computed[1].Constant()
	require.False(t, ok)

	it, ok := c.Examples[0].Item()
	require.True(t, ok)
	require.Equal(t, "customer", it.Attrs["EntityType"].AsString())
	require.Equal(t, "ann@example.com", it.Attrs["EmailLower"].AsString())
	require.NotContains(t, it.Attrs, "Nick Up") // reads a null attribute: absent
	require.True(t, it.Attrs["Vip"].True())
	require.Equal(t, "VIP", it.Attrs["VipPK"].AsString()) // the when read Vip and EntityType

	// Put and update write them: an update that changes spent recomputes Vip.
	w := s.WritePattern("spend")
	next, keep, err := w.Writes[0].Apply(&it, map[string]cty.Value{"id": cty.StringVal("ann"), "amount": cty.NumberIntVal(-600)})
	require.NoError(t, err)
	require.True(t, keep)
	require.False(t, next.Attrs["Vip"].True())
	require.NotContains(t, next.Attrs, "VipPK")
	require.True(t, w.Writes[0].ConditionHolds(&it, nil))
	require.Equal(t, []string{"id", "amount"}, []string{w.Inputs[1].Name, w.Inputs[0].Name})

	// The filter reads them.
	b, err := hclschema.Bind(s.Pattern("customers"), map[string]cty.Value{"id": cty.StringVal("ann")})
	require.NoError(t, err)
	require.True(t, b.Filter(it))

	// Recognition: the stored computed values must be the entity's.
	stored := map[string]cty.Value{}
	for k, v := range it.Attrs {
		stored[k] = v
	}
	got := s.Tables[0].Recognize(stored)
	require.Len(t, got, 1)
	require.Equal(t, "Customer", got[0].Entity.Name)
	stored["EntityType"] = cty.StringVal("order")
	require.Empty(t, s.Tables[0].Recognize(stored))
	delete(stored, "EntityType")
	require.Empty(t, s.Tables[0].Recognize(stored))
	stored["EntityType"] = cty.StringVal("customer")
	stored["EmailLower"] = cty.StringVal("Ann@Example.com")
	require.Empty(t, s.Tables[0].Recognize(stored))
}

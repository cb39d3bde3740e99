package verify

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

// enumAccounts has an enum in the sort key (unique per partition), an
// optional enum and an update that sets one of them from an input.
const enumAccounts = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Account" {
  attributes = {
    id     = string
    kind   = enum("personal", "business")
    status = enum("active", "suspended", "pending")
    tier   = optional(enum("gold", "silver"))
  }
  key {
    PK = "ACCOUNT#${id}"
    SK = "KIND#${kind}#${id}"
  }
  example {
    id     = "a1"
    kind   = "personal"
    status = "active"
  }
}
write_pattern "set_status" {
  update {
    entity = entity.Account
    set    = { status = input.status, tier = input.tier }
  }
}
write_pattern "open_account" {
  put {
    entity = entity.Account
  }
}
`

// TestGeneratedEnumValues: generated items hold only enum values, also for
// an enum in the key (which the generator keeps unique, so it takes the
// values in turn) and an optional enum; they use values no example has.
func TestGeneratedEnumValues(t *testing.T) {
	s, diags := hclschema.LoadSource("t.tfdyn.hcl", []byte(enumAccounts))
	require.False(t, diags.HasErrors(), diags.Error())
	ds := newDataset(s.Tables[0])
	require.NoError(t, ds.addExamples())
	require.NoError(t, ds.addGenerated(5, 40, 0))
	seen := map[string]map[string]bool{"kind": {}, "status": {}, "tier": {}}
	for _, it := range ds.Items {
		for attr, vals := range seen {
			v := it.Attrs[attr]
			if v == cty.NilVal || v.IsNull() {
				vals["(absent)"] = true
				continue
			}
			require.True(t, it.Entity.Attribute(attr).InEnum(v), "%s = %#v", attr, v)
			vals[v.AsString()] = true
		}
	}
	keys := func(m map[string]bool) []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	require.Equal(t, []string{"business", "personal"}, keys(seen["kind"]))
	require.Equal(t, []string{"active", "pending", "suspended"}, keys(seen["status"]))
	require.Equal(t, []string{"(absent)", "gold", "silver"}, keys(seen["tier"]))

	// Writes stay inside the enums: an update's input for an enum
	// attribute moves to the next value, a put's fresh key value too.
	in := oracle.WriteInputs(s.WritePattern("set_status"), ds.Items, 1)
	require.Equal(t, cty.StringVal("a1"), in["id"], "the update reads the example item")
	require.Equal(t, cty.StringVal("suspended"), in["status"], "the value after the stored active")
	require.Equal(t, cty.StringVal("silver"), in["tier"], "an absent optional enum: the value after the first")
	put := oracle.WriteInputs(s.WritePattern("open_account"), ds.Items, 2)
	require.Equal(t, cty.StringVal("business"), put["kind"], "the fresh key value after personal")
	require.Equal(t, cty.StringVal("a1-w2"), put["id"])
}

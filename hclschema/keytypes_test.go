package hclschema_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
)

func TestLoadKeyTypes(t *testing.T) {
	s := mustLoad(t, `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
  key_types     = { SK = number }
  global_secondary_index "ByYear" {
    partition_key = "year"
    sort_key      = "title"
    key_types     = { year = number, title = string }
  }
  local_secondary_index "BySK2" {
    sort_key = "SK2"
  }
}
`)
	tb := s.Table("t")
	require.Equal(t, "S", tb.Primary.PartitionKey[0].Type, "undeclared and unwritten: S")
	require.Equal(t, "N", tb.Primary.SortKey[0].Type)
	ix := tb.Index("ByYear")
	require.Equal(t, []string{"N", "S"}, []string{ix.PartitionKey[0].Type, ix.SortKey[0].Type})
	require.Equal(t, "8:30-8:36", rangeText(ix.PartitionKey[0].TypeRange))
	decl, ok := tb.DeclaredKeyType("year")
	require.True(t, ok)
	require.Equal(t, "N", decl.DeclaredType)
	_, ok = tb.DeclaredKeyType("SK2")
	require.False(t, ok)
}

func TestLoadKeyTypeErrors(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"not a key attribute", `table "t" {
  partition_key = "PK"
  global_secondary_index "ByYear" {
    partition_key = "year"
    key_types     = { yaer = number }
  }
}
`, []string{"TD002 5:23-5:27 `yaer` Not a key attribute"}},
		{"invalid type", `table "t" {
  partition_key = "PK"
  key_types     = { PK = bool }
}
`, []string{"TD002 3:26-3:30 `bool` Invalid key type"}},
		{"not an object", `table "t" {
  partition_key = "PK"
  key_types     = "PK"
}
`, []string{"TD002 3:19-3:23 `\"PK\"` Invalid key_types"}},
		{"conflicting declarations", `table "t" {
  partition_key = "PK"
  global_secondary_index "A" {
    partition_key = "year"
    key_types     = { year = number }
  }
  global_secondary_index "B" {
    partition_key = "year"
    key_types     = { year = string }
  }
}
`, []string{"TD002 9:30-9:36 `string` Conflicting key type declarations"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, diags := hclschema.LoadSource("test.tfdyn.hcl", []byte(tc.src))
			got := []string{}
			for _, d := range diags {
				got = append(got, located(tc.src, d))
			}
			require.Equal(t, tc.want, got)
		})
	}
}

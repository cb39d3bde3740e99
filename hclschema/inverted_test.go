package hclschema_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

const invertedSrc = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "Inverted" {
    partition_key = "SK"
    sort_key      = "PK"
  }
}

entity "Membership" {
  attributes = {
    user  = string
    group = string
  }
  key {
    PK = "USER#${user}"
    SK = "GROUP#${group}"
  }
  index "Inverted" {}
}
`

func TestInvertedIndexTakesKeysFromKeyBlock(t *testing.T) {
	s, diags := hclschema.LoadSource("inverted.tfdyn.hcl", []byte(invertedSrc))
	require.False(t, diags.HasErrors(), diags.Error())
	e := s.Entity("Membership")
	it, err := e.Item(cty.ObjectVal(map[string]cty.Value{"user": cty.StringVal("ann"), "group": cty.StringVal("ops")}))
	require.NoError(t, err)
	require.Equal(t, "GROUP#ops", it.Attrs["SK"].AsString())
	require.True(t, it.InIndex(s.Tables[0].Index("Inverted")))
}

func TestIndexBlockCannotOverwriteTableKey(t *testing.T) {
	src := invertedSrc[:len(invertedSrc)-len("  index \"Inverted\" {}\n}\n")] + "  index \"Inverted\" {\n    SK = \"OTHER#${user}\"\n  }\n}\n"
	_, diags := hclschema.LoadSource("inverted.tfdyn.hcl", []byte(src))
	require.True(t, diags.HasErrors())
	require.Equal(t, "Table key attribute assigned in an index block", diags[0].Summary)
	require.Equal(t, 22, diags[0].Subject.Start.Line)
	require.Equal(t, 5, diags[0].Subject.Start.Column)
}

package hclschema_test

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
)

// TestTypeString: a type constraint is written back as a schema writes it,
// the optional fields of an object (at any depth) included, which
// typeexpr.TypeString drops.
func TestTypeString(t *testing.T) {
	for src, want := range map[string]string{
		"string":       "string",
		"list(number)": "list(number)",
		"object({ Name = string, Description = optional(string) })":                          "object({Description=optional(string),Name=string})",
		"object({ Payments = list(object({ Type = string, Data = optional(string) })) })":    "object({Payments=list(object({Data=optional(string),Type=string}))})",
		"map(set(object({ a = optional(list(string)) })))":                                   "map(set(object({a=optional(list(string))})))",
		"tuple([string, object({ n = optional(number) })])":                                  "tuple([string,object({n=optional(number)})])",
		"object({ Address = object({ City = string, Zip = string }), Tags = list(string) })": "object({Address=object({City=string,Zip=string}),Tags=list(string)})",
	} {
		expr, ds := hclsyntax.ParseExpression([]byte(src), "t.hcl", hcl.InitialPos)
		require.False(t, ds.HasErrors(), ds.Error())
		ty, ds := typeexpr.TypeConstraint(expr)
		require.False(t, ds.HasErrors(), ds.Error())
		require.Equal(t, want, hclschema.TypeString(ty), src)
	}
}

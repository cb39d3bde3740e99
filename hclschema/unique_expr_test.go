package hclschema_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// uniqueSchema is a customer whose unique list is UNIQUE (line 9).
const uniqueSchema = `table "t" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Customer" {
  attributes = {
    username = string
    email    = string
    tags     = list(string)
  }
  unique = UNIQUE
  key {
    PK = "CUSTOMER#${username}"
    SK = "PROFILE"
  }
}
write_pattern "change_email" {
  inputs = { current_email = string }
  update {
    entity    = entity.Customer
    set       = { email = input.email }
    condition = email == input.current_email
  }
}
`

func TestUniqueExpression(t *testing.T) {
	s := mustLoad(t, strings.Replace(uniqueSchema, "UNIQUE", "[lower(email)]", 1))
	c := s.Entity("Customer")
	require.Len(t, c.Unique, 1)
	u := c.Unique[0]
	require.Equal(t, "email", u.Attr)
	require.Equal(t, "lower(email)", u.Key())
	require.Equal(t, "lower(email)", u.Display())
	require.Equal(t, "CustomerUniqueEmail", u.Guard.Name)
	g, err := u.Guard.Item(cty.ObjectVal(map[string]cty.Value{"email": cty.StringVal("Sam@X.io")}))
	require.NoError(t, err)
	require.Equal(t, "UNIQUE#Customer#email#sam@x.io", g.Attrs["PK"].AsString())
	other, ok := u.Variant(cty.StringVal("sam@x.io"))
	require.True(t, ok)
	require.Equal(t, "SAM@X.IO", other.AsString())
	// The swap leaves the guards alone when the two values normalise alike.
	var swap *hclschema.Write
	for _, wr := range s.WritePattern("change_email").Writes {
		if wr.Swap != nil {
			swap = wr
		}
	}
	require.NotNil(t, swap)
	require.True(t, swap.Skipped(map[string]cty.Value{"current_email": cty.StringVal("Sam@x.io"), "email": cty.StringVal("sam@x.io")}))
	require.False(t, swap.Skipped(map[string]cty.Value{"current_email": cty.StringVal("sam@x.io"), "email": cty.StringVal("tom@x.io")}))
}

// TestUniqueDisplay: a reader sees the attribute of a plain unique and the
// expression, spaces as written, of a normalised one.
func TestUniqueDisplay(t *testing.T) {
	for unique, want := range map[string]string{`["email"]`: "email", "[lower( email )]": "lower( email )"} {
		u := mustLoad(t, strings.Replace(uniqueSchema, "UNIQUE", unique, 1)).Entity("Customer").Unique[0]
		require.Equal(t, want, u.Display(), unique)
	}
}

func TestUniqueExpressionErrors(t *testing.T) {
	for _, c := range []struct{ unique, want string }{
		{`[lower(email), "email"]`, "TD003 11:27"},
		{`[lower(nope)]`, "TD006 11:13"},
		{`["x"]`, "TD006 11:13"},
		{`[upper("x")]`, "TD005 11:13"},
		{`["${username}${email}"]`, "TD005 11:13"},
		{`[join(",", tags)]`, "TD005 11:13"},
		{`[tags[0]]`, "TD005 11:13"},
	} {
		t.Run(c.unique, func(t *testing.T) {
			_, diags := hclschema.LoadSource("test.tfdyn.hcl", []byte(strings.Replace(uniqueSchema, "UNIQUE", c.unique, 1)))
			var got []string
			for _, d := range diags {
				got = append(got, fmt.Sprintf("%s %d:%d", diag.CodeOf(d), d.Subject.Start.Line, d.Subject.Start.Column))
			}
			require.Equal(t, []string{c.want}, got, "%s", diags)
		})
	}
}

package hclschema_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// enumSchema is a user entity with an enum attribute (lines 1-16) and,
// after it, whatever a case appends.
const enumSchema = `table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "User" {
  attributes = {
    username = string
    status   = enum("active", "suspended", "pending")
    tier     = optional(enum("gold"))
  }
  key {
    PK = "USER#${username}"
    SK = "STATUS#${status}"
  }
  example "alice" {
    username = "alice"
    status   = "active"
  }
}
`

func TestEnumAttribute(t *testing.T) {
	s, ds := hclschema.LoadSource("t.tfdyn.hcl", []byte(enumSchema))
	require.False(t, ds.HasErrors(), "%v", ds)
	e := s.Entity("User")
	status, tier := e.Attribute("status"), e.Attribute("tier")
	require.Equal(t, cty.String, status.Type)
	require.False(t, status.Optional)
	require.Equal(t, []string{"active", "suspended", "pending"}, status.Enum)
	r := status.EnumRanges[0]
	require.Equal(t, [4]int{8, 21, 8, 29}, [4]int{r.Start.Line, r.Start.Column, r.End.Line, r.End.Column})
	require.Equal(t, `enum("active", "suspended", "pending")`, status.TypeString())
	require.True(t, tier.Optional)
	require.Equal(t, []string{"gold"}, tier.Enum)
	require.Equal(t, "string", e.Attribute("username").TypeString())
	require.True(t, status.InEnum(cty.StringVal("pending")))
	require.False(t, status.InEnum(cty.StringVal("Pending")))
	require.True(t, status.InEnum(cty.NullVal(cty.String)))
	require.True(t, e.Attribute("username").InEnum(cty.StringVal("anything")))
	// The enum is a string key part like any other.
	it, err := e.Item(e.Examples[0].Values)
	require.NoError(t, err)
	require.Equal(t, cty.StringVal("STATUS#active"), it.Attrs["SK"])
}

// TestEnumErrors checks each load error of an enum: code, exact range and
// message.
func TestEnumErrors(t *testing.T) {
	cases := []struct {
		name, attrs, example, extra string
		want                        []string
	}{
		{name: "empty", attrs: `status = enum()`, example: `status = "active"`,
			want: []string{`TD005 7:14-7:20 Empty enum: Attribute "status" of entity "User" is enum() without values; list the values it may take, like enum("active", "suspended").`}},
		{name: "duplicate", attrs: `status = enum("a", "b", "a")`, example: `status = "a"`,
			want: []string{`TD003 7:29-7:32 Duplicate enum value: The enum of attribute "status" of entity "User" lists "a" twice (first at t.tfdyn.hcl:7,19-22).`}},
		{name: "number", attrs: `status = optional(enum("a", 10))`, example: ``,
			want: []string{`TD005 7:33-7:35 Enum value not a string: The values of enum(...) for attribute "status" of entity "User" are quoted strings, like enum("active", "suspended"). An enum is stored as a string: write "10".`}},
		{name: "template", attrs: `status = enum("a", "${username}")`, example: `status = "a"`,
			want: []string{`TD005 7:24-7:37 Enum value not a string: The values of enum(...) for attribute "status" of entity "User" are quoted strings, like enum("active", "suspended").`}},
		{name: "example outside", attrs: `status = enum("active", "suspended")`, example: `status = "Active"`,
			want: []string{`TD010 14:14-14:22 Value not in enum: Attribute "status" of entity "User" is enum("active", "suspended"); "Active" is not one of its values. Did you mean "active"?`}},
		{name: "set outside", attrs: `status = enum("active", "suspended")`, example: `status = "active"`,
			extra: `write_pattern "suspend" {
  update {
    entity = entity.User
    set    = { status = "suspend" }
  }
}
`,
			want: []string{`TD002 20:25-20:34 Value not in enum: The update's set gives "status" the value "suspend", which is not one of its values enum("active", "suspended"). Did you mean "suspended"?`}},
		{name: "pattern input outside", attrs: `status = enum("active", "suspended")`, example: `status = "active"`,
			extra: `access_pattern "user_in_status" {
  entity = entity.User
  inputs = { status = string }
  key {
    PK = "USER#${username}"
  }
  filter = status == input.status
  example {
    username = "alice"
    status   = "activ"
  }
}
`,
			want: []string{`TD010 26:16-26:23 Value not in enum: Input "status" of access pattern "user_in_status" is the attribute "status" of entity "User", which is enum("active", "suspended"); "activ" is not one of its values, so the pattern can find nothing for it. Did you mean "active"?`}},
		{name: "set inside", attrs: `status = enum("active", "suspended")`, example: `status = "active"`,
			extra: `write_pattern "suspend" {
  update {
    entity = entity.User
    set    = { status = "suspended" }
  }
}
`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := fmt.Sprintf(`table "app" {
  partition_key = "PK"
}
entity "User" {
  attributes = {
    username = string
    %s
  }
  key {
    PK = "USER#${username}"
  }
  example {
    username = "alice"
    %s
  }
}
%s`, tc.attrs, tc.example, tc.extra)
			_, ds := hclschema.LoadSource("t.tfdyn.hcl", []byte(src))
			got := []string{}
			for _, d := range ds {
				r := d.Subject
				got = append(got, fmt.Sprintf("%s %d:%d-%d:%d %s: %s", diag.CodeOf(d), r.Start.Line, r.Start.Column, r.End.Line, r.End.Column, d.Summary, d.Detail))
			}
			want := tc.want
			if want == nil {
				want = []string{}
			}
			require.Equal(t, want, got)
		})
	}
}

package schemadiff

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
)

// TestEnumChanges: a change of an attribute's enum values is additive when
// values are only added (or the enum dropped) and breaking for stored
// items when a value is removed (or a string becomes an enum).
func TestEnumChanges(t *testing.T) {
	schema := func(status string) *hclschema.Schema {
		src := fmt.Sprintf(`table "app" {
  partition_key = "PK"
}
entity "User" {
  attributes = {
    id     = string
    status = %s
  }
  key {
    PK = "USER#${id}"
  }
}
access_pattern "user" {
  entity = entity.User
  key {
    PK = "USER#${id}"
  }
}
`, status)
		s, diags := hclschema.LoadSource("app.tfdyn.hcl", []byte(src))
		require.False(t, diags.HasErrors(), diags.Error())
		return s
	}
	cases := []struct {
		name, base, head string
		want             []string
	}{
		{"value added", `enum("active", "pending")`, `optional(enum("active", "pending", "closed"))`, []string{
			`SD107 additive entity.User.attribute.status at app.tfdyn.hcl:7:14 [] []: enum values of User.status added: ` +
				`Attribute "status" of entity "User" also allows "closed" (now enum("active", "pending", "closed")); every stored value stays valid, but readers must expect the new ones.`}},
		{"value removed", `enum("active", "pending", "closed")`, `enum("closed", "active", "suspended")`, []string{
			`SD306 breaking for existing items entity.User.attribute.status at app.tfdyn.hcl:7:14 [user] [User]: enum values of User.status removed: ` +
				`Attribute "status" of entity "User" no longer allows "pending" (now enum("closed", "active", "suspended")): stored items may hold them. Rewrite them to another value first.`}},
		{"string made an enum", `string`, `enum("active")`, []string{
			`SD306 breaking for existing items entity.User.attribute.status at app.tfdyn.hcl:7:14 [user] [User]: attribute User.status made an enum: ` +
				`Attribute "status" of entity "User" changes from string to enum("active"): stored items may hold other values. Rewrite them to one of the values first.`}},
		{"enum dropped", `enum("active")`, `string`, []string{
			`SD107 additive entity.User.attribute.status at app.tfdyn.hcl:7:14 [] []: enum of User.status dropped: ` +
				`Attribute "status" of entity "User" changes from enum("active") to string; every stored value stays valid, but readers must expect other values.`}},
		{"values reordered", `enum("a", "b")`, `enum("b", "a")`, nil},
		{"enum made a number", `enum("1")`, `number`, []string{
			`SD303 breaking for existing items entity.User.attribute.status at app.tfdyn.hcl:7:14 [user] [User]: type of User.status changed: ` +
				`Attribute "status" of entity "User" changes from string to number: stored items hold the old type.`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep := Diff(schema(tc.base), schema(tc.head))
			var got []string
			for _, c := range rep.Changes {
				got = append(got, fmt.Sprintf("%s %s %s at %s %v %v: %s: %s", c.Code, c.Class, c.Address, where(c.Head), c.Patterns, c.Entities, c.Summary, c.Detail))
			}
			require.Equal(t, tc.want, got)
		})
	}
}

package schemadiff

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
)

// TestComputedChanges: a computed attribute added, changed or removed is a
// backfill of every stored item (SD205-SD207, with the item change migrate
// writes); an attribute BASE declared and HEAD computes is not removed
// (SD403) but added as computed, and one BASE computed and HEAD declares
// is kept.
func TestComputedChanges(t *testing.T) {
	schema := func(attrs, computed string) *hclschema.Schema {
		src := fmt.Sprintf(`table "app" {
  partition_key = "PK"
}
entity "User" {
  attributes = { id = string, email = string%s }
  computed   = { %s }
  key {
    PK = "USER#${id}"
  }
}
access_pattern "users" {
  entity = entity.User
  key {
    PK = "USER#${id}"
  }
  filter = EntityType == "user"
}
`, attrs, computed)
		s, diags := hclschema.LoadSource("app.tfdyn.hcl", []byte(src))
		require.False(t, diags.HasErrors(), diags.Error())
		return s
	}
	cases := []struct {
		name                         string
		bAttrs, bComp, hAttrs, hComp string
		want                         []string
	}{
		{"added", "", `EntityType = "user"`, "", `EntityType = "user", EmailLower = lower(email)`, []string{
			`SD205 needs backfill entity.User.computed.EmailLower at app.tfdyn.hcl:6:39 [users] [User]: computed attribute User.EmailLower added: ` +
				`Entity "User" computes "EmailLower" = lower(email) on every item. Stored items lack it (or hold another value) until ` + "`tfdyn migrate`" + ` writes it; until then readers that filter on it and recognition by it miss them. ` +
				`items [User EmailLower  gain  lower(email)]`}},
		{"changed", "", `EntityType = "user"`, "", `EntityType = upper("user")`, []string{
			`SD206 needs backfill entity.User.computed.EntityType at app.tfdyn.hcl:6:18 [users] [User]: computed attribute User.EntityType changed: ` +
				`The computed attribute "EntityType" of entity "User" changes from "user" to upper("user"). Stored items hold the old value until ` + "`tfdyn migrate`" + ` recomputes it. ` +
				`items [User EntityType  change "user" upper("user")]`}},
		{"declared, then computed", `, EntityType = enum("user")`, ``, "", `EntityType = "user"`, []string{
			`SD205 needs backfill entity.User.computed.EntityType at app.tfdyn.hcl:6:18 [users] [User]: computed attribute User.EntityType added: ` +
				`Entity "User" computes "EntityType" = "user" on every item (BASE declared it as an attribute the writers gave). Stored items lack it (or hold another value) until ` + "`tfdyn migrate`" + ` writes it; until then readers that filter on it and recognition by it miss them. ` +
				`items [User EntityType  gain  "user"]`}},
		{"computed, then declared", ``, `EntityType = "user"`, `, EntityType = string`, ``, nil},
		{"removed", ``, `EntityType = "user", Up = upper(email)`, `, EntityType = string`, ``, []string{
			`SD207 needs backfill entity.User.computed.Up at app.tfdyn.hcl:4:1 [users] [User]: computed attribute User.Up removed: ` +
				`Entity "User" no longer computes "Up" (upper(email)). Stored items keep it until ` + "`tfdyn migrate`" + ` removes it; readers of the attribute get nothing from new items. ` +
				`items [User Up  lose upper(email) ]`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep := Diff(schema(tc.bAttrs, tc.bComp), schema(tc.hAttrs, tc.hComp))
			var got []string
			for _, c := range rep.Changes {
				var items []string
				for _, ic := range c.Items {
					items = append(items, fmt.Sprintf("%s %s %s %s %s %s", ic.Entity, ic.Attr, ic.Index, ic.Action, ic.From.SourceText(), ic.To.SourceText()))
				}
				got = append(got, fmt.Sprintf("%s %s %s at %s %v %v: %s: %s items %v", c.Code, c.Class, c.Address, where(c.Head), c.Patterns, c.Entities, c.Summary, c.Detail, items))
			}
			require.Equal(t, tc.want, got)
		})
	}
}

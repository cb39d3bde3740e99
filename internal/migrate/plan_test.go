package migrate

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/schemadiff"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

const sd = "../schemadiff/testdata/"

func load(t testing.TB, path string) *hclschema.Schema {
	t.Helper()
	s, diags := hclschema.Load(path)
	require.False(t, diags.HasErrors(), "%s: %s", path, diags.Error())
	return s
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(p, got, 0o644))
		return
	}
	want, err := os.ReadFile(p)
	require.NoError(t, err, "go test ./internal/migrate -update creates it")
	require.Equal(t, string(want), string(got), "%s is stale (go test ./internal/migrate -update, then review)", p)
}

// TestBuildBackfill: the backfill HEAD of schemadiff's testdata gives one
// plan per entity whose index attributes change, with the prefixes that
// find its items.
func TestBuildBackfill(t *testing.T) {
	p := Build(load(t, sd+"base"), load(t, sd+"backfill"))
	require.False(t, p.Blocked())
	require.Len(t, p.Entities, 3)
	require.Equal(t, &EntityPlan{Entity: "Customer", Table: "app",
		Changes: []AttrChange{
			{Attr: "GSI1PK", Index: "GSI1", Action: Change, From: `"EMAIL#${email}"`, To: `"EMAIL#${lower(email)}"`},
			{Attr: "GSI1SK", Index: "GSI1", Action: Change, From: `"EMAIL#${email}"`, To: `"EMAIL#${lower(email)}"`},
		},
		Find: []KeyPrefix{{Attr: "PK", Prefix: "CUSTOMER#"}, {Attr: "SK", Prefix: "PROFILE", Exact: true}},
	}, strip(p.Entities[0]))
	require.Equal(t, []string{"email"}, p.Entities[0].sources)
	require.Equal(t, &EntityPlan{Entity: "Order", Table: "app",
		Changes: []AttrChange{
			{Attr: "GSI2PK", Index: "GSI2", Action: Gain, To: `"OPEN"`, When: `status == "OPEN"`},
			{Attr: "GSI2SK", Index: "GSI2", Action: Gain, To: `"${orderDate}#${orderId}"`, When: `status == "OPEN"`},
		},
		Find: []KeyPrefix{{Attr: "PK", Prefix: "CUSTOMER#"}, {Attr: "SK", Prefix: "ORDER#"}},
	}, strip(p.Entities[1]))
	require.Equal(t, []string{"orderDate", "orderId", "status"}, p.Entities[1].sources)
	require.Equal(t, "Product", p.Entities[2].Entity)
	p.Base, p.Head = "base", "backfill"
	var out bytes.Buffer
	require.NoError(t, p.WriteText(&out, nil))
	golden(t, "backfill.txt", out.Bytes())
}

func strip(ep *EntityPlan) *EntityPlan {
	c := *ep
	c.base, c.head, c.sources = nil, nil, nil
	return &c
}

// TestBuildRefuses: a changed primary key template, a new required
// attribute and a changed type refuse the entity; a changed LSI set the
// whole table.
func TestBuildRefuses(t *testing.T) {
	p := Build(load(t, sd+"base"), load(t, sd+"items"))
	require.True(t, p.Blocked())
	var got []string
	for _, e := range p.Entities {
		got = append(got, e.Entity+": "+e.Refused)
	}
	require.Equal(t, []string{
		`Customer: HEAD requires the attribute "tier", which stored items lack: give the items a value first, or declare it optional`,
		`Order: the attribute "total" changes type from number to string`,
		`Product: the template of the primary key attribute "PK" changes, and a stored item's key cannot be updated: every item must be copied under its new key`,
	}, got)
	var out bytes.Buffer
	require.NoError(t, p.WriteText(&out, nil))
	require.Contains(t, out.String(), "\nentity Product (table app)\n  REFUSED: the template of the primary key attribute \"PK\" changes")

	p = Build(load(t, sd+"base"), load(t, sd+"destructive"))
	require.Equal(t, []string{`table "app": LSI "ByDate" is added: DynamoDB cannot change this in place, so the items must be copied to a new table (tfdyn migrate does not copy tables)`}, p.Refused)
	require.Empty(t, p.Entities)
}

// TestBuildMembership: a sparse condition added recomputes the attributes
// (FromWhen records BASE's condition); an entity leaving an index loses
// its key attributes.
func TestBuildMembership(t *testing.T) {
	p := Build(load(t, sd+"base"), load(t, sd+"membership"))
	require.Len(t, p.Entities, 2)
	require.Equal(t, []AttrChange{
		{Attr: "GSI1PK", Index: "GSI1", Action: Change, From: `"EMAIL#${email}"`, To: `"EMAIL#${email}"`, When: `name != "-"`},
		{Attr: "GSI1SK", Index: "GSI1", Action: Change, From: `"EMAIL#${email}"`, To: `"EMAIL#${email}"`, When: `name != "-"`},
	}, p.Entities[0].Changes)
	require.Equal(t, []string{"email", "name"}, p.Entities[0].sources)
	require.Equal(t, []AttrChange{
		{Attr: "GSI1PK", Index: "GSI1", Action: Lose, From: `"ORDER#${orderId}"`},
		{Attr: "GSI1SK", Index: "GSI1", Action: Lose, From: `"ORDER#${orderId}"`},
	}, p.Entities[1].Changes)
	p.Base, p.Head = "base", "membership"
	var out bytes.Buffer
	require.NoError(t, p.WriteText(&out, nil))
	golden(t, "membership.txt", out.Bytes())
}

// TestBuildRefusesKeySchema: HEAD renames the table's partition key (PK to
// pk everywhere, so every entity's templates still fit): diff calls it a
// replaced table (SD504) and the plan refuses the table with diff's reason,
// saying that the items must be copied to a new table, and plans no entity
// of it.
func TestBuildRefusesKeySchema(t *testing.T) {
	src, err := os.ReadFile(sd + "base/app.tfdyn.hcl")
	require.NoError(t, err)
	dir := t.TempDir()
	renamed := regexp.MustCompile(`\bPK\b`).ReplaceAll(src, []byte("pk"))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "app.tfdyn.hcl"), renamed, 0o644))
	base, head := load(t, sd+"base"), load(t, dir)

	var codes []string
	for _, c := range schemadiff.Diff(base, head).Changes {
		if c.Class == schemadiff.Destructive {
			codes = append(codes, string(c.Code)+" "+c.Address)
		}
	}
	require.Equal(t, []string{"SD504 table.app"}, codes)

	p := Build(base, head)
	require.True(t, p.Blocked())
	require.Equal(t, []string{`table "app": the partition key changes from PK (S) to pk (S): DynamoDB cannot change this in place, so the items must be copied to a new table (tfdyn migrate does not copy tables)`}, p.Refused)
	require.Empty(t, p.Entities)
	require.Empty(t, p.Runnable("app"))
	p.Base, p.Head = "base", "rekeyed"
	var out bytes.Buffer
	require.NoError(t, p.WriteText(&out, nil))
	require.Equal(t, "Data plan base → rekeyed\n\nREFUSED table \"app\": the partition key changes from PK (S) to pk (S): DynamoDB cannot change this in place, so the items must be copied to a new table (tfdyn migrate does not copy tables).\n", out.String())
}

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
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
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

// TestBuildCopyRefused: a changed primary key template makes the table a
// copy, which a new required attribute and a changed type refuse (the copy
// cannot give stored items their values); a changed LSI set makes it a
// copy, which an entity HEAD drops refuses (its items would be lost).
func TestBuildCopyRefused(t *testing.T) {
	p := Build(load(t, sd+"base"), load(t, sd+"items"))
	require.True(t, p.Blocked())
	require.Empty(t, p.Entities, "a copied table has no backfill")
	require.Len(t, p.Copies, 1)
	require.Equal(t, []string{`the template of PK of entity "Product" changes`}, p.Copies[0].Why)
	require.Equal(t, `entity "Customer": HEAD requires the attribute "tier", which stored items lack: give the items a value first, or declare it optional; `+
		`entity "Order": the attribute "total" changes type from number to string`, p.Copies[0].Refused)
	var out bytes.Buffer
	require.NoError(t, p.WriteText(&out, nil))
	require.Contains(t, out.String(), "\ncopy table app (app) → app-next\n  because: the template of PK of entity \"Product\" changes\n  REFUSED: entity \"Customer\": HEAD requires")

	p = Build(load(t, sd+"base"), load(t, sd+"destructive"))
	require.True(t, p.Blocked())
	require.Empty(t, p.Entities)
	require.Len(t, p.Copies, 1)
	require.Equal(t, []string{`LSI "ByDate" is added`}, p.Copies[0].Why)
	require.Equal(t, `entity "Product" has no entity of that name in HEAD's table "app", so its items would not be copied: keep it in HEAD, or delete its items first`, p.Copies[0].Refused)
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

// TestBuildCopiesKeySchema: HEAD renames the table's partition key (PK to
// pk everywhere, so every entity's templates still fit): diff calls it a
// replaced table (SD504), and the plan copies the table with diff's reason:
// every entity gains pk and loses PK, and the steps name the commands.
func TestBuildCopiesKeySchema(t *testing.T) {
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
	require.False(t, p.Blocked())
	require.Empty(t, p.Entities)
	require.Empty(t, p.Runnable("app"))
	require.NotNil(t, p.Copy("app"))
	require.Nil(t, p.Copy("other"))
	require.Equal(t, []string{"the partition key changes from PK (S) to pk (S)"}, p.Copies[0].Why)
	p.Base, p.Head = "base", "rekeyed"
	var out bytes.Buffer
	require.NoError(t, p.WriteText(&out, nil))
	golden(t, "rekeyed.txt", out.Bytes())
}

package migrate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// withUnique loads a copy of the schema in dir whose Customer declares its
// e-mail unique (a guard item per customer).
func withUnique(t *testing.T, dir string) *hclschema.Schema {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.tfdyn.hcl"))
	require.NoError(t, err)
	require.Len(t, files, 1)
	src, err := os.ReadFile(files[0])
	require.NoError(t, err)
	const attrs = "    name     = string\n  }\n"
	require.Equal(t, 1, strings.Count(string(src), attrs))
	out := filepath.Join(t.TempDir(), "app.tfdyn.hcl")
	require.NoError(t, os.WriteFile(out, []byte(strings.Replace(string(src), attrs, attrs+"  unique = [\"email\"]\n", 1)), 0o644))
	return load(t, filepath.Dir(out))
}

// TestLiveMigrateUniqueGuards: a schema with unique = ["email"] stores a
// guard item UNIQUE#Customer#email#... next to every customer (issue 27,
// item 2: the guards were counted as items "of no declared entity" by the
// dry run and the backfill, and --check failed on them, so it could never
// pass on such a schema). They are items of the guard entity
// CustomerUniqueEmail, which the plan does not change, and --check passes
// on the migrated table.
func TestLiveMigrateUniqueGuards(t *testing.T) {
	tftest.Parallel(t)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	base, head := withUnique(t, sd+"base"), withUnique(t, sd+"membership")
	const table = "guarded"
	createBaseTable(t, ctx, client, table)
	guard := base.Entity("Customer").Unique[0].Guard
	var items []map[string]types.AttributeValue
	for i := 0; i < 30; i++ {
		u := fmt.Sprintf("u%02d", i)
		email := cty.StringVal(u + "@example.com")
		c, err := base.Entity("Customer").Item(cty.ObjectVal(map[string]cty.Value{"username": cty.StringVal(u), "email": email, "name": cty.StringVal("-")}))
		require.NoError(t, err)
		g, err := guard.Item(cty.ObjectVal(map[string]cty.Value{"email": email}))
		require.NoError(t, err)
		items = append(items, itemAV(t, c), itemAV(t, g))
	}
	writeItems(t, ctx, client, table, items)

	plan := Build(base, head)
	dry, err := Run(ctx, plan, Options{Client: client, Table: table, Label: "app", DryRun: true})
	require.NoError(t, err)
	require.EqualValues(t, 60, dry.Scanned)
	require.EqualValues(t, 0, dry.Unknown, "guard items are declared by unique")
	require.EqualValues(t, 30, dry.Other, "the guard items: an entity the plan does not change")
	require.Equal(t, Counts{Items: 30, Updated: 30, WCU: 60}, *dry.Entities["Customer"])

	res, err := Run(ctx, plan, Options{Client: client, Table: table, Label: "app"})
	require.NoError(t, err)
	require.EqualValues(t, 0, res.Unknown)
	require.Equal(t, Counts{Items: 30, Updated: 30, WCU: 60}, *res.Entities["Customer"])

	rep, err := Check(ctx, plan, CheckOptions{Client: client, Table: table, Label: "app"})
	require.NoError(t, err)
	require.Equal(t, []string{}, rep.Findings)
	require.True(t, rep.OK())
	require.EqualValues(t, 0, rep.Unknown)
	require.Equal(t, map[string]*ShapeCounts{"Customer": {Items: 30, Head: 30}, "CustomerUniqueEmail": {Items: 30, Head: 30}, "Order": {}, "Product": {}}, rep.Entities)
}

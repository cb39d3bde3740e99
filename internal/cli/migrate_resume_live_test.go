package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/migrate"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// sdTable creates the table of schemadiff's testdata (BASE with HEAD's
// GSI2, as terraform leaves it before the backfill) and writes 300
// customers, 300 orders and 100 products in BASE's shape.
func sdTable(t *testing.T, ctx context.Context, c *dynamodb.Client, base *hclschema.Schema, name string) {
	t.Helper()
	s := func(n string) types.AttributeDefinition {
		return types.AttributeDefinition{AttributeName: aws.String(n), AttributeType: types.ScalarAttributeTypeS}
	}
	key := func(pk, sk string) []types.KeySchemaElement {
		return []types.KeySchemaElement{{AttributeName: aws.String(pk), KeyType: types.KeyTypeHash}, {AttributeName: aws.String(sk), KeyType: types.KeyTypeRange}}
	}
	all := &types.Projection{ProjectionType: types.ProjectionTypeAll}
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String(name), BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{s("PK"), s("SK"), s("GSI1PK"), s("GSI1SK"), s("GSI2PK"), s("GSI2SK")},
		KeySchema:            key("PK", "SK"),
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String("GSI1"), KeySchema: key("GSI1PK", "GSI1SK"), Projection: all},
			{IndexName: aws.String("GSI2"), KeySchema: key("GSI2PK", "GSI2SK"), Projection: all}}})
	require.NoError(t, err)
	str := cty.StringVal
	var values []exampleValue
	for i := 0; i < 300; i++ {
		u := fmt.Sprintf("u%03d", i)
		values = append(values, exampleValue{"Customer", cty.ObjectVal(map[string]cty.Value{"username": str(u), "email": str(fmt.Sprintf("User%03d@Example.com", i)), "name": str(u)})},
			exampleValue{"Order", cty.ObjectVal(map[string]cty.Value{"username": str(u), "orderId": str("o-" + u), "orderDate": str("2024-05-01"),
				"status": str([]string{"OPEN", "SHIPPED"}[i%2]), "total": cty.NumberIntVal(int64(i)), "expiresAt": cty.NullVal(cty.Number)})})
	}
	for i := 0; i < 100; i++ {
		values = append(values, exampleValue{"Product", cty.ObjectVal(map[string]cty.Value{"productId": str(fmt.Sprintf("p-%03d", i)), "category": str("books"), "title": str("T")})})
	}
	putAll(t, ctx, c, base, name, values)
}

// TestLiveMigrateResume is issue 27's resumption on DynamoDB Local, through
// the command: a checkpoint records the table's identity (ARN and creation
// time) and a resume on a table deleted and created again under the same
// name is refused (exit 2) instead of skipping the ranges the old run
// finished; a dry run's checkpoint is refused as a dry run's; a checkpoint
// exists as soon as the run starts (an interrupt always leaves what it
// promises); resuming a finished checkpoint says this run did nothing;
// --dry-run --table on a refused plan counts and exits 1.
func TestLiveMigrateResume(t *testing.T) {
	tftest.Serial(t) // changes the working directory
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	sd, err := filepath.Abs("../schemadiff/testdata")
	require.NoError(t, err)
	t.Chdir(t.TempDir())
	baseDir, headDir := filepath.Join(sd, "base"), filepath.Join(sd, "backfill")
	base, diags := hclschema.Load(baseDir)
	require.False(t, diags.HasErrors())
	sdTable(t, ctx, client, base, "app")
	ep := target.Endpoint()
	migrateArgs := func(extra ...string) []string {
		return append([]string{"migrate", baseDir, headDir, "--table", "app", "--endpoint", ep}, extra...)
	}

	// A refused plan (a changed key template makes a copy, refused for a
	// new required attribute) counted on the table: exit 1 like the dry run
	// without --table and the live run.
	code, out, errOut := runTfdyn(t, "migrate", baseDir, filepath.Join(sd, "items"), "--table", "app", "--endpoint", ep, "--dry-run")
	require.Equal(t, 1, code)
	require.Contains(t, out, "copy table app (app) → app-next\n  because: the template of PK of entity \"Product\" changes\n")
	require.Contains(t, out, "  REFUSED: entity \"Customer\": HEAD requires the attribute \"tier\", which stored items lack")
	require.Contains(t, out, "Scanned 700 items in 4 segments")
	require.Contains(t, errOut, "Error: migrate: part of the plan is refused (see REFUSED above)\n")

	// A dry run's checkpoint cannot resume the migration, and says so.
	code, _, _ = runTfdyn(t, migrateArgs("--dry-run", "--checkpoint", "dry.json")...)
	require.Equal(t, 0, code)
	code, _, errOut = runTfdyn(t, migrateArgs("--checkpoint", "dry.json")...)
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "Error: migrate: --checkpoint dry.json: the checkpoint does not fit this run: it was written by a dry run (--dry-run), "+
		"whose progress counts but writes nothing, so it cannot resume a migration; remove it to start over\n")

	// interrupted runs the migration with a checkpoint and cuts it (as
	// Ctrl-C does) once stop says so, or after 10 s.
	interrupted := func(cp string, stop func(*migrate.Checkpoint) bool, extra ...string) (int, string) {
		t.Helper()
		cctx, cancel := context.WithCancel(ctx)
		defer cancel()
		go func() {
			deadline := time.Now().Add(10 * time.Second)
			for cctx.Err() == nil && time.Now().Before(deadline) {
				if b, err := os.ReadFile(cp); err == nil {
					if c, err := migrate.ParseCheckpoint(b); err == nil && stop(c) {
						break
					}
				}
				time.Sleep(5 * time.Millisecond)
			}
			cancel()
		}()
		var stdout, stderr strings.Builder
		code := RunContext(cctx, migrateArgs(append([]string{"--checkpoint", cp}, extra...)...), nil, &stdout, &stderr)
		t.Logf("interrupted run: exit %d\n%s%s", code, stdout.String(), stderr.String())
		return code, stderr.String()
	}

	// Cut before the first page is done (one update a second): the
	// checkpoint the message promises exists, and resumes.
	code, errOut = interrupted("early.json", func(*migrate.Checkpoint) bool { return true }, "--rate", "1", "--parallel", "1")
	require.Equal(t, 130, code)
	require.Contains(t, errOut, "migrate: progress is in early.json: run the same command to resume\ntfdyn migrate: interrupted\n")
	early, err := migrate.ParseCheckpoint([]byte(readFile(t, "early.json")))
	require.NoError(t, err)
	require.EqualValues(t, 0, early.Result.Scanned)
	desc, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("app")})
	require.NoError(t, err)
	require.Equal(t, aws.ToString(desc.Table.TableArn), early.TableARN)
	require.True(t, aws.ToTime(desc.Table.CreationDateTime).Equal(early.TableCreated), "%s, %s", aws.ToTime(desc.Table.CreationDateTime), early.TableCreated)

	// Cut after some pages, then the table is deleted and created again
	// with the same items (a restore, a re-seed): the checkpoint's ranges
	// say nothing about the new table, so the resume is refused.
	code, _ = interrupted("cut.json", func(c *migrate.Checkpoint) bool { return c.Result.Scanned > 0 }, "--rate", "100", "--parallel", "2")
	require.Equal(t, 130, code)
	cut, err := migrate.ParseCheckpoint([]byte(readFile(t, "cut.json")))
	require.NoError(t, err)
	require.Greater(t, cut.Result.Scanned, int64(0))
	require.Less(t, cut.Result.Scanned, int64(700))
	_, err = client.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String("app")})
	require.NoError(t, err)
	sdTable(t, ctx, client, base, "app")
	code, _, errOut = runTfdyn(t, migrateArgs("--checkpoint", "cut.json")...)
	require.Equal(t, 2, code)
	require.Regexp(t, `Error: migrate: --checkpoint cut\.json: the checkpoint does not fit this run: it records the progress on table arn:\S+/app created \S+, `+
		`but the table now is arn:\S+/app created \S+: it was deleted and created again since \(a restore, a re-seed, a new apply\), `+
		`so its items are not where the checkpoint says; remove it to start over\n`, errOut)
	code, out, _ = runTfdyn(t, migrateArgs("--check")...)
	require.Equal(t, 1, code, "nothing was migrated on the new table")
	require.Contains(t, out, "  entity Customer: 300 items (0 in HEAD's shape, 300 not migrated, 0 half-migrated)\n")

	// The migration from the start; resuming its finished checkpoint does
	// nothing and says so.
	code, out, _ = runTfdyn(t, migrateArgs("--checkpoint", "full.json")...)
	require.Equal(t, 0, code)
	require.Contains(t, out, "  items: 300 (300 updated, 0 already in HEAD's shape, 0 changed by someone else, 0 failed), about 900 WCU\n")
	require.NotContains(t, out, "Resumed")
	code, out, _ = runTfdyn(t, migrateArgs("--checkpoint", "full.json")...)
	require.Equal(t, 0, code)
	require.Contains(t, out, "Scanned 700 items in 4 segments: 700 of the planned entities")
	require.Contains(t, out, "\nResumed a checkpoint of a finished run: this run scanned and updated nothing; the counts above are the earlier runs' (remove the checkpoint to run again).\n")
	code, out, _ = runTfdyn(t, migrateArgs("--checkpoint", "full.json", "--format", "json")...)
	require.Equal(t, 0, code)
	require.Contains(t, out, "\"resumed\": {\n      \"scanned\": 700,\n      \"updated\": 550,\n      \"finished\": true\n    }")

	// The early checkpoint resumes on the table it was made on... which is
	// gone: refused too.
	code, _, errOut = runTfdyn(t, migrateArgs("--checkpoint", "early.json")...)
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "it was deleted and created again since")

	code, _, _ = runTfdyn(t, migrateArgs("--check")...)
	require.Equal(t, 0, code)
}

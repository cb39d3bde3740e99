package cli

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// TestLiveImportUniqueGuards: a live table written by a design with
// unique = ["email"] holds a guard item per customer. tfdyn import
// proposes the customers' entity with unique = ["email"] (issue 27, item
// 2: it proposed the guard items as an entity "Unique"), and the schema it
// writes reads the table back: migrate --check of the schema against
// itself passes, counting the guard items as items of CustomerUniqueEmail.
// On plain DynamoDB Local (no compatibility layer), import fails with exit
// 2 and says that tfdyn local serves what is missing.
func TestLiveImportUniqueGuards(t *testing.T) {
	tftest.Parallel(t)
	target := ddblocaltest.StartProcess(t) // plain DynamoDB Local (BackendEndpoint) is used too
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	design, diags := hclschema.Load("../../examples/ecommerce")
	require.False(t, diags.HasErrors(), diags.Error())
	s := func(n string) types.AttributeDefinition {
		return types.AttributeDefinition{AttributeName: aws.String(n), AttributeType: types.ScalarAttributeTypeS}
	}
	key := func(pk, sk string) []types.KeySchemaElement {
		return []types.KeySchemaElement{{AttributeName: aws.String(pk), KeyType: types.KeyTypeHash}, {AttributeName: aws.String(sk), KeyType: types.KeyTypeRange}}
	}
	_, err = client.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String("users"), BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{s("PK"), s("SK"), s("GSI1PK"), s("GSI1SK")}, KeySchema: key("PK", "SK"),
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String("GSI1"), KeySchema: key("GSI1PK", "GSI1SK"),
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}}})
	require.NoError(t, err)
	var values []exampleValue
	for i := 0; i < 20; i++ {
		email := cty.StringVal(fmt.Sprintf("user%02d@example.com", i))
		values = append(values, exampleValue{"Customer", cty.ObjectVal(map[string]cty.Value{"username": cty.StringVal(fmt.Sprintf("u%02d", i)), "email": email,
			"name": cty.StringVal("User"), "createdAt": cty.StringVal("2024-01-01T00:00:00Z")})},
			exampleValue{"CustomerUniqueEmail", cty.ObjectVal(map[string]cty.Value{"email": email})})
	}
	putAll(t, ctx, client, design, "users", values)

	dir := t.TempDir()
	schemaDir, tfDir := filepath.Join(dir, "schema"), dir
	code, out, _ := runTfdyn(t, "import", "--table", "users", "--endpoint", target.Endpoint(), "-o", schemaDir, "--tf-out", tfDir)
	require.Equal(t, 0, code)
	require.Contains(t, out, `(table "users", 1 proposed entities from 40 sampled items;`)
	src := readFile(t, filepath.Join(schemaDir, "users.tfdyn.hcl"))
	require.Contains(t, src, "# Proposal: inferred from 20 items with partition key prefix \"CUSTOMER#\" and sort key prefix \"CUSTOMER#\".\n"+
		"# The sample also holds 20 guard items of unique email (UNIQUE#Customer#...): declared below.\nentity \"Customer\" {\n")
	require.Contains(t, src, "\n  unique = [\"email\"]\n")
	require.NotContains(t, strings.ToLower(src), `entity "unique`)
	code, out, _ = runTfdyn(t, "migrate", schemaDir, schemaDir, "--table", "users", "--endpoint", target.Endpoint(), "--check")
	require.Equal(t, 0, code)
	require.Contains(t, out, "  entity Customer: 20 items (20 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  entity CustomerUniqueEmail: 20 items (20 in HEAD's shape, 0 not migrated, 0 half-migrated)\n"+
		"  of no HEAD entity: 0, of several: 0\n")

	code, _, errOut := runTfdyn(t, "import", "--table", "users", "--endpoint", target.BackendEndpoint(), "-o", filepath.Join(dir, "plain"), "--tf-out", tfDir)
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "Error: import: describe continuous backups of \"users\": "+target.BackendEndpoint()+" does not implement DescribeContinuousBackups (plain DynamoDB Local implements neither point-in-time recovery nor tags, which import reads): "+
		"serve the table with tfdyn local, whose endpoint answers them, and import from there: operation error DynamoDB: DescribeContinuousBackups")
}

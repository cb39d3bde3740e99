package verify

import (
	"context"
	"fmt"
	"os"
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
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// rejectedSchema has an example with a 3,005-byte partition key (which lint
// reports as TD128; this test loads without lint) and an example whose
// 2,044-byte key fits while the items verify generates from it (the value
// plus "-g000") do not: lint cannot know those.
var rejectedSchema = `table "app" {
  partition_key = "PK"
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
  }
  example {
    id = "alice"
  }
  example {
    id = "` + strings.Repeat("u", 3000) + `"
  }
}
entity "Doc" {
  attributes = { id = string }
  key {
    PK = "DOC#${id}"
  }
  example {
    id = "` + strings.Repeat("d", 2040) + `"
  }
}
`

// TestWriteMapsValidationExceptionToTheSchema writes items that DynamoDB
// Local rejects and checks that each rejection names its entity, its
// example block (or the entity for a generated item), its key and DynamoDB's
// message, while the accepted items of the same batch are stored.
func TestWriteMapsValidationExceptionToTheSchema(t *testing.T) {
	tftest.Parallel(t)
	target := ddblocaltest.Start(t)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	_, err = client.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String("app"),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("PK"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("PK"), KeyType: types.KeyTypeHash}},
	})
	require.NoError(t, err)

	path := filepath.Join(t.TempDir(), "app.tfdyn.hcl")
	require.NoError(t, os.WriteFile(path, []byte(rejectedSchema), 0o644))
	s, diags := hclschema.Load(path)
	require.False(t, diags.HasErrors(), diags.Error())
	ds := newDataset(s.Tables[0])
	require.NoError(t, ds.addExamples())
	// verify leaves out generated items over a limit (see
	// TestGeneratedItemsOverALimitAreLeftOut); a generated item that
	// DynamoDB rejects for another reason maps to its entity block.
	doc := s.Entity("Doc")
	it, err := doc.Item(cty.ObjectVal(map[string]cty.Value{"id": cty.StringVal(strings.Repeat("d", 2040) + "-g000")}))
	require.NoError(t, err)
	added, err := ds.add(it, itemSource{})
	require.NoError(t, err)
	require.True(t, added)
	require.Len(t, ds.AV, 4, "3 examples and 1 generated item")

	r := &runner{opts: Options{Parallel: 2}, report: &Report{}, client: client}
	require.NoError(t, r.write(ctx, "app", ds, 0))
	sortRejections(r.report.Rejected)

	const tooLarge = "Hash primary key values must be under 2048 bytes, and range primary key values must be under 1024 bytes"
	got := []string{}
	for _, rj := range r.report.Rejected {
		got = append(got, rj.String())
	}
	require.Equal(t, []string{
		path + ":12:3: DynamoDB rejected the example item {PK=\"USER#" + strings.Repeat("u", 3000) + "\"} of entity User: " + tooLarge,
		path + ":16:1: DynamoDB rejected a generated item (values drawn from its examples) {PK=\"DOC#" + strings.Repeat("d", 2040) + "-g000\"} of entity Doc: " + tooLarge,
	}, got)
	require.Equal(t, &findings.Pos{File: path, Line: 12, Column: 3, EndLine: 12, EndColumn: 10}, r.report.Rejected[0].pos)
	r.report.Rejected[0].pos = nil
	require.Equal(t, Rejection{Code: "VF401", Table: "app", Entity: "User", Example: true, Position: path + ":12:3",
		Key: `PK="USER#` + strings.Repeat("u", 3000) + `"`, Message: tooLarge, index: 1}, r.report.Rejected[0])

	// The accepted items of the same batch are stored: alice and Doc's
	// example.
	out, err := client.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("app")})
	require.NoError(t, err)
	var keys []string
	for _, it := range out.Items {
		keys = append(keys, dynamo.KeyString(it, s.Tables[0].Primary.KeyAttrs()))
	}
	require.ElementsMatch(t, []string{
		`PK="USER#alice"`,
		`PK="DOC#` + strings.Repeat("d", 2040) + `"`,
	}, keys)

	// The limits lint checks (TD128) are DynamoDB Local's: a 2048-byte
	// partition key value is stored, 2049 bytes are rejected.
	for n, wantErr := range map[int]bool{2048: false, 2049: true} {
		_, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("app"),
			Item: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: strings.Repeat("k", n)}}})
		msg, invalid := validationMessage(err)
		require.Equal(t, wantErr, invalid, "%d bytes: %v", n, err)
		if wantErr {
			require.Equal(t, tooLarge, msg)
		}
	}

	// TD133 and TD134 follow DynamoDB Local too: a string in 31 nested
	// lists is stored, in 32 it is too deep; a map with an empty key is
	// rejected.
	nested := func(n int) types.AttributeValue {
		var v types.AttributeValue = &types.AttributeValueMemberS{Value: "x"}
		for i := 0; i < n; i++ {
			v = &types.AttributeValueMemberL{Value: []types.AttributeValue{v}}
		}
		return v
	}
	for _, tc := range []struct {
		name string
		v    types.AttributeValue
		want string
	}{
		{"31 nested lists", nested(31), ""},
		{"32 nested lists", nested(32), "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit"},
		{"map with an empty key", &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"": &types.AttributeValueMemberS{Value: "x"}}}, "Empty attribute name"},
	} {
		_, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("app"),
			Item: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "nested"}, "a": tc.v}})
		msg, invalid := validationMessage(err)
		require.Equal(t, tc.want != "", invalid, "%s: %v", tc.name, err)
		require.Equal(t, tc.want, msg, tc.name)
	}

	// The report is a finding: not passed, no environment error.
	r.report.finish()
	require.False(t, r.report.Passed)
	require.Empty(t, r.report.Error)
}

// TestGeneratedItemsOverALimitAreLeftOut: the items verify generates from
// an example close to a limit (its value plus "-gNNN") would be rejected;
// verify leaves them out and says so instead of failing a valid schema.
func TestGeneratedItemsOverALimitAreLeftOut(t *testing.T) {
	s, diags := hclschema.LoadSource("app.tfdyn.hcl", []byte(rejectedSchema))
	require.False(t, diags.HasErrors(), diags.Error())
	ds := newDataset(s.Tables[0])
	require.NoError(t, ds.addExamples())
	require.NoError(t, ds.addGenerated(1, 3, 0))
	var generated []string
	for i, src := range ds.Sources {
		if src.Example == nil {
			generated = append(generated, dynamo.KeyString(ds.AV[i], s.Tables[0].Primary.KeyAttrs()))
		}
	}
	// Doc's three generated items are all over 2048 bytes; User's come
	// from alice (kept) or from the 3,000-byte example (left out).
	require.Equal(t, []string{`PK="USER#alice-g001"`}, generated)
	require.Equal(t, 5, ds.OverLimit)
	require.Equal(t, "entity User: PK (partition key of the table) is 3010 bytes; DynamoDB allows 1 to 2048", ds.OverLimitReason)
}

// TestApplyRejectionsMapsTerraformOutput maps the real output of a failed
// terraform apply (hashicorp/aws 5.100.0 against DynamoDB Local, a
// 263-character table name) to the table block.
func TestApplyRejectionsMapsTerraformOutput(t *testing.T) {
	stderr, err := os.ReadFile("testdata/apply_table_name_validation.stderr")
	require.NoError(t, err)
	s, diags := hclschema.LoadSource("app.tfdyn.hcl", []byte("table \"other\" {\n  partition_key = \"PK\"\n}\ntable \"app\" {\n  partition_key = \"PK\"\n}\n"))
	require.False(t, diags.HasErrors(), diags.Error())
	applyErr := fmt.Errorf("terraform apply: %w", fmt.Errorf("exit status 1\n%s", stderr))

	got, ok := applyRejections(applyErr, s)
	require.True(t, ok)
	const msg = "Invalid table/index name.  Table/index names must be between 3 and 255 characters long, and may contain only the characters a-z, A-Z, 0-9, '_', '-', and '.'"
	require.Equal(t, []Rejection{{Code: "VF402", Table: "app", Position: "app.tfdyn.hcl:4:1", pos: &findings.Pos{File: "app.tfdyn.hcl", Line: 4, Column: 1, EndLine: 4, EndColumn: 12}, Message: msg, index: -1}}, got)
	require.Equal(t, "app.tfdyn.hcl:4:1: DynamoDB rejected table app at apply: "+msg, got[0].String())

	// Not a ValidationException, or no table of the schema: an environment
	// failure, left as it is.
	_, ok = applyRejections(fmt.Errorf("terraform apply: exit status 1\n\nError: Failed to query available provider packages"), s)
	require.False(t, ok)
	_, ok = applyRejections(fmt.Errorf("%s", strings.Replace(string(stderr), "aws_dynamodb_table.app", "aws_dynamodb_table.gone", 1)), s)
	require.False(t, ok)
}

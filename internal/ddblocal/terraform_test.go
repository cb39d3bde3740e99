package ddblocal

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tfprovider/tfprovidertest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// tableConfig is an aws_dynamodb_table with everything the layer has to
// carry: GSIs, an LSI, stream, TTL, PITR, SSE, table class, tags.
// %[1]s is the table name, %[2]s the GSI blocks, %[3]s extra attributes.
const tableConfig = `
resource "aws_dynamodb_table" "shop" {
  name                        = "%[1]s"
  billing_mode                = "PAY_PER_REQUEST"
  hash_key                    = "PK"
  range_key                   = "SK"
  stream_enabled              = true
  stream_view_type            = "NEW_AND_OLD_IMAGES"
  deletion_protection_enabled = false
  table_class                 = "STANDARD_INFREQUENT_ACCESS"

  attribute {
    name = "PK"
    type = "S"
  }
  attribute {
    name = "SK"
    type = "S"
  }
  attribute {
    name = "GSI1PK"
    type = "S"
  }
  attribute {
    name = "GSI1SK"
    type = "S"
  }
  attribute {
    name = "total"
    type = "N"
  }
%[3]s
%[2]s
  local_secondary_index {
    name            = "ByTotal"
    range_key       = "total"
    projection_type = "KEYS_ONLY"
  }

  ttl {
    attribute_name = "expiresAt"
    enabled        = true
  }

  point_in_time_recovery {
    enabled = true
  }

  server_side_encryption {
    enabled = true
  }

  tags = {
    team = "shop"
    env  = "local"
  }
}
`

const gsiProvider5 = `
  global_secondary_index {
    name            = "GSI1"
    hash_key        = "GSI1PK"
    range_key       = "GSI1SK"
    projection_type = "ALL"
  }
`

const gsiProvider6 = `
  global_secondary_index {
    name            = "GSI1"
    projection_type = "ALL"
    key_schema {
      attribute_name = "GSI1PK"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "GSI1SK"
      key_type       = "RANGE"
    }
  }

  global_secondary_index {
    name               = "SellerOrders"
    projection_type    = "INCLUDE"
    non_key_attributes = ["total"]
    key_schema {
      attribute_name = "sellerId"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "region"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "orderDate"
      key_type       = "RANGE"
    }
    key_schema {
      attribute_name = "orderId"
      key_type       = "RANGE"
    }
  }
`

const attrsProvider6 = `
  attribute {
    name = "sellerId"
    type = "S"
  }
  attribute {
    name = "region"
    type = "S"
  }
  attribute {
    name = "orderDate"
    type = "S"
  }
  attribute {
    name = "orderId"
    type = "S"
  }
`

func TestTerraformProvider5(t *testing.T) {
	tftest.Parallel(t)
	target := sharedTarget(t)
	env := loadMirror(t)
	require.True(t, env.HasAWSProvider("= 5.100.0"), "the provider mirror must hold hashicorp/aws 5.100.0: run make setup")
	runTerraformCycle(t, target, env, `version = "= 5.100.0"`, "tfdyn-tf5", gsiProvider5, "", nil)
}

func TestTerraformProvider6(t *testing.T) {
	tftest.Parallel(t)
	target := sharedTarget(t)
	env := loadMirror(t)
	if !env.HasAWSProvider(">= 6.29.0") {
		t.Skipf("hashicorp/aws >= 6.29.0 is not in the provider mirror %s yet (make setup builds it once, ~40 min); skipping", env.MirrorDir)
	}
	runTerraformCycle(t, target, env, `version = ">= 6.29.0"`, "tfdyn-tf6", gsiProvider6, attrsProvider6, querySellerOrders)
}

func loadMirror(t *testing.T) *tfenv.Env {
	t.Helper()
	tftest.Live()
	env, err := tfenv.LoadMirror()
	require.NoError(t, err, "run make setup")
	return env
}

// runTerraformCycle applies the table config, checks that a second plan
// shows no changes and that the table is usable, then destroys it.
// check, if not nil, runs against the applied table before destroy.
func runTerraformCycle(t *testing.T, target *Target, env *tfenv.Env, version, table, gsis, attrs string,
	check func(t *testing.T, c *dynamodb.Client, table string)) {
	ctx := context.Background()
	dir := t.TempDir()
	config := fmt.Sprintf("terraform {\n  required_providers {\n    aws = {\n      source  = \"hashicorp/aws\"\n      %s\n    }\n  }\n}\n\n", version) +
		target.ProviderBlock() + fmt.Sprintf(tableConfig, table, gsis, attrs)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.tf"), []byte(config), 0o644))

	client, err := target.NewClient(ctx)
	require.NoError(t, err)
	t.Cleanup(func() { // leave no table behind when the test fails half-way
		_, _ = client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(table)})
	})

	tf(t, env, dir, 0, "init", "-no-color", "-input=false")
	// One provider process for the cycle's commands, behind the caching
	// proxy (what verify does on this target).
	tfprovidertest.Attach(t, env, dir)
	start := time.Now()
	tf(t, env, dir, 0, "apply", "-no-color", "-input=false", "-auto-approve")
	t.Logf("apply: %s", time.Since(start).Round(time.Millisecond))

	start = time.Now()
	out := tf(t, env, dir, 0, "plan", "-no-color", "-input=false", "-detailed-exitcode")
	t.Logf("plan: %s", time.Since(start).Round(time.Millisecond))
	require.Contains(t, out, "No changes.")

	// Update in place: tags, PITR off, table class. The provider tags with
	// TagResource/UntagResource and changes the class with an UpdateTable
	// that DynamoDB Local alone would refuse ("Nothing to update").
	updated := strings.NewReplacer(
		"team = \"shop\"\n    env  = \"local\"", "team = \"orders\"",
		"point_in_time_recovery {\n    enabled = true", "point_in_time_recovery {\n    enabled = false",
		`table_class                 = "STANDARD_INFREQUENT_ACCESS"`, `table_class                 = "STANDARD"`,
	).Replace(config)
	require.NotEqual(t, config, updated)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.tf"), []byte(updated), 0o644))
	start = time.Now()
	tf(t, env, dir, 0, "apply", "-no-color", "-input=false", "-auto-approve")
	t.Logf("apply update: %s", time.Since(start).Round(time.Millisecond))
	out = tf(t, env, dir, 0, "plan", "-no-color", "-input=false", "-detailed-exitcode")
	require.Contains(t, out, "No changes.")

	desc, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(table)})
	require.NoError(t, err)
	require.Equal(t, types.TableClassStandard, desc.Table.TableClassSummary.TableClass)
	require.Equal(t, types.SSEStatusEnabled, desc.Table.SSEDescription.Status)
	tags, err := client.ListTagsOfResource(ctx, &dynamodb.ListTagsOfResourceInput{ResourceArn: desc.Table.TableArn})
	require.NoError(t, err)
	require.Len(t, tags.Tags, 1)
	require.Equal(t, "orders", aws.ToString(tags.Tags[0].Value))
	backups, err := client.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: aws.String(table)})
	require.NoError(t, err)
	require.Equal(t, types.PointInTimeRecoveryStatusDisabled, backups.ContinuousBackupsDescription.PointInTimeRecoveryDescription.PointInTimeRecoveryStatus)

	require.NoError(t, err)
	require.Len(t, desc.Table.GlobalSecondaryIndexes, strings.Count(gsis, "global_secondary_index {"))
	require.Len(t, desc.Table.LocalSecondaryIndexes, 1)
	require.True(t, aws.ToBool(desc.Table.StreamSpecification.StreamEnabled))
	ttl, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(table)})
	require.NoError(t, err)
	require.Equal(t, "expiresAt", aws.ToString(ttl.TimeToLiveDescription.AttributeName))
	if check != nil {
		check(t, client, table)
	}

	start = time.Now()
	tf(t, env, dir, 0, "destroy", "-no-color", "-input=false", "-auto-approve")
	t.Logf("destroy: %s", time.Since(start).Round(time.Millisecond))

	// Only this test's table: the other provider's cycle runs in parallel
	// on the same DynamoDB Local.
	_, err = client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(table)})
	var notFound *types.ResourceNotFoundException
	require.ErrorAs(t, err, &notFound, "destroy leaves no table %s behind", table)
	tables, err := client.ListTables(ctx, &dynamodb.ListTablesInput{})
	require.NoError(t, err)
	require.NotContains(t, tables.TableNames, table, "destroy leaves no table behind")
}

// querySellerOrders reads the multi-attribute GSI that terraform made.
func querySellerOrders(t *testing.T, c *dynamodb.Client, table string) {
	ctx := context.Background()
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	for _, id := range []string{"o-2", "o-1", "o-3"} {
		region := "eu"
		if id == "o-3" {
			region = "us"
		}
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: map[string]types.AttributeValue{
			"PK": s("SELLER#s-1"), "SK": s("ORDER#" + id), "total": &types.AttributeValueMemberN{Value: "10"},
			"sellerId": s("s-1"), "region": s(region), "orderDate": s("2024-01-05"), "orderId": s(id),
		}})
		require.NoError(t, err)
	}
	out, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String(table), IndexName: aws.String("SellerOrders"),
		KeyConditionExpression:    aws.String("sellerId = :s AND #r = :r AND orderDate = :d"),
		ExpressionAttributeNames:  map[string]string{"#r": "region"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":s": s("s-1"), ":r": s("eu"), ":d": s("2024-01-05")},
	})
	require.NoError(t, err)
	var ids []string
	for _, it := range out.Items {
		ids = append(ids, it["orderId"].(*types.AttributeValueMemberS).Value)
	}
	require.Equal(t, []string{"o-1", "o-2"}, ids)
}

// tf runs terraform in dir and requires the exit code want.
func tf(t *testing.T, env *tfenv.Env, dir string, want int, args ...string) string {
	t.Helper()
	cmd := tftest.Command(env, dir, args...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("terraform %s: %v", strings.Join(args, " "), err)
	}
	if code != want {
		t.Fatalf("terraform %s: exit code %d, want %d\n%s", strings.Join(args, " "), code, want, out.String())
	}
	return out.String()
}

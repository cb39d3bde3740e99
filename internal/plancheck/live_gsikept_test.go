package plancheck_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/plancheck"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// keptTable is a table of TestLiveGSIKept: GSIS is replaced by its
// global_secondary_index blocks, INDEXES by the entity's index blocks and
// PATTERNS by access patterns on the GSIs.
const keptTable = `table "LABEL" {
  name          = "pc-LABEL"
  partition_key = "PK"
  sort_key      = "SK"
GSIS}

entity "Order_LABEL" {
  table = table.LABEL
  attributes = {
    customer  = string
    orderId   = string
    sellerId  = string
    region    = string
    orderDate = string
    status    = string
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
INDEXES}

access_pattern "orders_for_customer_LABEL" {
  entity = entity.Order_LABEL
  key {
    PK = "CUSTOMER#${customer}"
  }
}
PATTERNS`

// keptGSI is one GSI of a keptTable: its block, entity index and pattern.
type keptGSI struct{ block, index, pattern string }

var (
	// byRegion has a multi-attribute key (key_schema, provider 6 only).
	byRegion = keptGSI{
		block: "  global_secondary_index \"ByRegion\" {\n    partition_key = [\"sellerId\", \"region\"]\n    sort_key      = [\"orderDate\"]\n  }\n",
		index: "  index \"ByRegion\" {}\n",
		pattern: "access_pattern \"orders_in_region_LABEL\" {\n  entity = entity.Order_LABEL\n  index  = \"ByRegion\"\n  key {\n" +
			"    sellerId = sellerId\n    region   = region\n  }\n}\n",
	}
	// byStatus has a single-attribute key.
	byStatus = keptGSI{
		block:   "  global_secondary_index \"ByStatus\" {\n    partition_key = \"status\"\n  }\n",
		index:   "  index \"ByStatus\" {}\n",
		pattern: "access_pattern \"orders_by_status_LABEL\" {\n  entity = entity.Order_LABEL\n  index  = \"ByStatus\"\n  key {\n    status = status\n  }\n}\n",
	}
)

func keptSource(label string, gsis ...keptGSI) string {
	var b, ix, p strings.Builder
	for _, g := range gsis {
		b.WriteString(g.block)
		ix.WriteString(g.index)
		p.WriteString(g.pattern)
	}
	r := strings.NewReplacer("GSIS", b.String(), "INDEXES", ix.String(), "PATTERNS", p.String())
	return strings.ReplaceAll(r.Replace(keptTable), "LABEL", label)
}

// TestLiveGSIKept removes GSIs from tables applied to DynamoDB Local with
// real terraform and the real provider, emits again and plans:
//
//   - provider 6 keeps a table's last GSI (multi-attribute "ByRegion" on
//     pc-only, single-attribute "ByStatus" on pc-single): DP405 names the
//     GSI, the provider behaviour and how to delete it, not DP404's
//     "emit it again";
//   - removing one GSI of two (pc-two) is planned as a deletion: DP202;
//   - provider 5 plans the deletion of a table's last GSI (DP202).
//
// Then the GSI is deleted as DP405 advises (UpdateTable, the API call of
// aws dynamodb update-table; or in two applies through a standalone
// aws_dynamodb_global_secondary_index, whose removal DP202 reports as the
// deletion it is) and the plan is clean.
func TestLiveGSIKept(t *testing.T) {
	tftest.Parallel(t)
	w := newWorkspace(t)
	v1 := keptSource("single", byStatus)
	v2 := keptSource("single")
	if w.major == 6 {
		v1 += keptSource("only", byRegion) + keptSource("two", byRegion, byStatus)
		v2 += keptSource("only") + keptSource("two", byStatus)
	}
	client, err := w.target.NewClient(context.Background())
	require.NoError(t, err)
	t.Cleanup(func() {
		for _, n := range []string{"pc-single", "pc-only", "pc-two"} {
			_, _ = client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(n)})
		}
	})
	w.write(v1)
	w.terraform("init")
	w.terraform("apply", "-auto-approve")

	w.write(v2)
	rep := w.check(w.plan(plancheck.RunOptions{}))
	actions := map[string]string{}
	for _, tc := range rep.Tables {
		actions[tc.Address] = tc.Action
	}
	if w.major == 5 {
		require.Equal(t, map[string]string{"aws_dynamodb_table.single": "update"}, actions)
		requireFindings(t, rep, want{"DP202", "aws_dynamodb_table.single", []string{`GSI "ByStatus" of table "pc-single" is deleted`}})
		return
	}
	w.saveFixture("gsi-kept", plancheck.RunOptions{}, v2) // provider 6 only
	require.Equal(t, map[string]string{"aws_dynamodb_table.only": "no-op", "aws_dynamodb_table.single": "no-op", "aws_dynamodb_table.two": "update"}, actions)
	requireFindings(t, rep, keptWants()...)

	// Delete the kept GSIs in both ways the finding says, then plan
	// again: clean. (1) pc-only: UpdateTable with a Delete, the API call
	// of aws dynamodb update-table.
	_, err = client.UpdateTable(context.Background(), &dynamodb.UpdateTableInput{TableName: aws.String("pc-only"),
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Delete: &types.DeleteGlobalSecondaryIndexAction{IndexName: aws.String("ByRegion")}}}})
	require.NoError(t, err)
	// (2) pc-single, in two applies: import into a standalone
	// aws_dynamodb_global_secondary_index (this apply also deletes ByRegion
	// of pc-two), then remove it.
	standalone := filepath.Join(w.dir, "standalone_gsi.tf")
	require.NoError(t, os.WriteFile(standalone, []byte(standaloneGSI), 0o644))
	out := w.terraform("apply", "-auto-approve")
	require.Contains(t, out, "1 imported, 0 added, 1 changed, 0 destroyed")
	// Between the applies the GSI is managed, not kept: DP404 names its
	// resource. Once the resource is removed, its deletion is planned: the
	// index really goes, which DP202 reports like the removal of a block,
	// naming the resource that deletes it (acknowledged in a real run: the
	// schema no longer has it).
	requireFindings(t, only(w.check(w.plan(plancheck.RunOptions{})), "aws_dynamodb_table.single"),
		want{code: "DP404", address: "aws_dynamodb_table.single", words: []string{`GSI "ByStatus" is managed by aws_dynamodb_global_secondary_index.by_status but not in the schema`}})
	require.NoError(t, os.Remove(standalone))
	requireFindings(t, w.check(w.plan(plancheck.RunOptions{})),
		want{code: "DP202", address: "aws_dynamodb_table.single", words: []string{`GSI "ByStatus" of table "pc-single" is deleted`,
			`Terraform will delete GSI "ByStatus" (partition key "status") of table "pc-single" with its resource aws_dynamodb_global_secondary_index.by_status.`}})
	out = w.terraform("apply", "-auto-approve")
	require.Contains(t, out, "0 added, 0 changed, 1 destroyed")
	described, err := client.DescribeTable(context.Background(), &dynamodb.DescribeTableInput{TableName: aws.String("pc-single")})
	require.NoError(t, err)
	require.Empty(t, described.Table.GlobalSecondaryIndexes)

	rep = w.check(w.plan(plancheck.RunOptions{}))
	requireFindings(t, rep)
	for _, tc := range rep.Tables {
		require.Equal(t, "no-op", tc.Action, tc.Address)
	}
}

// standaloneGSI imports GSI ByStatus of pc-single into a standalone
// resource, the first of DP405's two applies.
const standaloneGSI = `import {
  to = aws_dynamodb_global_secondary_index.by_status
  id = "pc-single,ByStatus"
}

resource "aws_dynamodb_global_secondary_index" "by_status" {
  table_name = "pc-single"
  index_name = "ByStatus"
  key_schema {
    attribute_name = "status"
    attribute_type = "S"
    key_type       = "HASH"
  }
  projection {
    projection_type = "ALL"
  }
}
`

// keptWants are the findings of TestLiveGSIKept with provider 6 (and of
// the fixture gsi-kept it writes).
func keptWants() []want {
	return []want{
		{code: "DP405", address: "aws_dynamodb_table.only", words: []string{
			`GSI "ByRegion" of table "pc-only" stays: the provider does not plan its removal`,
			`(partition key ("sellerId", "region"), sort key "orderDate")`,
			"The Terraform is not stale", "last global_secondary_index block was removed", "hashicorp/terraform-provider-aws#47490",
			`aws dynamodb update-table --table-name pc-only --global-secondary-index-updates '[{"Delete":{"IndexName":"ByRegion"}}]'`,
			"aws_dynamodb_global_secondary_index", "every item is lost"}},
		{code: "DP405", address: "aws_dynamodb_table.single", words: []string{
			`GSI "ByStatus" of table "pc-single" stays: the provider does not plan its removal`, `(partition key "status")`}},
		{code: "DP202", address: "aws_dynamodb_table.two", words: []string{`GSI "ByRegion" of table "pc-two" is deleted`}},
	}
}

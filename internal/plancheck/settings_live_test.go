package plancheck_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/adopt"
	"github.com/tfdyn/tfdyn/internal/plancheck"
	"github.com/tfdyn/tfdyn/internal/tablespectest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// settingsSchema declares the settings of issue 26 that provider 5 and 6
// both have: a recovery period and a resource policy on a provisioned
// table, throughput caps on an on-demand table and its GSI, and a replica.
const settingsSchema = `table "ledger" {
  name                          = "pc-settings-ledger"
  billing_mode                  = "PROVISIONED"
  read_capacity                 = 5
  write_capacity                = 5
  partition_key                 = "PK"
  sort_key                      = "SK"
  point_in_time_recovery        = true
  point_in_time_recovery_period = 7
  resource_policy = <<-EOT
    {
      "Version": "2012-10-17",
      "Statement": [
        {
          "Effect": "Allow",
          "Principal": {"AWS": "arn:aws:iam::111122223333:role/auditor"},
          "Action": "dynamodb:GetItem",
          "Resource": "*"
        }
      ]
    }
  EOT
}

table "orders" {
  name          = "pc-settings-orders"
  partition_key = "PK"
  stream        = "NEW_AND_OLD_IMAGES"

  on_demand_throughput {
    max_read_request_units  = 2000
    max_write_request_units = 1000
  }

  replica "us-west-2" {
    point_in_time_recovery = true
    propagate_tags         = true
  }

  global_secondary_index "ByStatus" {
    partition_key = "status"

    on_demand_throughput {
      max_read_request_units = 500
    }
  }
}
`

// TestLiveSettings applies the Terraform emitted for settingsSchema with
// the provider in the mirror (5 or 6; the orders table without its
// replica, which DynamoDB Local cannot create) and plans again: a no-op
// without finding, DP404 finds no difference from the schema, and import
// --from-state reads every setting back from the state. It also plans the
// creation with the replica in an empty workspace: clean, and DP404 finds
// the replica as declared.
func TestLiveSettings(t *testing.T) {
	tftest.Parallel(t)
	w := newWorkspace(t)
	w.singleRegion = true
	w.write(settingsSchema)
	client, err := w.target.NewClient(context.Background())
	require.NoError(t, err)
	t.Cleanup(func() {
		for _, tb := range w.schema.Tables {
			_, _ = client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(tb.Name)})
		}
	})
	w.terraform("init")
	w.terraform("apply", "-auto-approve")
	p := w.plan(plancheck.RunOptions{})
	rep := w.check(p)
	requireFindings(t, rep)
	require.Len(t, rep.Tables, 2)
	for _, tr := range rep.Tables {
		require.Equal(t, "no-op", tr.Action, tr.Address)
	}

	raw, err := json.Marshal(p.PriorState)
	require.NoError(t, err)
	state, diags := adopt.ParseState("plan.json", raw)
	require.Empty(t, diags)
	for _, tb := range w.schema.Tables {
		spec := tb.Spec()
		applied := spec.SingleRegion()
		require.Empty(t, plancheck.DriftOf(p, applied), "DP404 on %s (provider %d)", spec.Name, w.major)
		got, diags := adopt.FromState(state, "plan.json", "aws_dynamodb_table."+tb.Label)
		require.Empty(t, diags, "%s", diags)
		diff := tablespectest.Differences(applied, got.Spec)
		require.Empty(t, diff, "import --from-state of %s (provider %d)", spec.Name, w.major)
	}

	g := newWorkspace(t)
	g.write(settingsSchema)
	g.terraform("init")
	gp := g.plan(plancheck.RunOptions{})
	grep, err := plancheck.CheckPlan(gp, plancheck.Options{Schema: g.schema})
	require.NoError(t, err)
	var codes []string
	for _, f := range grep.Findings {
		codes = append(codes, f.Code+": "+f.Detail)
	}
	require.Empty(t, codes, "the creation of the global table plans cleanly")
	orders := g.schema.Tables[1].Spec()
	require.Len(t, orders.Replicas, 1)
	require.Empty(t, plancheck.DriftOf(gp, orders))
	withoutReplica := orders
	withoutReplica.Replicas = []hclschema.ReplicaSpec{}
	require.NotEmpty(t, plancheck.DriftOf(gp, withoutReplica), "DP404 reads the planned replica")
}

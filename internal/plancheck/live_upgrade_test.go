package plancheck_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/plancheck"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// upgradeSchema is an on-demand table with four single-attribute GSIs, the
// shape the provider 5 to 6 move was seen with.
const upgradeSchema = `table "app" {
  name          = "pc-upgrade"
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    sort_key      = "GSI2SK"
    projection    = "KEYS_ONLY"
  }
  global_secondary_index "GSI3" {
    partition_key = "GSI3PK"
  }
  global_secondary_index "GSI4" {
    partition_key = "GSI4PK"
    sort_key      = "GSI4SK"
    projection    = "INCLUDE"
    include       = ["total"]
  }
}
`

// TestLiveProvider6Upgrade moves a table from tfdyn emit --provider 5 output
// applied with hashicorp/aws 5.100.0 to provider 6 output and provider 6
// (docs/upgrade-provider-6.md). Planned without refresh, the state holds
// hash_key/range_key alone and the update would rebuild every index:
// DP203 for each. Planned with refresh, the plan is a no-op or replaces
// every GSI block without changing an index, which tfdyn plan reports as
// DP406 (a warning, not DP203), and the apply leaves every index as it
// was (same ARNs, no new backfill).
func TestLiveProvider6Upgrade(t *testing.T) {
	tftest.Parallel(t)
	w := newWorkspace(t)
	if w.major != 6 {
		t.Skip("needs hashicorp/aws 6 for the second half")
	}
	tftest.RequireProvider(t, w.env, "= 5.100.0")
	pin := filepath.Join(w.dir, "versions_override.tf")
	require.NoError(t, os.WriteFile(pin, []byte("terraform {\n  required_providers {\n    aws = {\n      source  = \"hashicorp/aws\"\n      version = \"= 5.100.0\"\n    }\n  }\n}\n"), 0o644))
	w.major = 5
	w.write(upgradeSchema)
	client, err := w.target.NewClient(context.Background())
	require.NoError(t, err)
	t.Cleanup(func() {
		_, _ = client.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String("pc-upgrade")})
	})
	w.terraform("init")
	w.terraform("apply", "-auto-approve")
	arns := func() []string {
		out, err := client.DescribeTable(context.Background(), &dynamodb.DescribeTableInput{TableName: aws.String("pc-upgrade")})
		require.NoError(t, err)
		var got []string
		for _, g := range out.Table.GlobalSecondaryIndexes {
			got = append(got, aws.ToString(g.IndexName)+" "+aws.ToString(g.IndexArn))
		}
		return got
	}
	before := arns()
	require.Len(t, before, 4)

	// The move: provider 6 output and provider 6.
	require.NoError(t, os.Remove(pin))
	w.major = 6
	w.write(upgradeSchema)
	w.terraform("init", "-upgrade")

	// Without refresh the state still holds the keys as provider 5 wrote
	// them (hash_key/range_key, no key_schema): the provider's update would
	// compare the two forms and rebuild every index, and tfdyn plan says
	// DP203 for each (the gate).
	w.terraform("plan", "-refresh=false", "-out=norefresh.tfplan")
	raw, err := tftest.Command(w.env, w.dir, "show", "-json", "norefresh.tfplan").Output()
	require.NoError(t, err)
	var unrefreshed tfjson.Plan
	require.NoError(t, json.Unmarshal(raw, &unrefreshed))
	rep := w.check(&unrefreshed)
	var rebuilt []string
	for _, f := range rep.Findings {
		if f.Code == "DP203" {
			require.Contains(t, f.Detail, "without key_schema", f.Detail)
			rebuilt = append(rebuilt, f.Summary)
		}
	}
	t.Logf("provider 6 plan without refresh: action %s, %d DP203", rep.Tables[0].Action, len(rebuilt))
	require.Len(t, rebuilt, 4, "every index is rebuilt by an apply of this plan")

	p := w.plan(plancheck.RunOptions{})
	rep = w.check(p)
	var codes []string
	for _, f := range rep.Findings {
		codes = append(codes, f.Code)
	}
	t.Logf("first provider 6 plan: action %s, findings %v", rep.Tables[0].Action, codes)
	require.NotContains(t, codes, "DP203", "no index changes: nothing is rebuilt")
	require.NotContains(t, codes, "DP202")
	if rep.Tables[0].Action != "no-op" {
		require.Contains(t, codes, "DP406", "the churn is told apart")
	}
	out := w.terraform("apply", "-auto-approve")
	require.Equal(t, before, arns(), "the apply rebuilds no index:\n%s", out)
	p = w.plan(plancheck.RunOptions{})
	rep = w.check(p)
	codes = nil
	for _, f := range rep.Findings {
		codes = append(codes, f.Code)
	}
	t.Logf("provider 6 plan after the apply: action %s, findings %v", rep.Tables[0].Action, codes)
	if rep.Tables[0].Action != "no-op" {
		require.Equal(t, []string{"DP406"}, codes, strings.Join(codes, ","))
	}
	_ = emit.Provider6Constraint
}

package plancheck_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/plancheck"
)

// findingLines renders findings as "CODE address: summary".
func findingLines(rep *plancheck.Report) []string {
	var out []string
	for _, f := range rep.Findings {
		out = append(out, f.Code+" "+f.Address+": "+f.Summary)
	}
	return out
}

// TestGlobalTableRules: a replica removed (DP104), one recreated for
// another KMS key (DP104), a consistency mode change (DP105), a moved
// witness (DP105) and a shortened recovery period (DP106).
func TestGlobalTableRules(t *testing.T) {
	before := tableJSON("shop",
		`"arn": "arn:aws:dynamodb:us-east-1:1:table/shop"`,
		`"point_in_time_recovery": [{"enabled": true, "recovery_period_in_days": 35}]`,
		`"replica": [{"region_name": "eu-west-1", "consistency_mode": "EVENTUAL"}, {"region_name": "us-west-2", "kms_key_arn": "arn:aws:kms:us-west-2:1:key/a", "consistency_mode": "EVENTUAL"}, {"region_name": "us-east-2"}]`,
		`"global_table_witness": []`)
	after := tableJSON("shop",
		`"arn": "arn:aws:dynamodb:us-east-1:1:table/shop"`,
		`"point_in_time_recovery": [{"enabled": true, "recovery_period_in_days": 7}]`,
		`"replica": [{"region_name": "us-west-2", "kms_key_arn": "arn:aws:kms:us-west-2:1:key/b", "consistency_mode": "EVENTUAL"}, {"region_name": "us-east-2", "consistency_mode": "STRONG"}]`,
		`"global_table_witness": [{"region_name": "us-east-1"}]`)
	rep, err := plancheck.CheckPlan(decodePlan(t, planWith(change(`["update"]`, before, after, `{}`, ""))), plancheck.Options{})
	require.NoError(t, err)
	require.Equal(t, []string{
		`DP104 aws_dynamodb_table.t: Replica in eu-west-1 of table "shop" is removed`,
		`DP104 aws_dynamodb_table.t: Replica in us-west-2 of table "shop" is recreated`,
		`DP105 aws_dynamodb_table.t: Consistency mode of table "shop" changes from EVENTUAL to STRONG`,
		`DP105 aws_dynamodb_table.t: Witness region of table "shop" changes`,
		`DP106 aws_dynamodb_table.t: Recovery period of table "shop" is shortened from 35 to 7 days`,
	}, findingLines(rep))
}

// TestPolicyRemoved: DP206 names the policy resource and its table; a
// policy replaced (deleted and created again) is not a removal.
func TestPolicyRemoved(t *testing.T) {
	table := tableJSON("shop", `"arn": "arn:aws:dynamodb:us-east-1:1:table/shop"`)
	policy := func(actions, after string) string {
		return `{"address": "aws_dynamodb_resource_policy.t", "mode": "managed", "type": "aws_dynamodb_resource_policy", "name": "t",
  "change": {"actions": ` + actions + `, "before": {"resource_arn": "arn:aws:dynamodb:us-east-1:1:table/shop", "policy": "{}"}, "after": ` + after + `, "after_unknown": {}}}`
	}
	rep, err := plancheck.CheckPlan(decodePlan(t, planWith(change(`["no-op"]`, table, table, `{}`, ""), policy(`["delete"]`, `null`))), plancheck.Options{})
	require.NoError(t, err)
	require.Equal(t, []string{`DP206 aws_dynamodb_resource_policy.t: The resource policy of table "shop" is removed`}, findingLines(rep))
	rep, err = plancheck.CheckPlan(decodePlan(t, planWith(change(`["no-op"]`, table, table, `{}`, ""),
		policy(`["delete", "create"]`, `{"resource_arn": "arn:aws:dynamodb:us-east-1:1:table/shop", "policy": "{}"}`))), plancheck.Options{})
	require.NoError(t, err)
	require.Empty(t, findingLines(rep))
}

// TestStandaloneGSIRules: an aws_dynamodb_global_secondary_index deleted is
// DP202 of its table, one whose key changes DP203, two created DP301.
func TestStandaloneGSIRules(t *testing.T) {
	table := tableJSON("shop", `"global_secondary_index": [{"name": "G1", "projection_type": "ALL", "key_schema": [{"attribute_name": "G1PK", "key_type": "HASH"}]}, {"name": "G2", "projection_type": "ALL", "key_schema": [{"attribute_name": "G2PK", "key_type": "HASH"}]}]`)
	gsi := func(name, actions, before, after string) string {
		return `{"address": "aws_dynamodb_global_secondary_index.` + name + `", "mode": "managed", "type": "aws_dynamodb_global_secondary_index", "name": "` + name + `",
  "change": {"actions": ` + actions + `, "before": ` + before + `, "after": ` + after + `, "after_unknown": {}}}`
	}
	idx := func(name, key string) string {
		return `{"table_name": "shop", "index_name": "` + name + `", "projection": [{"projection_type": "ALL"}], "key_schema": [{"attribute_name": "` + key + `", "attribute_type": "S", "key_type": "HASH"}]}`
	}
	rep, err := plancheck.CheckPlan(decodePlan(t, planWith(change(`["no-op"]`, table, table, `{}`, ""),
		gsi("g1", `["delete"]`, idx("G1", "G1PK"), `null`),
		gsi("g2", `["delete", "create"]`, idx("G2", "G2PK"), idx("G2", "OTHER")),
		gsi("g3", `["create"]`, `null`, idx("G3", "G3PK")),
		gsi("g4", `["create"]`, `null`, idx("G4", "G4PK")))), plancheck.Options{})
	require.NoError(t, err)
	require.Equal(t, []string{
		`DP202 aws_dynamodb_table.t: GSI "G1" of table "shop" is deleted`,
		`DP203 aws_dynamodb_table.t: GSI "G2" of table "shop" is deleted and re-created`,
		`DP301 aws_dynamodb_table.t: 3 GSIs of table "shop" are created in one apply`, // G2 is created again too
	}, findingLines(rep))
}

// TestCapBelowPeak: the planned cap of the table is below the read units
// the schema's workload needs at peak (DP207); a higher cap passes.
func TestCapBelowPeak(t *testing.T) {
	s := loadSchema(t, `table "t" {
  name          = "shop"
  partition_key = "PK"
}
entity "User" {
  attributes = { id = string }
  key {
    PK = "USER#${id}"
  }
  workload {
    items = 1000
  }
}
access_pattern "user" {
  entity = entity.User
  key {
    PK = "USER#${id}"
  }
  workload {
    rate      = 100
    peak_rate = 1000
  }
}
`)
	plan := func(read string) string {
		table := tableJSON("shop", `"on_demand_throughput": [{"max_read_request_units": `+read+`, "max_write_request_units": -1}]`)
		return planWith(change(`["no-op"]`, table, table, `{}`, ""))
	}
	rep, err := plancheck.CheckPlan(decodePlan(t, plan("400")), plancheck.Options{Schema: s})
	require.NoError(t, err)
	require.Equal(t, []string{`DP207 aws_dynamodb_table.t: Throughput cap of table "shop" is below the declared peak`,
		`DP404 aws_dynamodb_table.t: Table "shop" differs from the schema`}, findingLines(rep), "the schema declares no cap: DP404 says so too")
	require.Contains(t, rep.Findings[1].Detail, "max_read_request_units is 400 in the plan but uncapped in the schema")
	require.Contains(t, rep.Findings[0].Detail, "max_read_request_units = 400, and the workload the schema declares needs 500 request units per second")
	rep, err = plancheck.CheckPlan(decodePlan(t, plan("500")), plancheck.Options{Schema: s})
	require.NoError(t, err)
	require.Equal(t, []string{`DP404 aws_dynamodb_table.t: Table "shop" differs from the schema`}, findingLines(rep), "no DP207 at the peak")
}

// TestGSIRepresentationChurn: the same GSI written with key_schema against
// a refreshed state (hash_key, range_key and key_schema) whose plan the
// provider does not clear, as unknown capacities keep it (provider issue
// 46513), is DP406, a warning: the update finds the same key_schema and
// changes nothing. Against a state that holds hash_key and range_key alone
// (written by provider 5, planned with -refresh=false) the update compares
// the two forms and rebuilds the index: DP203. Another key is DP203 too.
func TestGSIRepresentationChurn(t *testing.T) {
	state := func(keySchema string) string {
		return tableJSON("shop", `"global_secondary_index": [{"name": "G1", "hash_key": "G1PK", "range_key": "G1SK", "key_schema": `+keySchema+`, "projection_type": "ALL", "read_capacity": 0, "write_capacity": 0}]`)
	}
	refreshed := state(`[{"attribute_name": "G1PK", "key_type": "HASH"}, {"attribute_name": "G1SK", "key_type": "RANGE"}]`)
	unrefreshed := state(`[]`)
	after := func(sk string) string {
		return tableJSON("shop", `"global_secondary_index": [{"name": "G1", "range_key": null, "projection_type": "ALL", "key_schema": [{"attribute_name": "G1PK", "key_type": "HASH"}, {"attribute_name": "`+sk+`", "key_type": "RANGE"}]}]`)
	}
	unknown := `{"global_secondary_index": [{"hash_key": true, "read_capacity": true, "write_capacity": true}]}`
	rep, err := plancheck.CheckPlan(decodePlan(t, planWith(change(`["update"]`, refreshed, after("G1SK"), unknown, ""))), plancheck.Options{})
	require.NoError(t, err)
	require.Equal(t, []string{`DP406 aws_dynamodb_table.t: Every GSI of table "shop" is planned as removed and added again, but none changes`}, findingLines(rep))
	require.Equal(t, plancheck.SeverityWarning, rep.Findings[0].Severity)

	rep, err = plancheck.CheckPlan(decodePlan(t, planWith(change(`["update"]`, unrefreshed, after("G1SK"), unknown, ""))), plancheck.Options{})
	require.NoError(t, err)
	require.Equal(t, []string{`DP203 aws_dynamodb_table.t: GSI "G1" of table "shop" is deleted and re-created`}, findingLines(rep))
	require.Contains(t, rep.Findings[0].Detail, "the state holds its key as hash_key/range_key without key_schema")

	rep, err = plancheck.CheckPlan(decodePlan(t, planWith(change(`["update"]`, refreshed, after("OTHER"), `{}`, ""))), plancheck.Options{})
	require.NoError(t, err)
	require.Equal(t, []string{`DP203 aws_dynamodb_table.t: GSI "G1" of table "shop" is deleted and re-created`}, findingLines(rep))
	require.Contains(t, rep.Findings[0].Detail, "its key changes from")
}

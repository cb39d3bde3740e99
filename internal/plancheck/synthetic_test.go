package plancheck_test

import (
	"fmt"
	"strings"
	"testing"

	tfjson "github.com/hashicorp/terraform-json"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/plancheck"
)

// Synthetic plans cover shapes that are awkward to produce live (odd and
// null values everywhere); the fixtures under testdata/plans are real.

func decodePlan(t *testing.T, src string) *tfjson.Plan {
	t.Helper()
	p, err := plancheck.DecodePlanJSON(strings.NewReader(src))
	require.NoError(t, err)
	return p
}

func planWith(changes ...string) string {
	return `{"format_version": "1.2", "terraform_version": "1.11.4", "resource_changes": [` + strings.Join(changes, ",") + `]}`
}

// change renders a resource change of aws_dynamodb_table.t.
func change(actions, before, after, afterUnknown, extra string) string {
	return fmt.Sprintf(`{"address": "aws_dynamodb_table.t", "mode": "managed", "type": "aws_dynamodb_table", "name": "t",
  "change": {"actions": %s, "before": %s, "after": %s, "after_unknown": %s %s}}`, actions, before, after, afterUnknown, extra)
}

func tableJSON(name string, extra ...string) string {
	fields := append([]string{fmt.Sprintf(`"name": %q`, name), `"hash_key": "PK"`, `"billing_mode": "PAY_PER_REQUEST"`}, extra...)
	return "{" + strings.Join(fields, ", ") + "}"
}

// TestOddPlans feeds plans with null, missing, mistyped and unknown values
// everywhere: CheckPlan must not panic and must report what it can.
func TestOddPlans(t *testing.T) {
	odd := []string{
		change(`["update"]`, `null`, `null`, `null`, ""),
		change(`["update"]`, `{}`, `{}`, `true`, ""),
		change(`["update"]`, `"x"`, `[1,2]`, `"y"`, ""),
		change(`["update"]`, tableJSON("a", `"global_secondary_index": [null, {"name": 3}]`, `"ttl": null`, `"point_in_time_recovery": [null]`),
			tableJSON("a", `"global_secondary_index": "bad"`, `"ttl": [{}]`), `{"global_secondary_index": [true, {"key_schema": true}]}`, ""),
		change(`["delete", "create"]`, `null`, `null`, `null`, `, "replace_paths": [["name"], 7, [["x"]]]`),
		change(`["create"]`, `null`, `{}`, `{"name": true, "hash_key": true}`, ""),
		change(`["no-op"]`, tableJSON("b", `"global_secondary_index": [{"name": "G", "key_schema": [{"attribute_name": null, "key_type": 5}]}]`),
			tableJSON("b", `"global_secondary_index": [{"name": "G", "key_schema": [{"attribute_name": null, "key_type": 5}]}]`), `{}`, ""),
	}
	for i, c := range odd {
		plan := decodePlan(t, planWith(c))
		rep, err := plancheck.CheckPlan(plan, plancheck.Options{})
		require.NoError(t, err, "plan %d", i)
		require.Len(t, rep.Tables, 1, "plan %d", i)
	}
	_, err := plancheck.CheckPlan(nil, plancheck.Options{})
	require.Error(t, err)
}

// TestUnknownValues: values known only after apply are reported
// conservatively, with "unknown until apply".
func TestUnknownValues(t *testing.T) {
	before := tableJSON("shop",
		`"stream_enabled": true`, `"stream_view_type": "NEW_IMAGE"`,
		`"ttl": [{"enabled": true, "attribute_name": "exp"}]`,
		`"point_in_time_recovery": [{"enabled": true}]`,
		`"global_secondary_index": [{"name": "G1", "hash_key": "G1PK", "projection_type": "ALL"}, {"name": "G2", "hash_key": "G2PK", "projection_type": "ALL"}]`)
	after := tableJSON("shop",
		`"stream_enabled": true`,
		`"ttl": [{"enabled": true}]`,
		`"point_in_time_recovery": [{}]`,
		`"global_secondary_index": [{"name": "G1", "projection_type": "ALL"}, {"projection_type": "ALL", "hash_key": "X"}]`)
	unknown := `{"stream_view_type": true, "ttl": [{"attribute_name": true}], "point_in_time_recovery": [{"enabled": true}],
	  "global_secondary_index": [{"hash_key": true}, {"name": true}]}`
	rep, err := plancheck.CheckPlan(decodePlan(t, planWith(change(`["update"]`, before, after, unknown, ""))), plancheck.Options{})
	require.NoError(t, err)
	var got []string
	for _, f := range rep.Findings {
		got = append(got, f.Code+" "+f.Summary)
		require.Contains(t, f.Detail, "unknown until apply", f.Code)
	}
	require.Equal(t, []string{
		`DP103 Point-in-time recovery of table "shop" may be disabled`,
		`DP201 Stream of table "shop" may change`,
		`DP202 GSI "G2" of table "shop" may be deleted`,
		`DP203 GSI "G1" of table "shop" is deleted and re-created`,
		`DP205 Time to live of table "shop" may change`,
		`DP301 2 GSIs of table "shop" are created in one apply`,
	}, got)

	// An unknown name on a replacement.
	rep, err = plancheck.CheckPlan(decodePlan(t, planWith(change(`["delete", "create"]`, tableJSON("shop"), tableJSON(""), `{"name": true}`,
		`, "replace_paths": [["name"]]`))), plancheck.Options{})
	require.NoError(t, err)
	require.Len(t, rep.Findings, 1)
	require.Contains(t, rep.Findings[0].Detail, `the table name (name "shop" → (known after apply))`)
}

func TestDecodePlanJSONErrors(t *testing.T) {
	for in, msg := range map[string]string{
		"PK\x03\x04rest": "binary plan file",
		`{"format_version": "1.0", "values": {}}`:         "this is a state",
		`{"resource_changes": []}`:                        "no format_version",
		`not json`:                                        "not a JSON plan",
		`{"format_version": "9.0", "planned_values": {}}`: "unsupported plan format version",
	} {
		p, err := plancheck.DecodePlanJSON(strings.NewReader(in))
		if err == nil {
			_, err = plancheck.CheckPlan(p, plancheck.Options{})
		}
		require.ErrorContains(t, err, msg, in)
	}
}

// TestRuleVariants covers variants of the rules that the live tests do not
// produce: each case is one in-place update of aws_dynamodb_table.t.
func TestRuleVariants(t *testing.T) {
	for _, tc := range []struct {
		name          string
		before, after []string
		want          want
	}{
		{"stream disabled",
			[]string{`"stream_enabled": true`, `"stream_view_type": "NEW_IMAGE"`}, []string{`"stream_enabled": false`, `"stream_view_type": ""`},
			want{"DP201", "aws_dynamodb_table.t", []string{"Stream of table \"shop\" is disabled", "stream_enabled true → false"}}},
		{"ttl attribute changed",
			[]string{`"ttl": [{"enabled": true, "attribute_name": "exp"}]`}, []string{`"ttl": [{"enabled": true, "attribute_name": "expiresAt"}]`},
			want{"DP205", "aws_dynamodb_table.t", []string{`from "exp" to "expiresAt"`, "one TTL change per table per hour"}}},
		{"sse owned to managed",
			nil, []string{`"server_side_encryption": [{"enabled": true, "kms_key_arn": ""}]`},
			want{"DP403", "aws_dynamodb_table.t", []string{"from the AWS owned key to the AWS managed key"}}},
		{"billing to on-demand",
			[]string{`"billing_mode": "PROVISIONED"`}, []string{`"billing_mode": "PAY_PER_REQUEST"`},
			want{"DP402", "aws_dynamodb_table.t", []string{`from billing mode "PROVISIONED" to "PAY_PER_REQUEST"`}}},
		{"projection changed",
			[]string{`"global_secondary_index": [{"name": "G", "hash_key": "GPK", "projection_type": "KEYS_ONLY"}]`},
			[]string{`"global_secondary_index": [{"name": "G", "hash_key": "GPK", "projection_type": "INCLUDE", "non_key_attributes": ["b", "a"]}]`},
			want{"DP203", "aws_dynamodb_table.t", []string{`its projection changes from KEYS_ONLY to INCLUDE ("a", "b")`}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := tableJSON("shop", tc.before...)
			after := tableJSON("shop", tc.after...)
			if strings.Contains(before, `"billing_mode": "PROVISIONED"`) {
				before = strings.Replace(before, `"billing_mode": "PAY_PER_REQUEST", `, "", 1)
				after = strings.Replace(after, `"billing_mode": "PAY_PER_REQUEST", `, "", 1)
			}
			rep, err := plancheck.CheckPlan(decodePlan(t, planWith(change(`["update"]`, before, after, `{}`, ""))), plancheck.Options{})
			require.NoError(t, err)
			requireFindings(t, rep, tc.want)
		})
	}
}

// TestDriftMatching: schema tables are matched by name, else by the
// emitted resource or module name; a missing table is reported.
func TestDriftMatching(t *testing.T) {
	s := loadSchema(t, strings.ReplaceAll(baseTable, "LABEL", "app"))
	gsis := `"global_secondary_index": [{"name": "GSI1", "hash_key": "GSI1PK", "range_key": "GSI1SK", "projection_type": "ALL"}, {"name": "GSI2", "hash_key": "GSI2PK", "projection_type": "KEYS_ONLY"}]`
	planned := func(name string) string {
		return tableJSON(name, `"range_key": "SK"`, `"stream_enabled": true`, `"stream_view_type": "NEW_AND_OLD_IMAGES"`,
			`"ttl": [{"enabled": true, "attribute_name": "expiresAt"}]`, gsis,
			`"local_secondary_index": [{"name": "ByDate", "range_key": "orderDate", "projection_type": "ALL"}]`, `"table_class": "STANDARD"`)
	}
	at := func(addr, module, name, body string) string {
		return fmt.Sprintf(`{"address": %q, "module_address": %q, "mode": "managed", "type": "aws_dynamodb_table", "name": %q,
  "change": {"actions": ["no-op"], "before": %s, "after": %s, "after_unknown": {}}}`, addr, module, name, body, body)
	}
	// By emitted module name (module-call layout), with an overridden name.
	rep, err := plancheck.CheckPlan(decodePlan(t, planWith(at("module.app.aws_dynamodb_table.this", "module.app", "this", planned("shop-prod")))),
		plancheck.Options{Schema: s})
	require.NoError(t, err)
	requireFindings(t, rep)

	// By name, with a drifting key: hash_key differs.
	body := strings.Replace(planned("pc-app"), `"hash_key": "PK"`, `"hash_key": "pk"`, 1)
	rep, err = plancheck.CheckPlan(decodePlan(t, planWith(at("aws_dynamodb_table.other", "", "other", body))), plancheck.Options{Schema: s})
	require.NoError(t, err)
	requireFindings(t, rep, want{"DP404", "aws_dynamodb_table.other", []string{`hash_key is "pk" in the plan but "PK" in the schema (partition_key)`}})

	// Not in the plan at all.
	rep, err = plancheck.CheckPlan(decodePlan(t, planWith(at("aws_dynamodb_table.other", "", "other", planned("x")))), plancheck.Options{Schema: s})
	require.NoError(t, err)
	requireFindings(t, rep, want{"DP404", "", []string{`Table "pc-app" of the schema is not in the plan`}})
	require.NotNil(t, rep.Findings[0].Range)
}

package plancheck_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/plancheck"
)

// keptSchema is a table whose GSI "ByRegion" was removed with its pattern.
const keptSchema = `table "app" {
  name          = "pc-kept"
  partition_key = "PK"
  sort_key      = "SK"
}

entity "Order" {
  table = table.app
  attributes = {
    customer = string
    orderId  = string
  }
  key {
    PK = "CUSTOMER#${customer}"
    SK = "ORDER#${orderId}"
  }
}

access_pattern "orders_for_customer" {
  entity = entity.Order
  key {
    PK = "CUSTOMER#${customer}"
  }
}
`

// keptPlan is a no-op plan of table pc-kept that keeps GSI "ByRegion" (a
// multi-attribute key_schema GSI, provider 6 shape) at address addr, with
// the configuration given as the root module's JSON.
func keptPlan(addr, module, name, rootModule string, extraGSI string) string {
	gsis := `{"name": "ByRegion", "hash_key": "", "range_key": "", "key_schema": [{"attribute_name": "sellerId", "key_type": "HASH"}, {"attribute_name": "region", "key_type": "HASH"}, {"attribute_name": "orderDate", "key_type": "RANGE"}], "projection_type": "ALL", "non_key_attributes": []}` + extraGSI
	body := tableJSON("pc-kept", `"range_key": "SK"`, `"global_secondary_index": [`+gsis+`]`, `"local_secondary_index": []`,
		`"stream_enabled": false`, `"ttl": [{"enabled": false, "attribute_name": ""}]`, `"table_class": "STANDARD"`)
	return fmt.Sprintf(`{"format_version": "1.2", "terraform_version": "1.11.4",
 "resource_changes": [{"address": %q, "module_address": %q, "mode": "managed", "type": "aws_dynamodb_table", "name": %q,
  "change": {"actions": ["no-op"], "before": %s, "after": %s, "after_unknown": {}}}],
 "configuration": {"root_module": %s}}`, addr, module, name, body, body, rootModule)
}

// staticResource is the configuration of aws_dynamodb_table.NAME with
// static attribute blocks and the given global_secondary_index blocks.
func staticResource(name string, gsiNames ...string) string {
	var gsis []string
	for _, n := range gsiNames {
		gsis = append(gsis, fmt.Sprintf(`{"name": {"constant_value": %q}, "projection_type": {"constant_value": "ALL"}}`, n))
	}
	expr := `"attribute": [{"name": {"constant_value": "PK"}, "type": {"constant_value": "S"}}]`
	if len(gsis) > 0 {
		expr += `, "global_secondary_index": [` + strings.Join(gsis, ", ") + `]`
	}
	return fmt.Sprintf(`{"address": "aws_dynamodb_table.%s", "mode": "managed", "type": "aws_dynamodb_table", "name": %q, "expressions": {%s}}`, name, name, expr)
}

// TestGSIKept tells the provider keeping a GSI (DP405) from stale
// Terraform (DP404) by what the plan's configuration declares.
func TestGSIKept(t *testing.T) {
	s := loadSchema(t, keptSchema)
	check := func(t *testing.T, src string) *plancheck.Report {
		t.Helper()
		rep, err := plancheck.CheckPlan(decodePlan(t, src), plancheck.Options{Schema: s})
		require.NoError(t, err)
		return rep
	}
	dp405 := []string{`GSI "ByRegion" of table "pc-kept" stays: the provider does not plan its removal`,
		`partition key ("sellerId", "region"), sort key "orderDate"`,
		"The Terraform is not stale: emitting it again changes nothing",
		"last global_secondary_index block was removed", "hashicorp/terraform-provider-aws#47490",
		`aws dynamodb update-table --table-name pc-kept --global-secondary-index-updates '[{"Delete":{"IndexName":"ByRegion"}}]'`,
		`aws_dynamodb_global_secondary_index resource (an import block with id "pc-kept,ByRegion")`,
		`terraform apply -replace="aws_dynamodb_table.app" also drops it, but it deletes and re-creates the table: every item is lost`}

	t.Run("no GSI block left", func(t *testing.T) {
		rep := check(t, keptPlan("aws_dynamodb_table.app", "", "app", `{"resources": [`+staticResource("app")+`]}`, ""))
		requireFindings(t, rep, want{"DP405", "aws_dynamodb_table.app", dp405})
		f := rep.Findings[0]
		require.Equal(t, "hygiene", string(f.Family))
		require.True(t, f.Blocking())
		require.Equal(t, "app.tfdyn.hcl:1,1-12", f.Range.String())
	})
	t.Run("in a module for_each instance", func(t *testing.T) {
		root := `{"module_calls": {"db": {"source": "./db", "module": {"resources": [` + staticResource("app") + `]}}}}`
		rep := check(t, keptPlan(`module.db["eu.west"].aws_dynamodb_table.app`, `module.db["eu.west"]`, "app", root, ""))
		requireFindings(t, rep, want{"DP405", `module.db["eu.west"].aws_dynamodb_table.app`, dp405[:3]})
	})
	t.Run("module call of tfdyn emit --as module-call", func(t *testing.T) {
		root := `{"module_calls": {"app": {"source": "./modules/dynamodb-table", "expressions": {"global_secondary_indexes": {"constant_value": []}},
		  "module": {"resources": [{"address": "aws_dynamodb_table.this", "mode": "managed", "type": "aws_dynamodb_table", "name": "this", "expressions": {"name": {"references": ["var.name"]}}}]}}}}`
		rep := check(t, keptPlan("module.app.aws_dynamodb_table.this", "module.app", "this", root, ""))
		requireFindings(t, rep, want{"DP405", "module.app.aws_dynamodb_table.this", dp405[:3]})
	})
	t.Run("another GSI block remains", func(t *testing.T) {
		rep := check(t, keptPlan("aws_dynamodb_table.app", "", "app", `{"resources": [`+staticResource("app", "Other")+`]}`,
			`, {"name": "Other", "key_schema": [{"attribute_name": "o", "key_type": "HASH"}], "projection_type": "ALL"}`))
		requireFindings(t, rep,
			want{"DP404", "aws_dynamodb_table.app", []string{`GSI "Other" is in the plan but not in the schema`, "emit it again"}},
			want{"DP405", "aws_dynamodb_table.app", []string{`GSI "ByRegion" of table "pc-kept" stays`, "although the table keeps other global_secondary_index blocks"}})
		require.NotContains(t, rep.Findings[0].Detail, "ByRegion")
	})
	t.Run("stale Terraform still declares it", func(t *testing.T) {
		rep := check(t, keptPlan("aws_dynamodb_table.app", "", "app", `{"resources": [`+staticResource("app", "ByRegion")+`]}`, ""))
		requireFindings(t, rep, want{"DP404", "aws_dynamodb_table.app", []string{`GSI "ByRegion" is in the plan but not in the schema`,
			"The Terraform is stale or was edited by hand: emit it again"}})
		require.NotContains(t, rep.Findings[0].Detail, "DP405")
	})
	t.Run("dynamic blocks: configuration unknown", func(t *testing.T) {
		root := `{"resources": [{"address": "aws_dynamodb_table.app", "mode": "managed", "type": "aws_dynamodb_table", "name": "app", "expressions": {}}]}`
		rep := check(t, keptPlan("aws_dynamodb_table.app", "", "app", root, ""))
		requireFindings(t, rep, want{"DP404", "aws_dynamodb_table.app", []string{`GSI "ByRegion" is in the plan but not in the schema`,
			"the provider keeps it instead of deleting it: see DP405"}})
	})
	standalone := func(actions, before, after string) string {
		return strings.Replace(keptPlan("aws_dynamodb_table.app", "", "app", `{"resources": [`+staticResource("app")+`]}`, ""), `"resource_changes": [`,
			`"resource_changes": [{"address": "aws_dynamodb_global_secondary_index.by_region", "mode": "managed", "type": "aws_dynamodb_global_secondary_index", "name": "by_region",
			  "change": {"actions": `+actions+`, "before": `+before+`, "after": `+after+`, "after_unknown": {}}}, `, 1)
	}
	gsiRes := `{"table_name": "pc-kept", "index_name": "ByRegion"}`
	t.Run("managed by a standalone resource", func(t *testing.T) {
		rep := check(t, standalone(`["no-op"]`, gsiRes, gsiRes))
		requireFindings(t, rep, want{"DP404", "aws_dynamodb_table.app", []string{
			`GSI "ByRegion" is managed by aws_dynamodb_global_secondary_index.by_region but not in the schema`}})
		require.NotContains(t, rep.Findings[0].Detail, "in the plan but not in the schema")
	})
	t.Run("deleted by its standalone resource", func(t *testing.T) {
		// DP405's second apply: the index goes, which DP202 reports like the
		// removal of a block (acknowledge it: the schema no longer has it).
		requireFindings(t, check(t, standalone(`["delete"]`, gsiRes, `null`)), want{"DP202", "aws_dynamodb_table.app", []string{
			`GSI "ByRegion" of table "pc-kept" is deleted`, "with its resource aws_dynamodb_global_secondary_index.by_region"}})
	})
	t.Run("standalone resource of another table", func(t *testing.T) {
		other := `{"table_name": "other", "index_name": "ByRegion"}`
		requireFindings(t, check(t, standalone(`["no-op"]`, other, other)), want{"DP405", "aws_dynamodb_table.app", dp405[:1]})
	})
	t.Run("no configuration in the plan", func(t *testing.T) {
		src := strings.Replace(keptPlan("aws_dynamodb_table.app", "", "app", `{}`, ""), `"configuration": {"root_module": {}}`, `"configuration": null`, 1)
		rep := check(t, src)
		requireFindings(t, rep, want{"DP404", "aws_dynamodb_table.app", []string{`GSI "ByRegion" is in the plan but not in the schema`, "see DP405"}})
	})
}

// TestDriftMatchesPrefixedResource: a table emitted with --prefix blog_
// whose name differs from the schema's (a tfvars override) is found by its
// resource name aws_dynamodb_table.blog_app; "_app" is no prefix.
func TestDriftMatchesPrefixedResource(t *testing.T) {
	s := loadSchema(t, strings.Replace(keptSchema, `"pc-kept"`, `"pc-prod"`, 1))
	check := func(name string) *plancheck.Report {
		src := keptPlan("aws_dynamodb_table."+name, "", name, `{"resources": [`+staticResource(name, "ByRegion")+`]}`, "")
		rep, err := plancheck.CheckPlan(decodePlan(t, src), plancheck.Options{Schema: s})
		require.NoError(t, err)
		return rep
	}
	requireFindings(t, check("blog_app"), want{"DP404", "aws_dynamodb_table.blog_app", []string{`GSI "ByRegion" is in the plan but not in the schema`}})
	requireFindings(t, check("_app"), want{"DP404", "", []string{`Table "pc-prod" of the schema is not in the plan`}})
}

package plancheck

import (
	tfjson "github.com/hashicorp/terraform-json"

	"github.com/tfdyn/tfdyn/hclschema"
)

// DecodePlanJSONLimit is decodePlanJSON with a small limit, so that tests
// reach the size limit without reading 256 MiB.
var DecodePlanJSONLimit = decodePlanJSON

// DriftOf returns DP404's differences between spec s and the planned
// value of the plan's first aws_dynamodb_table change.
func DriftOf(p *tfjson.Plan, s hclschema.TableSpec) []string {
	var c *change
	for _, x := range changes(p) {
		if n := x.TableName(); n.Value == s.Name {
			c = x
		}
	}
	if c == nil {
		return nil // another table: DP404 reports it as not in the plan
	}
	d := tableDrift(s, withStandalone(c.After, standaloneDeclared(p)[c.TableName().Value]), nil)
	return append(d, policyDrift(s, policyOf(policies(p), c))...)
}

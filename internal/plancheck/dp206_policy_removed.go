package plancheck

import "fmt"

var dp206 = &Rule{
	Code: "DP206", Name: "resource-policy-removed", Family: Breaking, Severity: SeverityError,
	Title: "The resource policy of a table is removed",
	// DP206 runs once per plan (checkPolicies), on the policy resources.
}

// checkPolicies reports every aws_dynamodb_resource_policy the plan deletes
// without creating it again: the principals it granted lose their access,
// and what it denied is allowed again by identity policies.
func checkPolicies(ctx *checkContext) []Finding {
	var out []Finding
	for _, p := range policies(ctx.plan) {
		if !p.Deleted {
			continue
		}
		table := "its table"
		for _, c := range ctx.changes {
			if c.Before != nil && !c.Before.ARN.Unknown && c.Before.ARN.Value != "" && c.Before.ARN.Value == p.ResourceARN.Value {
				table = "table " + c.displayName()
			}
		}
		out = append(out, Finding{Code: dp206.Code, Family: dp206.Family, Severity: dp206.Severity, Address: p.Address,
			Summary: fmt.Sprintf("The resource policy of %s is removed", table),
			Detail: fmt.Sprintf("Terraform will delete %s (resource ARN %s): principals of other accounts that it granted access to lose it at once, and what it denied is allowed again by identity policies. Keep the policy in the schema (resource_policy), or acknowledge that access changes.",
				p.Address, p.ResourceARN)})
	}
	return out
}

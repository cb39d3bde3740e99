package plancheck

import "fmt"

var dp402 = &Rule{
	Code: "DP402", Name: "billing-mode-switch", Family: Hygiene, Severity: SeverityWarning,
	Title: "The billing mode switches between provisioned and on-demand",
	check: checkBilling,
}

func checkBilling(_ *checkContext, c *change) []note {
	if !c.updated() {
		return nil
	}
	b, a := c.Before.BillingMode, c.After.BillingMode
	if b.Value == "" || (!a.Unknown && (a.Value == "" || a.Value == b.Value)) {
		return nil
	}
	detail := fmt.Sprintf("Terraform will switch table %s from billing mode %s to %s. DynamoDB limits how often a table may switch capacity modes within 24 hours, so switching back may have to wait a day.", c.displayName(), b, a)
	if a.Value == "PROVISIONED" {
		detail += " Check that read_capacity and write_capacity (of the table and every GSI) cover the traffic, or requests are throttled."
	}
	if a.Unknown {
		detail = fmt.Sprintf("The billing mode of table %s is %s now and unknown until apply. If it switches, DynamoDB limits how often it may switch back within 24 hours.", c.displayName(), b)
	}
	return []note{{Summary: "Billing mode of table " + c.displayName() + " switches", Detail: detail}}
}

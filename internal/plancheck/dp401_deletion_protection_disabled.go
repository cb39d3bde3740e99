package plancheck

import "fmt"

var dp401 = &Rule{
	Code: "DP401", Name: "deletion-protection-disabled", Family: Hygiene, Severity: SeverityWarning,
	Title: "Deletion protection is disabled",
	check: checkDeletionProtection,
}

func checkDeletionProtection(_ *checkContext, c *change) []note {
	if !c.updated() || !c.Before.DeletionProtection.Value || c.After.DeletionProtection.Value {
		return nil
	}
	what := "will disable deletion protection on"
	if c.After.DeletionProtection.Unknown {
		what = "may disable deletion protection (the planned value is unknown until apply) on"
	}
	return []note{{
		Summary: "Deletion protection of table " + c.displayName() + " is disabled",
		Detail: fmt.Sprintf("Terraform %s table %s (deletion_protection_enabled true → false). Nothing is lost by this change alone, but afterwards any destroy, replacement or DeleteTable call deletes the table and its items without a second check. Keep it enabled in production and disable it only in the apply before an intended deletion.",
			what, c.displayName()),
	}}
}

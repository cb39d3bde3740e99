package plancheck

import "fmt"

var dp103 = &Rule{
	Code: "DP103", Name: "pitr-disabled", Family: Destructive, Severity: SeverityError,
	Title: "Point-in-time recovery is disabled",
	check: checkPITR,
}

func checkPITR(_ *checkContext, c *change) []note {
	if !c.updated() || !c.Before.PITR.Value || c.After.PITR.Value {
		return nil
	}
	detail := fmt.Sprintf("Terraform will disable point-in-time recovery on table %s (point_in_time_recovery.enabled true → false). DynamoDB deletes the continuous backups at once: the table can no longer be restored to any earlier second, and enabling PITR again starts a new, empty recovery window.", c.displayName())
	summary := "Point-in-time recovery of table " + c.displayName() + " is disabled"
	if c.After.PITR.Unknown {
		summary = "Point-in-time recovery of table " + c.displayName() + " may be disabled"
		detail = fmt.Sprintf("Point-in-time recovery of table %s is enabled now and its planned value is unknown until apply. If it turns out false, DynamoDB deletes the continuous backups at once and the table can no longer be restored to an earlier second.", c.displayName())
	}
	return []note{{Summary: summary, Detail: detail}}
}

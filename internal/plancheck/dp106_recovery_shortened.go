package plancheck

import "fmt"

var dp106 = &Rule{
	Code: "DP106", Name: "recovery-period-shortened", Family: Destructive, Severity: SeverityError,
	Title: "The point-in-time recovery period is shortened",
	check: checkRecoveryShortened,
}

// checkRecoveryShortened reports a recovery period that gets shorter while
// point-in-time recovery stays on: the recovery points older than the new
// period are deleted.
func checkRecoveryShortened(_ *checkContext, c *change) []note {
	if !c.updated() || !c.Before.PITR.Value || c.After.PITR.Unknown || !c.After.PITR.Value {
		return nil
	}
	b, a := c.Before.RecoveryDays, c.After.RecoveryDays
	if b.Unknown || b.Value == 0 {
		return nil
	}
	if a.Unknown {
		return []note{{Summary: fmt.Sprintf("Recovery period of table %s may be shortened", c.displayName()),
			Detail: fmt.Sprintf("Point-in-time recovery of table %s keeps %d days now, and the planned period is unknown until apply. If it is shorter, DynamoDB deletes the recovery points older than the new period at once.", c.displayName(), b.Value)}}
	}
	if a.Value == 0 || a.Value >= b.Value {
		return nil
	}
	return []note{{Summary: fmt.Sprintf("Recovery period of table %s is shortened from %d to %d days", c.displayName(), b.Value, a.Value),
		Detail: fmt.Sprintf("Terraform will shorten the point-in-time recovery period of table %s from %d to %d days (point_in_time_recovery.recovery_period_in_days): the table can no longer be restored to a time more than %d days back, and lengthening the period again does not bring those recovery points back.", c.displayName(), b.Value, a.Value, a.Value)}}
}

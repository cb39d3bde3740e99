package plancheck

import "fmt"

var dp301 = &Rule{
	Code: "DP301", Name: "several-gsis-created", Family: DataDependent, Severity: SeverityWarning,
	Title: "Several global secondary indexes are created in one apply",
	check: checkSeveralGSIs,
}

func checkSeveralGSIs(_ *checkContext, c *change) []note {
	_, rebuilt, created := gsiDiff(c)
	all := append(append([]gsiDelta{}, created...), rebuilt...)
	if len(all) < 2 {
		return nil
	}
	unknown := ""
	for _, d := range all {
		if d.Maybe {
			unknown = " Some index names or keys are unknown until apply, so the count may be lower."
		}
	}
	return []note{{
		Summary: fmt.Sprintf("%d GSIs of table %s are created in one apply", len(all), c.displayName()),
		Detail: fmt.Sprintf("This apply creates GSIs %s on the existing table %s. DynamoDB creates one index per UpdateTable call and each new index backfills from every item before the next can start, so the apply runs for the sum of the backfills (minutes to hours on a large table) and a failure half-way leaves some indexes created. Consider adding one GSI per apply.%s",
			gsiNames(all), c.displayName(), unknown),
	}}
}

package plancheck

import "fmt"

var dp202 = &Rule{
	Code: "DP202", Name: "gsi-deleted", Family: Breaking, Severity: SeverityError,
	Title: "A global secondary index is deleted",
	check: checkGSIDeleted,
}

func checkGSIDeleted(_ *checkContext, c *change) []note {
	deleted, _, _ := gsiDiff(c)
	var out []note
	for _, d := range deleted {
		by := ""
		if d.Before.Standalone != "" {
			by = " with its resource " + d.Before.Standalone
		}
		detail := fmt.Sprintf("Terraform will delete GSI %q (%s) of table %s%s. Queries on the index fail as soon as the apply starts; creating it again later means a new backfill of the whole table.", d.Name, d.Before.keyString(), c.displayName(), by)
		summary := fmt.Sprintf("GSI %q of table %s is deleted", d.Name, c.displayName())
		if d.Maybe {
			summary = fmt.Sprintf("GSI %q of table %s may be deleted", d.Name, c.displayName())
			detail = fmt.Sprintf("Table %s has GSI %q (%s) and %s, so the plan cannot show that it is kept. If it is dropped, queries on it fail and re-creating it means a new backfill.", c.displayName(), d.Name, d.Before.keyString(), d.Why)
		}
		out = append(out, note{Summary: summary, Detail: detail})
	}
	return out
}

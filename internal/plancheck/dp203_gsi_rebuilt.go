package plancheck

import "fmt"

var dp203 = &Rule{
	Code: "DP203", Name: "gsi-rebuilt", Family: Breaking, Severity: SeverityError,
	Title: "A global secondary index's key or projection changes (delete, re-create, backfill)",
	check: checkGSIRebuilt,
}

func checkGSIRebuilt(_ *checkContext, c *change) []note {
	_, rebuilt, _ := gsiDiff(c)
	var out []note
	for _, d := range rebuilt {
		out = append(out, note{
			Summary: fmt.Sprintf("GSI %q of table %s is deleted and re-created", d.Name, c.displayName()),
			Detail: fmt.Sprintf("GSI %q of table %s is rebuilt because %s. DynamoDB cannot change a GSI's key or projection in place: the provider deletes the index and creates it again, and the new index backfills from every item in the table. Queries on %q fail from the delete until the backfill is done, which takes from minutes to hours depending on the table size.",
				d.Name, c.displayName(), d.Why, d.Name),
		})
	}
	return out
}

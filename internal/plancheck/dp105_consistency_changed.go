package plancheck

import "fmt"

var dp105 = &Rule{
	Code: "DP105", Name: "consistency-changed", Family: Destructive, Severity: SeverityError,
	Title: "The consistency mode or witness of a global table changes",
	check: checkConsistencyChanged,
}

// checkConsistencyChanged reports a replica whose consistency mode changes
// (DynamoDB fixes it when the global table is created: the provider
// recreates the replica) and a witness that is added, removed or moved.
func checkConsistencyChanged(_ *checkContext, c *change) []note {
	if !c.updated() || c.Before.ReplicasUnknown || c.After.ReplicasUnknown {
		return nil
	}
	var out []note
	before := map[string]replica{}
	for _, r := range c.Before.Replicas {
		before[r.Region.Value] = r
	}
	for _, a := range c.After.Replicas {
		b, ok := before[a.Region.Value]
		if !ok || a.Consistency.Unknown {
			continue
		}
		bm, am := modeOf(b.Consistency), modeOf(a.Consistency)
		if bm != am {
			out = append(out, note{Summary: fmt.Sprintf("Consistency mode of table %s changes from %s to %s", c.displayName(), bm, am),
				Detail: fmt.Sprintf("The replica of table %s in %s changes consistency mode from %s to %s. DynamoDB fixes a global table's consistency mode when it is created, and strong consistency only from an empty table: the provider deletes the replica with its copy of the data and creates it again, and the apply fails when the table holds items. Keep the mode, or copy the items into a new global table created with it.",
					c.displayName(), a.Region.Value, bm, am)})
		}
	}
	b, a := c.Before.Witness, c.After.Witness
	if !a.Unknown && b.Value != a.Value {
		out = append(out, note{Summary: fmt.Sprintf("Witness region of table %s changes", c.displayName()),
			Detail: fmt.Sprintf("The witness of the strongly consistent global table %s changes from %s to %s: while it moves, the table has only two of its three regions, and a second failure stops strong consistency.", c.displayName(), orNone(b), orNone(a))})
	}
	return out
}

func modeOf(s strVal) string {
	if s.Value == "" {
		return "EVENTUAL"
	}
	return s.Value
}

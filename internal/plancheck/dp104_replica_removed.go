package plancheck

import "fmt"

var dp104 = &Rule{
	Code: "DP104", Name: "replica-removed", Family: Destructive, Severity: SeverityError,
	Title: "A replica of a global table is removed or recreated",
	check: checkReplicaRemoved,
}

// checkReplicaRemoved reports the replicas an update deletes (their region's
// copy of the data goes with them) and those it recreates because their KMS
// key changes.
func checkReplicaRemoved(_ *checkContext, c *change) []note {
	if !c.updated() || c.Before.ReplicasUnknown {
		return nil
	}
	after := map[string]replica{}
	unknown := c.After.ReplicasUnknown
	for _, r := range c.After.Replicas {
		if r.Region.Unknown {
			unknown = true
			continue
		}
		after[r.Region.Value] = r
	}
	var out []note
	for _, b := range c.Before.Replicas {
		region := b.Region.Value
		a, ok := after[region]
		switch {
		case !ok && unknown:
			out = append(out, note{Summary: fmt.Sprintf("Replica in %s of table %s may be removed", region, c.displayName()),
				Detail: fmt.Sprintf("Table %s has a replica in %s and its planned replicas are unknown until apply. If the replica is dropped, DynamoDB deletes it with its copy of every item, and readers and writers in %s lose the table.", c.displayName(), region, region)})
		case !ok:
			out = append(out, note{Summary: fmt.Sprintf("Replica in %s of table %s is removed", region, c.displayName()),
				Detail: fmt.Sprintf("Terraform will remove the replica of table %s in %s: DynamoDB deletes it with its copy of every item, and readers and writers in %s lose the table. Adding it again copies the whole table anew.", c.displayName(), region, region)})
		case !a.KMSKey.Unknown && b.KMSKey.Value != "" && a.KMSKey.Value != b.KMSKey.Value:
			out = append(out, note{Summary: fmt.Sprintf("Replica in %s of table %s is recreated", region, c.displayName()),
				Detail: fmt.Sprintf("The KMS key of the replica of table %s in %s changes from %s to %s, which the provider applies by deleting the replica with its data and creating it again: reads and writes in %s fail until DynamoDB has copied the table again.", c.displayName(), region, b.KMSKey, orNone(a.KMSKey), region)})
		}
	}
	return out
}

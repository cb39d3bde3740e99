package plancheck

import "fmt"

var dp205 = &Rule{
	Code: "DP205", Name: "ttl-changed", Family: Breaking, Severity: SeverityError,
	Title: "Time to live is disabled or moves to another attribute",
	check: checkTTL,
}

func checkTTL(_ *checkContext, c *change) []note {
	if !c.updated() || !c.Before.TTLEnabled.Value {
		return nil
	}
	b, a := c.Before, c.After
	name := c.displayName()
	const hour = " DynamoDB allows one TTL change per table per hour, so a rollback has to wait."
	switch {
	case a.TTLEnabled.Unknown || a.TTLAttribute.Unknown:
		return []note{{Summary: "Time to live of table " + name + " may change",
			Detail: fmt.Sprintf("Time to live of table %s is enabled on attribute %s and the planned setting is unknown until apply. If it is disabled or moves, items stop expiring through %s.%s", name, b.TTLAttribute, b.TTLAttribute, hour)}}
	case !a.TTLEnabled.Value:
		return []note{{Summary: "Time to live of table " + name + " is disabled",
			Detail: fmt.Sprintf("Terraform will disable time to live on table %s (ttl.enabled true → false, attribute %s). Items stop expiring, so the table keeps growing and readers that rely on expiry see stale items.%s", name, b.TTLAttribute, hour)}}
	case a.TTLAttribute.Value != b.TTLAttribute.Value:
		return []note{{Summary: "Time to live of table " + name + " moves to another attribute",
			Detail: fmt.Sprintf("Terraform will change the time-to-live attribute of table %s from %s to %s. Items that carry only %s stop expiring; writers must set %s.%s", name, b.TTLAttribute, a.TTLAttribute, b.TTLAttribute, a.TTLAttribute, hour)}}
	}
	return nil
}

package plancheck

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

var dp406 = &Rule{
	Code: "DP406", Name: "gsi-representation-churn", Family: Hygiene, Severity: SeverityWarning,
	Title: "Every GSI block is removed and added again, but no index changes (provider 6 key_schema against hash_key state)",
	check: checkGSIChurn,
}

// checkGSIChurn reports an update whose global_secondary_index set changes
// although no GSI changes what DynamoDB has: the same names, keys,
// projections, included attributes, capacities, caps and warm throughput
// before and after. That is how hashicorp/aws 6 plans GSIs written with
// key_schema blocks against a refreshed state that also holds hash_key and
// range_key, when a planned value is unknown (an upgrade from provider 5
// output; provider issue 46513): the plan shows each block removed and
// added, and the apply makes no DynamoDB call. A real change of a GSI, or
// a state without key_schema that the update would rebuild from
// (representationRebuild), is DP202 or DP203 instead.
func checkGSIChurn(_ *checkContext, c *change) []note {
	if !c.updated() || c.Before.GSIsUnknown || c.After.GSIsUnknown || c.After.unknownGSIName() {
		return nil
	}
	before := rawGSIs(c.rc.Change.Before)
	after := rawGSIs(c.rc.Change.After)
	if len(before) == 0 || before == after {
		return nil
	}
	deleted, rebuilt, created := gsiDiff(c)
	if len(deleted)+len(rebuilt)+len(created) > 0 || len(c.Before.GSIs) != len(c.After.GSIs) {
		return nil
	}
	var names []string
	for _, b := range c.Before.GSIs {
		a := c.After.gsi(b.Name.Value)
		if a == nil || !sameIndex(b, *a) {
			return nil
		}
		names = append(names, fmt.Sprintf("%q", b.Name.Value))
	}
	sort.Strings(names)
	return []note{{
		Summary: fmt.Sprintf("Every GSI of table %s is planned as removed and added again, but none changes", c.displayName()),
		Detail: fmt.Sprintf("The plan replaces the global_secondary_index blocks of table %s (%s) with blocks of the same names, keys, projections and capacities. This is how hashicorp/aws 6 plans GSIs written with key_schema blocks against a state that also holds them with hash_key and range_key when a planned value is unknown, as after a move from tfdyn emit --provider 5 to provider 6 output (provider issue 46513): the state and the plan have the same key_schema, and the apply makes no DynamoDB call and rebuilds nothing. A GSI whose key or projection really changes is reported as DP203. See docs/upgrade-provider-6.md.",
			c.displayName(), strings.Join(names, ", ")),
	}}
}

// sameIndex reports whether two planned GSIs declare the same index.
func sameIndex(b, a gsi) bool {
	return !a.KeysUnknown && sameStrings(a.Hash, b.Hash) && sameStrings(a.Range, b.Range) &&
		!a.Projection.Unknown && a.Projection == b.Projection && sameStrings(a.NonKey, b.NonKey) &&
		sameThroughput(a.OnDemand, b.OnDemand) && (!a.Warm.Set || sameThroughput(a.Warm, b.Warm)) &&
		sameCapacity(a.ReadCapacity, b.ReadCapacity) && sameCapacity(a.WriteCapacity, b.WriteCapacity)
}

// sameCapacity compares planned capacities; unknown is taken as unchanged
// (the provider keeps a computed capacity).
func sameCapacity(a, b intVal) bool { return a.Unknown || b.Unknown || a.Value == b.Value }

func sameThroughput(a, b throughput) bool {
	if a.Unknown || b.Unknown {
		return true
	}
	norm := func(t throughput, side intVal) int64 {
		if side.Unknown || side.Value < 0 {
			return 0
		}
		return side.Value
	}
	return norm(a, a.Read) == norm(b, b.Read) && norm(a, a.Write) == norm(b, b.Write)
}

// rawGSIs is the global_secondary_index value of a plan side as JSON.
func rawGSIs(v any) string {
	m, ok := v.(map[string]any)
	if !ok {
		return ""
	}
	b, _ := json.Marshal(m["global_secondary_index"])
	return string(b)
}
